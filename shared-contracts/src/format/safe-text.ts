/**
 * The one rule for every text the portal accepts (issue 19): no NUL character (PostgreSQL cannot
 * store it in text) and no unpaired UTF-16 surrogate (not a character at all: it cannot be encoded
 * as UTF-8). The API applies it to every string of every request (body, query, path); forms may
 * call it for instant feedback.
 */
export const UNSAFE_TEXT_MESSAGE = 'This value contains characters that are not allowed.';
export const UNSAFE_TEXT_CODE = 'INVALID_CHARACTERS';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * How deep a value may nest before the walk stops looking and reports it: the API's JSON parser
 * refuses deeper bodies before this runs (api/src/http/content-types.ts), so only a value built
 * some other way can reach it.
 */
export const MAX_TEXT_DEPTH = 64;

type PropertyPath = (string | number)[];

/**
 * The paths (`['orderLines', 0, 'notes']`) of every string, or object key, in `value` that breaks
 * the rule, in the order they stand. A container nested deeper than MAX_TEXT_DEPTH is reported at
 * its path as a whole. The walk keeps its own stack (issue 36 R5: a recursive walk overflowed
 * Node's call stack on 3,000 nested arrays, and copied each path once per level).
 */
export function findUnsafeText(value: unknown, path: PropertyPath = []): PropertyPath[] {
  const found: PropertyPath[] = [];
  // Last in, first out: children are pushed in reverse so that they are visited in order.
  const pending: { value: unknown; path: PropertyPath; unsafeKey?: true }[] = [{ value, path }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path: at } = next;
    if (next.unsafeKey || (typeof current === 'string' && !isSafeText(current))) {
      found.push(at);
    } else if (current !== null && typeof current === 'object') {
      if (at.length >= MAX_TEXT_DEPTH) {
        found.push(at);
        continue;
      }
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string | number, unknown];
        const unsafeKey = typeof key === 'string' && !isSafeText(key);
        pending.push(unsafeKey ? { value: item, path: [...at, key], unsafeKey } : { value: item, path: [...at, key] });
      }
    }
  }
  return found;
}

/**
 * The largest id (and count) a PostgreSQL `integer` column holds: every id a request names is
 * checked against it before the database sees it (a larger one is a caller's mistake, not a 500).
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * The range of a PostgreSQL `integer` column (every count, index and amount the portal stores is
 * one): request schemas bound each integer they accept by it (issue 36), and a test holds every
 * integer of the OpenAPI document's requests to it, so that no number reaches SQL that it refuses.
 */
export const MIN_DATABASE_INTEGER = -2_147_483_648;
export const MAX_DATABASE_INTEGER = MAX_DATABASE_ID;
