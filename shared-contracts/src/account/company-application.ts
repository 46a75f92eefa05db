import { isValidIban } from '../orders/party-rules';
import { emailProblem } from '../people/person-rules';
import type { RuleViolation } from '../rules/violations';
import { violation } from '../rules/violations';

// SPEC §1 "A company account is added through an application form", §5 (registration number of
// exactly 11 characters, IBAN valid): the rules of the application, for the API and the form.

/** SPEC §5 / §9: a company registration number has exactly 11 characters. */
export const COMPANY_REGISTRATION_NUMBER_LENGTH = 11;
export const MAX_COMPANY_APPLICATION_TEXT = 255;

/** Where an application is in its review: filed, then approved (an account exists) or rejected. */
export const COMPANY_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CompanyApplicationStatus = (typeof COMPANY_APPLICATION_STATUSES)[number];

export const COMPANY_APPLICATION_MESSAGES = {
  blank: 'This value should not be blank.',
  registrationNumber: 'The registration number must have exactly 11 characters.',
  vatNumber: 'This value is not a valid VAT number.',
  iban: 'Enter a valid bank account (IBAN).',
  email: 'This value is not a valid email address.',
  tooLong: 'This value can have at most {limit} characters.',
  notPending: 'This application has already been reviewed.',
} as const;

export interface CompanyApplicationInput {
  companyName?: string | null;
  registrationNumber?: string | null;
  vatNumber?: string | null;
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  iban?: string | null;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * The violations of an application body (paths are the field names). Registration number: exactly
 * 11 characters after trimming (letters and digits: Latvian numbers are 11 digits, the SPEC counts
 * characters). VAT number: two-letter country prefix then 2–18 letters or digits. IBAN checked
 * with ibantools, spaces forgiven.
 */
export function companyApplicationViolations(input: CompanyApplicationInput): RuleViolation[] {
  const found: RuleViolation[] = [];
  const required = ['companyName', 'registrationNumber', 'address', 'email', 'iban'] as const;
  for (const field of required) {
    if (blank(input[field])) found.push(violation(field, COMPANY_APPLICATION_MESSAGES.blank, 'IS_BLANK'));
  }
  for (const field of ['companyName', 'address', 'vatNumber', 'phone', 'email', 'iban'] as const) {
    const value = input[field];
    if (!blank(value) && (value as string).trim().length > MAX_COMPANY_APPLICATION_TEXT) {
      found.push(
        violation(field, COMPANY_APPLICATION_MESSAGES.tooLong, 'TOO_LONG', { limit: MAX_COMPANY_APPLICATION_TEXT }),
      );
    }
  }
  if (!blank(input.registrationNumber) && !isCompanyRegistrationNumber(input.registrationNumber as string)) {
    found.push(
      violation('registrationNumber', COMPANY_APPLICATION_MESSAGES.registrationNumber, 'INVALID_REGISTRATION_NUMBER'),
    );
  }
  if (!blank(input.vatNumber) && !/^[A-Z]{2}[A-Z0-9]{2,18}$/i.test((input.vatNumber as string).replace(/\s+/g, ''))) {
    found.push(violation('vatNumber', COMPANY_APPLICATION_MESSAGES.vatNumber, 'INVALID_VAT_NUMBER'));
  }
  if (!blank(input.email) && emailProblem(input.email as string)) {
    found.push(violation('email', COMPANY_APPLICATION_MESSAGES.email, 'INVALID_EMAIL'));
  }
  if (!blank(input.iban) && !isValidIban(input.iban as string)) {
    found.push(violation('iban', COMPANY_APPLICATION_MESSAGES.iban, 'INVALID_IBAN'));
  }
  return found;
}

/** Exactly 11 letters or digits (SPEC §5). */
export function isCompanyRegistrationNumber(value: string): boolean {
  return new RegExp(`^[A-Za-z0-9]{${COMPANY_REGISTRATION_NUMBER_LENGTH}}$`).test(value.trim());
}
