import {
  DIGITS_MESSAGE,
  EMAIL_MESSAGE,
  LATVIAN_PHONE_MESSAGE,
  NAME_MESSAGE,
  NAME_PATTERN,
  NAME_TOO_SHORT,
  PHONE_TOO_SHORT,
  phoneFormatProblem,
} from '@portal/shared-contracts';
import { COMPANY_ROLES, companyApplicationViolations, ROLE_USER } from '@portal/shared-contracts/account';
import { LABEL_FORMATS } from '@portal/shared-contracts/orders';
import parsePhoneNumber from 'libphonenumber-js';
import { z } from 'zod';

// Validation of the sender profile (SPEC §5 names, phones, e-mail). Messages are English; the
// shell translates them by their text (shared-contracts/src/i18n/server-messages.ts).

// The name, e-mail and phone-format rules are shared with the browser (shared-contracts/src/people).
export { DIGITS_MESSAGE, EMAIL_MESSAGE, LATVIAN_PHONE_MESSAGE, NAME_MESSAGE, NAME_TOO_SHORT, PHONE_TOO_SHORT };
export const PREFIX_UNKNOWN = 'This phone prefix does not belong to any country.';
export const PHONE_COUNTRY_MISMATCH = "The phone number does not match the prefix's country.";
export const ONE_PRIVATE_ACCOUNT = 'Only one private account is allowed.';
export const COMPANY_THROUGH_APPLICATION = 'A company account is added through the application form.';

/** Default phone prefix of a contact (SPEC §3: Latvia). */
export const DEFAULT_PHONE_PREFIX = '371';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const trimmed = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value),
    z.string().max(max, `This value is too long. It should have ${max} characters or less.`),
  );

export const personName = trimmed(50).pipe(z.string().min(2, NAME_TOO_SHORT).regex(NAME_PATTERN, NAME_MESSAGE));

export const email = trimmed(180).pipe(z.email(EMAIL_MESSAGE));

const digits = (max: number) => z.string().max(max, `This value is too long.`).regex(/^\d+$/, DIGITS_MESSAGE);

export const eNotificationConsent = z.enum(['agree', 'disagree'], { error: 'Choose agree or disagree.' });

export const contactInput = z
  .strictObject({
    phonePrefix: z.preprocess(blankToNull, digits(4).nullable()).optional(),
    phone: z.preprocess(blankToNull, digits(15).nullable()).optional(),
    address: z.preprocess(blankToNull, trimmed(255).nullable()).optional(),
    returnParcelLocker: z.preprocess(blankToNull, trimmed(255).nullable()).optional(),
    eNotifications: eNotificationConsent.nullable().optional(),
  })
  .superRefine((contact, context) => {
    // Digits-only is the fields' own rule; the number rules apply once both are digits.
    if (!contact.phone || !/^\d+$/.test(contact.phone) || !/^\d*$/.test(contact.phonePrefix ?? '')) return;
    const problem = phoneProblem(contact.phonePrefix ?? DEFAULT_PHONE_PREFIX, contact.phone);
    if (problem)
      context.addIssue({ code: 'custom', path: ['phone'], message: problem, params: { code: 'INVALID_PHONE' } });
  });

export type ContactInput = z.output<typeof contactInput>;

/** Stored contact: every field present, the phone prefix defaulting to 371. */
export interface Contact {
  phonePrefix: string;
  phone: string | null;
  address: string | null;
  returnParcelLocker: string | null;
  eNotifications: 'agree' | 'disagree' | null;
}

export function toContact(stored: unknown): Contact {
  const value = (stored ?? {}) as Partial<Contact>;
  return {
    phonePrefix: value.phonePrefix || DEFAULT_PHONE_PREFIX,
    phone: value.phone ?? null,
    address: value.address ?? null,
    returnParcelLocker: value.returnParcelLocker ?? null,
    eNotifications: value.eNotifications ?? null,
  };
}

