// UPU S10 item identifiers ("shipment numbers"), e.g. RR123456785LV. The rules are collected with
// their sources in ../shared/data/s10.md: 2 service-indicator letters, an 8-digit serial number,
// a check digit computed from the serial, and the ISO 3166-1 alpha-2 code of the issuing post.

import { isIssuingCountryCode } from './country-codes';

/** The country code of the numbers this portal issues (Latvijas Pasts). */
export const S10_HOME_COUNTRY = 'LV';

/** Weights applied to the 8 serial digits, left to right (s10.md "Check-digit algorithm"). */
const CHECK_DIGIT_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

const S10_SHAPE = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;
const SERIAL_SHAPE = /^\d{8}$/;
const SERVICE_INDICATOR_SHAPE = /^[A-Z]{2}$/;

/** The four parts of a well-formed S10 identifier. */
export interface S10Parts {
  serviceIndicator: string;
  serial: string;
  checkDigit: number;
  countryCode: string;
}

/** Why an identifier is not a valid S10 number; the tracking page shows a message per reason. */
export type S10InvalidReason = 'shape' | 'country' | 'checkDigit';

export type S10Validation =
  | { valid: true; number: string; parts: S10Parts }
  | { valid: false; number: string; reason: S10InvalidReason; message: string };

/** English messages (API language); the UI translates them by key or by the reason code. */
export const S10_MESSAGES: Record<S10InvalidReason, string> = {
  shape: 'A shipment number has 13 characters: 2 letters, 9 digits and 2 letters, for example RR123456785LV.',
  country: 'The last two letters of the shipment number are not a country code.',
  checkDigit: 'This shipment number is not valid: please check it for typing errors.',
};

/**
 * The check digit of an 8-digit serial: S = Σ digit × weight (8 6 4 2 3 5 9 7),
 * C = 11 − (S mod 11); C = 10 gives 0 and C = 11 gives 5.
 */
export function s10CheckDigit(serial: string): number {
  if (!SERIAL_SHAPE.test(serial)) throw new RangeError(`an S10 serial is 8 digits, got "${serial}"`);
  let sum = 0;
  for (let index = 0; index < CHECK_DIGIT_WEIGHTS.length; index++) {
    sum += Number(serial[index]) * CHECK_DIGIT_WEIGHTS[index]!;
  }
  const check = 11 - (sum % 11);
  if (check === 10) return 0;
  if (check === 11) return 5;
  return check;
}

/**
 * What people type or scan, made comparable: spaces and dashes removed, upper case
 * ("rr 123 456 785 lv" → "RR123456785LV").
 */
export function normaliseS10(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * Checks a typed or stored identifier (normalised first) without any lookup: the shape, the
 * country code, then the check digit, so the first thing wrong is the one reported.
 */
export function isValidS10(input: string): S10Validation {
  const number = normaliseS10(input);
  const match = S10_SHAPE.exec(number);
  if (!match) return invalid(number, 'shape');
  const [, serviceIndicator = '', serial = '', checkDigit = '', countryCode = ''] = match;
  if (!isIssuingCountryCode(countryCode)) return invalid(number, 'country');
  if (s10CheckDigit(serial) !== Number(checkDigit)) return invalid(number, 'checkDigit');
  return { valid: true, number, parts: { serviceIndicator, serial, checkDigit: Number(checkDigit), countryCode } };
}

function invalid(number: string, reason: S10InvalidReason): S10Validation {
  return { valid: false, number, reason, message: S10_MESSAGES[reason] };
}

/**
 * Builds an identifier from its service indicator and serial. The serial may be given as a
 * number (0 ≤ serial ≤ 99 999 999, e.g. from a database sequence) and is zero-padded.
 */
export function makeS10(serviceIndicator: string, serial: string | number, country: string = S10_HOME_COUNTRY): string {
  if (!SERVICE_INDICATOR_SHAPE.test(serviceIndicator)) {
    throw new RangeError(`an S10 service indicator is 2 capital letters, got "${serviceIndicator}"`);
  }
  if (!isIssuingCountryCode(country)) throw new RangeError(`"${country}" is not an ISO 3166-1 alpha-2 code`);
  const digits = typeof serial === 'number' ? serialFromNumber(serial) : serial;
  return `${serviceIndicator}${digits}${s10CheckDigit(digits)}${country}`;
}

function serialFromNumber(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0 || serial > 99_999_999) {
    throw new RangeError(`an S10 serial is an integer from 0 to 99999999, got ${serial}`);
  }
  return String(serial).padStart(8, '0');
}

/** Grouped for print and reading aloud, as labels show it: "RR 123 456 785 LV". */
export function formatS10(number: string): string {
  const normalised = normaliseS10(number);
  const match = S10_SHAPE.exec(normalised);
  if (!match) return normalised;
  const [, service, serial = '', check, country] = match;
  return `${service} ${serial.slice(0, 3)} ${serial.slice(3, 6)} ${serial.slice(6)}${check} ${country}`;
}

/** A range of S10 serials, both ends included. */
export interface S10SerialRange {
  first: number;
  last: number;
}

/**
 * The serials the portal gives live shipments (issue 38): 00000001–89999999. The top tenth of the
 * 8 digits, 90000000–99999999, is test mode's (`TEST_SERIALS`), so orders made with an integrator's
 * test key never use, and never leave gaps in, the live numbering.
 */
export const LIVE_SERIALS: S10SerialRange = { first: 1, last: 89_999_999 };
/** The serials of test-mode shipments (orders made with an `lvp_test_…` key; issue 38). */
export const TEST_SERIALS: S10SerialRange = { first: 90_000_000, last: 99_999_999 };

/** Whether a valid S10 number carries a test-mode serial (made with a test key, never a real item). */
export function isTestS10(input: string): boolean {
  const validation = isValidS10(input);
  if (!validation.valid) return false;
  const serial = Number(validation.parts.serial);
  return serial >= TEST_SERIALS.first && serial <= TEST_SERIALS.last;
}
