import { ORDER_CODES, ORDER_MESSAGES } from '../orders/constants';
import { ADDRESS_ID_PATTERN, addressViolations } from '../orders/party-rules';
import { emailProblem, nameProblem, phoneFormatProblem } from '../people/person-rules';
import { isBlank, type RuleViolation, violation } from '../rules/violations';
import type { ContactWrite } from './schemas';

// SPEC §5 rules of an address-book contact. They are the rules of an order's parties (names,
// phones, e-mail, country code, LV post code, US state, address ID), called here so that a contact
// saved in the book is always one the order wizard accepts.

export const ADDRESS_BOOK_MESSAGES = {
  addressId: ORDER_MESSAGES.addressId,
  duplicate: 'A contact with this name, address and phone is already in the address book.',
  contactNotFound: 'Contact not found.',
  groupNotFound: 'Contact group not found.',
  groupExists: 'A group with this name already exists.',
} as const;

export const ADDRESS_BOOK_CODES = {
  addressId: ORDER_CODES.addressId,
  duplicate: 'DUPLICATE_CONTACT',
  groupNotFound: 'GROUP_NOT_FOUND',
  groupExists: 'DUPLICATE_GROUP',
} as const;

export { ADDRESS_ID_PATTERN };

/** Violations of a contact's fields; property paths are the contact's own (`name`, `postCode`…). */
export function contactViolations(contact: ContactWrite): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (isBlank(contact.name)) {
    found.push(violation('name', ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
  } else {
    const problem = nameProblem(contact.name as string);
    if (problem) found.push(violation('name', problem, ORDER_CODES.name));
  }
  const prefix = contact.phonePrefix ?? '';
  if (!isBlank(contact.phone) || !isBlank(prefix)) {
    const problem = phoneFormatProblem(prefix, contact.phone ?? '');
    if (problem) found.push(violation(problem.field, problem.message, ORDER_CODES.phone));
  }
  if (!isBlank(contact.email)) {
    const problem = emailProblem(contact.email as string);
    if (problem) found.push(violation('email', problem, ORDER_CODES.email));
  }
  const country = contact.countryCode?.trim().toUpperCase() ?? '';
  if (isBlank(country)) found.push(violation('countryCode', ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
  found.push(...addressViolations({ ...contact, countryCode: country || null }, '', { complete: false }));
  // A state is required for the United States even when the rest of the address is left out.
  if (country === 'US' && isBlank(contact.region) && !found.some((v) => v.propertyPath === 'region')) {
    found.push(violation('region', ORDER_MESSAGES.stateRequired, ORDER_CODES.stateRequired));
  }
  return found;
}

/** Lower case without diacritics: `Ēriks Bērziņš` → `eriks berzins` (search ignores diacritics). */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The fields two contacts must share to be the same contact: name, address and phone. */
export function duplicateKey(contact: ContactWrite): string {
  const part = (value: string | null | undefined) => foldForSearch((value ?? '').replace(/\s+/g, ' ').trim());
  return [
    contact.name,
    contact.countryCode,
    contact.addressLine,
    contact.city,
    contact.postCode,
    contact.phonePrefix,
    contact.phone,
  ]
    .map(part)
    .join('|');
}
