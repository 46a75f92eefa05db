import {
  type ContactWrite,
  contactViolations,
  duplicateKey,
  foldForSearch,
} from '@portal/shared-contracts/address-book';
import type { Violation } from '../../http/problem';
import { phoneProblem } from '../identity';
import type { contacts } from './schema';

/** A contact's stored columns, checked and normalised (no id, account or timestamps). */
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'accountId' | 'createdAt'>;

/**
 * The SPEC §5 rules (shared with the screens) plus what only the API checks: the number belongs
 * to its prefix's country (libphonenumber-js). One place for the form's calls and the import's rows.
 */
export function checkContact(body: ContactWrite): { values: ContactValues } | { violations: Violation[] } {
  const values = normalised(body);
  const violations: Violation[] = contactViolations(values);
  if (values.phone && !violations.some((found) => found.propertyPath.startsWith('phone'))) {
    const problem = phoneProblem(values.phonePrefix ?? '371', values.phone);
    if (problem) violations.push({ propertyPath: 'phone', message: problem, code: 'INVALID_PHONE' });
  }
  if (violations.length > 0) return { violations };
  const search = [
    values.name,
    values.companyName,
    values.email,
    values.phone,
    `${values.phonePrefix ?? ''}${values.phone ?? ''}`,
    values.city,
    values.postCode,
  ]
    .filter(Boolean)
    .join(' ');
  return { values: { ...values, searchText: foldForSearch(search), duplicateKey: duplicateKey(values) } };
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Trimmed, blanks as null, codes upper case: what is checked is what is stored. */
function normalised(body: ContactWrite) {
  const countryCode = blankToNull(body.countryCode)?.toUpperCase() ?? null;
  const region = blankToNull(body.region);
  return {
    name: blankToNull(body.name) as string,
    companyName: blankToNull(body.companyName),
    email: blankToNull(body.email),
    countryCode: countryCode as string,
    phonePrefix: blankToNull(body.phonePrefix)?.replace(/^\+/, '') ?? (blankToNull(body.phone) ? '371' : null),
    phone: blankToNull(body.phone)?.replace(/\s/g, '') ?? null,
    addressLine: blankToNull(body.addressLine),
    city: blankToNull(body.city),
    region: countryCode === 'US' ? (region?.toUpperCase() ?? null) : region,
    postCode: blankToNull(body.postCode)?.toUpperCase() ?? null,
    addressId: blankToNull(body.addressId),
  };
}
