/** Turns every run of whitespace (tabs, newlines, no-break spaces) into one space and trims (SPEC §5). */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The type `emptyStringsToNull` returns: every string may have become null. */
export type EmptyStringsToNull<T> = T extends string
  ? T | null
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T]: EmptyStringsToNull<T[K]> }
      : T;

/**
 * Replaces strings that are empty or only whitespace with null, deep through plain objects
 * and arrays, so a blank form field reaches the API as "no value" (SPEC §5). Returns a copy;
 * non-blank strings are kept as typed, and class instances such as Date or File pass through.
 */
export function emptyStringsToNull<T>(value: T): EmptyStringsToNull<T> {
  return blankToNull(value) as EmptyStringsToNull<T>;
}

function blankToNull(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) return value.map(blankToNull);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blankToNull(item)]));
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
