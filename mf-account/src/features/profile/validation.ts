// Client checks of the sender profile (SPEC §5): the shared person rules of
// @portal/shared-contracts, which the API applies too; the API also checks that a phone belongs
// to its prefix's country (libphonenumber-js) and its answer is shown per field.
import { emailProblem, nameProblem, phoneFormatProblem } from '@portal/shared-contracts';

export function nameError(value: string): string | null {
  return nameProblem(value);
}

export function phoneError(prefix: string, phone: string): { field: 'phonePrefix' | 'phone'; message: string } | null {
  return phoneFormatProblem(prefix, phone);
}

export function emailError(value: string): string | null {
  return value === '' ? null : emailProblem(value);
}
