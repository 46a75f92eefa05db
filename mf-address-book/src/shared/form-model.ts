import { fieldErrorsOf, messagesByField } from '@portal/shared-contracts';
import { type ContactResource, type ContactWrite, contactViolations } from '@portal/shared-contracts/address-book';

/** The contact form's text fields, in the order they are shown. */
export const CONTACT_FIELDS = [
  'name',
  'companyName',
  'email',
  'countryCode',
  'phonePrefix',
  'phone',
  'addressLine',
  'city',
  'region',
  'postCode',
  'addressId',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFormValues = Record<ContactField, string> & { groupIds: string[] };

export const EMPTY_CONTACT: ContactFormValues = {
  ...(Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as Record<ContactField, string>),
  countryCode: 'LV',
  phonePrefix: '371',
  groupIds: [],
};

export function formValuesOf(contact: ContactResource): ContactFormValues {
  const values = { ...EMPTY_CONTACT };
  for (const field of CONTACT_FIELDS) values[field] = contact[field] ?? '';
  values.groupIds = contact.groups.map((group) => String(group.id));
  return values;
}

export function toContactWrite(values: ContactFormValues): ContactWrite {
  const body: ContactWrite = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    body[field] = value === '' ? null : value;
  }
  // An empty phone needs no prefix: the prefix alone is not a phone.
  if (!body.phone) body.phonePrefix = null;
  body.groupIds = values.groupIds.map(Number);
  return body;
}

/** The shared SPEC §5 rules' violations of the form's values (the contact form adapter's rules). */
export const contactFormViolations = (values: ContactFormValues) => contactViolations(toContactWrite(values));

/** The shared SPEC §5 rules, by field (first message of each): what the form shows before sending. */
export function clientErrors(values: ContactFormValues): Record<string, string> {
  return messagesByField(contactFormViolations(values));
}

/** The API's violations by field; a failure without violations under `''`. */
export function serverErrors(error: unknown): Record<string, string> {
  return fieldErrorsOf(error) ?? { '': error instanceof Error ? error.message : String(error) };
}
