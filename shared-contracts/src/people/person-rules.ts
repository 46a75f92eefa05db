// SPEC §5 rules for people's names, phones and e-mail addresses, written once: the profile form
// (mf-account), the order flow, the API's identity module and the order rules all use these.
// The API adds one check the browser cannot afford: that a number belongs to its prefix's
// country (libphonenumber-js, api/src/modules/identity/model.ts).

export const NAME_MESSAGE = 'Names may contain only Latin letters, dash, dot and apostrophe.';
export const NAME_TOO_SHORT = 'This value is too short. It should have 2 characters or more.';
export const EMAIL_MESSAGE = 'This value is not a valid email address.';
export const DIGITS_MESSAGE = 'This value should contain digits only.';
export const PHONE_TOO_SHORT = 'The phone number is too short.';
export const LATVIAN_PHONE_MESSAGE = 'A Latvian phone number has 8 digits and starts with 2 or 6.';

/** Shortest name accepted (SPEC §5 "minimum name length"). */
export const MIN_NAME_LENGTH = 2;

/** Latin script letters (with Latvian and other diacritics), joined by dash, dot, apostrophe or space. */
export const NAME_PATTERN = /^\p{Script=Latin}+(?:[-.' ]+\p{Script=Latin}*)*$/u;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The message of the name rule the value breaks (after collapsing whitespace), or null. */
export function nameProblem(value: string): string | null {
  const name = value.replace(/\s+/g, ' ').trim();
  if (name.length < MIN_NAME_LENGTH) return NAME_TOO_SHORT;
  return NAME_PATTERN.test(name) ? null : NAME_MESSAGE;
}

export function emailProblem(value: string): string | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : EMAIL_MESSAGE;
}

/** SPEC §3: contact phones default to the Latvian dialling prefix; Latvian numbers have their own rule. */
export const LATVIAN_PHONE_PREFIX = '371';

/**
 * The phone rules both sides check (SPEC §5): prefix and number digits only, a minimum length (5 digits),
 * Latvian numbers (prefix 371) 8 digits starting with 2 or 6. An empty number is not checked
 * here (whether it is required is the caller's rule). Returns the field at fault and why, or null.
 */
export function phoneFormatProblem(
  prefix: string,
  number: string,
): { field: 'phonePrefix' | 'phone'; message: string } | null {
  if (!/^\d{1,4}$/.test(prefix)) return { field: 'phonePrefix', message: DIGITS_MESSAGE };
  if (number === '') return null;
  if (!/^\d+$/.test(number)) return { field: 'phone', message: DIGITS_MESSAGE };
  if (number.length < 5) return { field: 'phone', message: PHONE_TOO_SHORT };
  if (prefix === LATVIAN_PHONE_PREFIX && !/^[26]\d{7}$/.test(number))
    return { field: 'phone', message: LATVIAN_PHONE_MESSAGE };
  return null;
}
