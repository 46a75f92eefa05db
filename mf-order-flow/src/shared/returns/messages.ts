import type { Locale } from '@portal/shared-contracts';
import { ApplicationError } from '@portal/shared-contracts';
import type { ServerMessageSource } from '@portal/shared-contracts/i18n/server-messages';
import { RETURN_CODES, RETURN_MESSAGES } from '@portal/shared-contracts/returns';

const KEY_BY_CODE = new Map(
  (Object.entries(RETURN_CODES) as [keyof typeof RETURN_CODES, string][]).map(([key, code]) => [code, key]),
);

/**
 * What the API said about a return, in the interface language: the returns' own codes from their
 * catalogue in shared-contracts (RETURN_MESSAGES, the texts the API words them from); anything else
 * (bot check, network, sign-in) through the platform's server messages.
 */
export function returnMessage(
  said: ServerMessageSource,
  locale: Locale,
  translateServerMessage: (said: ServerMessageSource) => string,
): string {
  const key = said.code ? KEY_BY_CODE.get(said.code) : undefined;
  return key ? RETURN_MESSAGES[locale][key] : translateServerMessage(said);
}

/** A failed returns call: its violations by field (the first of each), and what to show for the call as a whole. */
export interface ReturnFailure {
  fields: Record<string, ServerMessageSource>;
  general: ServerMessageSource | null;
}

export function returnFailure(error: unknown): ReturnFailure {
  if (!(error instanceof ApplicationError)) {
    return { fields: {}, general: { message: error instanceof Error ? error.message : String(error) } };
  }
  const fields: Record<string, ServerMessageSource> = {};
  for (const violation of error.violations) fields[violation.propertyPath] ??= violation;
  return { fields, general: error.violations.length === 0 ? { message: error.message, code: error.code } : null };
}
