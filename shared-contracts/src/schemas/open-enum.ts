import * as z from 'zod/mini';

/**
 * The OpenAPI extension that says a list of values may grow within an API version (Zalando's
 * `x-extensible-enum`): a caller is told of a new value only once it chose it (a webhook endpoint's
 * events, an API key's scopes) or must take an unknown one as "something else" (what `/api/me`
 * lists). The compatibility check (api/src/http/api-compatibility.ts) lets such an answer widen.
 */
export const EXTENSIBLE_ENUM = 'x-extensible-enum';

/** An enum whose answers may gain values within a version (README "Versions"). */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).register(z.globalRegistry, { [EXTENSIBLE_ENUM]: true });
}