/**
 * SPEC §5 phones: digits only, long enough, the prefix a country calling code that the number
 * belongs to (libphonenumber-js), and Latvian numbers 8 digits starting with 2 or 6.
 * Returns the message of the first rule broken, or null.
 */
export function phoneProblem(prefix: string, number: string): string | null {
  if (!/^\d+$/.test(prefix) || !/^\d+$/.test(number)) return DIGITS_MESSAGE;
  const format = phoneFormatProblem(prefix, number);
  if (format) return format.message;
  if (prefix === '371') return null;
  const parsed = parsePhoneNumber(`+${prefix}${number}`);
  if (!parsed || parsed.countryCallingCode !== prefix) return PREFIX_UNKNOWN;
  return parsed.isValid() ? null : PHONE_COUNTRY_MISMATCH;
}

export const userPatch = z.strictObject({
  firstName: personName.optional(),
  lastName: personName.optional(),
});

export const accountPatch = z.strictObject({
  email: email.nullable().optional(),
  contact: contactInput.optional(),
  /** The default format of the account's label downloads (issue 20 item 4). */
  labelFormat: z.enum(LABEL_FORMATS, { error: 'The value you selected is not a valid choice.' }).optional(),
});

export const accountCreate = z
  .strictObject({
    type: z.enum(['private', 'company'], { error: 'Choose private or company.' }),
    email: email.nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.type === 'company') {
      context.addIssue({
        code: 'custom',
        path: ['type'],
        message: COMPANY_THROUGH_APPLICATION,
        params: { code: 'COMPANY_THROUGH_APPLICATION' },
      });
    }
  });

// Shape and normalising only (trimmed text, blanks as null); the rules (required fields, an
// 11-character registration number, VAT, e-mail, IBAN) are the shared ones the form also runs
// (`companyApplicationViolations`, @portal/shared-contracts/account), then the phone rules.
const applicationText = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.replace(/\s+/g, ' ').trim()) : value),
  z.string().max(1000, 'This value is too long.').nullable().optional(),
);

export const companyApplication = z
  .strictObject({
    companyName: applicationText,
    registrationNumber: applicationText,
    vatNumber: applicationText,
    email: applicationText,
    phonePrefix: z.preprocess(blankToNull, digits(4).nullable()).optional(),
    phone: z.preprocess(blankToNull, digits(15).nullable()).optional(),
    address: applicationText,
    iban: applicationText,
  })
  .superRefine((body, context) => {
    for (const found of companyApplicationViolations(body)) {
      context.addIssue({
        code: 'custom',
        path: [found.propertyPath],
        message: found.message,
        params: { code: found.code },
      });
    }
    if (!body.phone || !/^\d+$/.test(body.phone) || !/^\d*$/.test(body.phonePrefix ?? '')) return;
    const problem = phoneProblem(body.phonePrefix ?? DEFAULT_PHONE_PREFIX, body.phone);
    if (problem)
      context.addIssue({ code: 'custom', path: ['phone'], message: problem, params: { code: 'INVALID_PHONE' } });
  });

// Phone change (phone-change.ts): the shared rules of @portal/shared-contracts/account give the
// messages; these schemas only shape the bodies.
export const phoneVerificationRequest = z.strictObject({
  phonePrefix: z.preprocess((value) => value ?? DEFAULT_PHONE_PREFIX, z.string().max(8, 'This value is too long.')),
  // A missing number gets the rule's own message ("Enter the new phone number.").
  phone: z.preprocess((value) => value ?? '', z.string().max(32, 'This value is too long.')),
});

export const phoneVerificationConfirm = z.strictObject({
  code: z.string().max(32, 'This value is too long.').nullish(),
});

export const companyUserCreate = z.strictObject({
  email,
  role: z.enum(COMPANY_ROLES, { error: 'The value you selected is not a valid choice.' }).default(ROLE_USER),
});

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'This value should be a whole number.')
  .transform(Number);

export const idParams = z.object({ id: wholeNumber });

/** `/api/accounts/{id}/<things>/{itemId}`. */
export const nestedIdParams = z.object({ id: wholeNumber, itemId: wholeNumber });
