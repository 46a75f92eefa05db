// Client checks of the sender profile (SPEC §5), the same rules the API applies; the API also checks
// that a phone belongs to its prefix's country (libphonenumber-js) and its answer is shown per field.

const NAME_PATTERN = /^\p{Script=Latin}+(?:[-.' ]+\p{Script=Latin}*)*$/u;

export function nameError(value: string): string | null {
  const name = value.replace(/\s+/g, ' ').trim();
  if (name.length < 2) return 'This value is too short. It should have 2 characters or more.';
  return NAME_PATTERN.test(name) ? null : 'Names may contain only Latin letters, dash, dot and apostrophe.';
}

export function phoneError(prefix: string, phone: string): { field: 'phonePrefix' | 'phone'; message: string } | null {
  if (!/^\d{1,4}$/.test(prefix)) return { field: 'phonePrefix', message: 'This value should contain digits only.' };
  if (phone === '') return null;
  if (!/^\d+$/.test(phone)) return { field: 'phone', message: 'This value should contain digits only.' };
  if (prefix === '371' && !/^[26]\d{7}$/.test(phone)) {
    return { field: 'phone', message: 'A Latvian phone number has 8 digits and starts with 2 or 6.' };
  }
  if (phone.length < 5) return { field: 'phone', message: 'The phone number is too short.' };
  return null;
}

export function emailError(value: string): string | null {
  return value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)
    ? null
    : 'This value is not a valid email address.';
}
