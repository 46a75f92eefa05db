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

/** The paths (`['orderLines', 0, 'notes']`) of every string, or object key, in `value` that breaks the rule. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => findUnsafeText(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isSafeText(key) ? findUnsafeText(item, [...path, key]) : [[...path, key]],
  );
}

/**
 * The largest id (and count) a PostgreSQL `integer` column holds: every id a request names is
 * checked against it before the database sees it (a larger one is a caller's mistake, not a 500).
 */
export const MAX_DATABASE_ID = 2_147_483_647;
