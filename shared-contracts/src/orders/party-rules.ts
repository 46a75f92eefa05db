import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { emailProblem, nameProblem, phoneFormatProblem } from '../people/person-rules';
import { ORDER_CODES, ORDER_MESSAGES } from './constants';
import type { Address, Party } from './schemas';
import { usStateCode } from './us-states';
import { at, isBlank, type OrderViolation, violation } from './violations';

/** LV-1234 (SPEC §5: "Latvian post code format LV-1000"). */
export const LATVIAN_POST_CODE = /^LV-\d{4}$/;

/** SPEC §5 "Address ID valid": the address register's (VZD AIS) address codes are nine-digit numbers. */
export const ADDRESS_ID_PATTERN = /^\d{9}$/;

export interface PartyRuleOptions {
  /** Report missing required fields (the order is being completed), not only wrong ones. */
  complete: boolean;
}

/** A state of the United States, by its code or its name (us-states.ts). */
function isUsState(region: string | null | undefined): boolean {
  return usStateCode(region) !== null;
}

/** IBAN check with ibantools, spaces and case forgiven (`lv80 bank 0000 4351 9500 1`). */
export function isValidIban(value: string): boolean {
  const electronic = electronicFormatIBAN(value);
  return electronic !== null && isValidIBAN(electronic);
}

/**
 * SPEC §5 rules of a sender or receiver: names of Latin letters, dash, dot, apostrophe; phone
 * digits with a prefix (Latvian numbers 8 digits starting 2 or 6); valid e-mail; a valid IBAN;
 * the address rules. `path` is the party's property path, e.g. `orderLines[0].receiver`.
 */
export function partyViolations(
  party: Party | null | undefined,
  path: string,
  { complete }: PartyRuleOptions,
): OrderViolation[] {
  if (!party) return complete ? [violation(path, ORDER_MESSAGES.notNull, ORDER_CODES.notNull)] : [];
  const found: OrderViolation[] = [];
  const required = (field: string, value: string | null | undefined) => {
    if (complete && isBlank(value))
      found.push(violation(at(path, field), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
    return !isBlank(value);
  };

  if (required('name', party.name)) {
    const problem = nameProblem(party.name as string);
    if (problem) found.push(violation(at(path, 'name'), problem, ORDER_CODES.name));
  }
  const prefix = party.phonePrefix ?? '';
  if (required('phone', party.phone) || !isBlank(prefix)) {
    const problem = phoneFormatProblem(prefix, party.phone ?? '');
    if (problem) found.push(violation(at(path, problem.field), problem.message, ORDER_CODES.phone));
  }
  for (const field of ['email', 'companyEmail'] as const) {
    const value = party[field];
    if (!isBlank(value)) {
      const problem = emailProblem(value as string);
      if (problem) found.push(violation(at(path, field), problem, ORDER_CODES.email));
    }
  }
  // Company names are free text; only their presence is a rule.
  if (party.company) required('companyName', party.companyName);
  if (!isBlank(party.iban) && !isValidIban(party.iban as string)) {
    found.push(violation(at(path, 'iban'), ORDER_MESSAGES.iban, ORDER_CODES.iban));
  }
  found.push(...addressViolations(party.address, at(path, 'address'), { complete }));
  return found;
}

/**
 * Address rules (SPEC §5): a two-letter country code; LV post codes LV-1234; a state for the
 * United States; a street address and city unless a parcel locker or post office was chosen; an
 * address ID (AIS code) of nine digits when one is given.
 */
export function addressViolations(
  address: Address | null | undefined,
  path: string,
  { complete }: PartyRuleOptions,
): OrderViolation[] {
  if (!address) return complete ? [violation(path, ORDER_MESSAGES.notNull, ORDER_CODES.notNull)] : [];
  const found: OrderViolation[] = [];
  const country = address.countryCode?.toUpperCase() ?? null;
  if (isBlank(country)) {
    if (complete) found.push(violation(at(path, 'countryCode'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
  } else if (!/^[A-Z]{2}$/.test(country as string)) {
    found.push(violation(at(path, 'countryCode'), ORDER_MESSAGES.countryCode, ORDER_CODES.countryCode));
  }
  const atLocation = !isBlank(address.serviceLocationId);
  if (complete && !atLocation) {
    for (const field of ['addressLine', 'city'] as const) {
      if (isBlank(address[field])) {
        found.push(violation(at(path, field), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
      }
    }
  }
  if (country === 'LV') {
    if (!isBlank(address.postCode) && !LATVIAN_POST_CODE.test((address.postCode as string).trim())) {
      found.push(violation(at(path, 'postCode'), ORDER_MESSAGES.latvianPostCode, ORDER_CODES.latvianPostCode));
    } else if (complete && !atLocation && isBlank(address.postCode)) {
      found.push(violation(at(path, 'postCode'), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
    }
  }
  if (country === 'US' && (complete || !isBlank(address.region)) && !isUsState(address.region)) {
    found.push(violation(at(path, 'region'), ORDER_MESSAGES.stateRequired, ORDER_CODES.stateRequired));
  }
  if (!isBlank(address.addressId) && !ADDRESS_ID_PATTERN.test((address.addressId as string).trim())) {
    found.push(violation(at(path, 'addressId'), ORDER_MESSAGES.addressId, ORDER_CODES.addressId));
  }
  return found;
}
