// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import { parseMoneyToCents } from '../format/money';
import { formatScaledInteger } from '../format/scaled-integer';

/**
 * Discount codes and loyalty discounts (SPEC §3 Discount, §4 Discount/loyalty, §5 Discounts): the
 * fields the back office edits and every rule a discount must keep. The API (admin routes) and the
 * admin form both call `checkDiscount`, so a rule is written once; the API adds the rules that need
 * the other discounts (`conflictingDiscounts`, fed from the database).
 */

export const DISCOUNT_KINDS = ['code', 'loyalty'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/** Percentage of the tariff, or a special (fixed) price. */
export const DISCOUNT_TYPES = ['percentage', 'fixedPrice'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Each shipment, the Nth shipment only, every shipment after N shipments. */
export const DISCOUNT_FREQUENCIES = ['each', 'nth', 'afterN'] as const;
export type DiscountFrequency = (typeof DISCOUNT_FREQUENCIES)[number];
export const DISCOUNT_STATUSES = ['active', 'inactive'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const DISCOUNT_USER_TYPES = ['registered', 'all'] as const;
export type DiscountUserType = (typeof DISCOUNT_USER_TYPES)[number];

export const DISCOUNT_CODE_MAX_LENGTH = 50;
/** Percentages are basis points: 10000 is 100 %. */
export const MAX_PERCENTAGE_BASIS_POINTS = 10_000;
/** A special price above 1000 EUR is a typing mistake, not a discount. */
export const MAX_FIXED_PRICE_CENTS = 100_000;

/** What the back office writes (`value`: basis points for percentage, cents for a special price). */
export interface DiscountInput {
  code: string;
  kind: DiscountKind;
  type: DiscountType;
  value: number;
  frequency: DiscountFrequency;
  /** N of "Nth shipment" / "after N shipments"; for a loyalty discount, the paid orders after which it is assigned. */
  frequencyIndex: number | null;
  status: DiscountStatus;
  /** How many uses in all; null: no limit. */
  maxCount: number | null;
  /** How many uses remain; null: max count less the uses so far. */
  leftCount: number | null;
  /** YYYY-MM-DD, both days included. */
  validFrom: string;
  validTill: string;
  userType: DiscountUserType;
}

/** A discount as the period rules compare it. */
export interface DiscountPeriod {
  id: number;
  code: string;
  kind: DiscountKind;
  status: DiscountStatus;
  validFrom: string | null;
  validTill: string | null;
}

export interface DiscountViolation {
  propertyPath: string;
  message: string;
  code: string;
}

/** A discount as the back office reads it (SPEC §3 Discount), with its left count: the API's answer. */
export const discountSchema = z.object({
  id: z.int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  type: z.enum(DISCOUNT_TYPES),
  /** Basis points for a percentage, cents for a special price. */
  value: z.int(),
  frequency: z.enum(DISCOUNT_FREQUENCIES),
  frequencyIndex: z.nullable(z.int()),
  status: z.enum(DISCOUNT_STATUSES),
  usageCount: z.int(),
  maxCount: z.nullable(z.int()),
  leftCount: z.nullable(z.int()),
  /** YYYY-MM-DD. */
  validFrom: z.nullable(z.string()),
  validTill: z.nullable(z.string()),
  userType: z.enum(DISCOUNT_USER_TYPES),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** Server messages (the screens translate them by their English text). */
export const DISCOUNT_MESSAGES = {
  unreadableCode: 'The code may contain only Latin letters A–Z, digits 0–9, "-" and "_".',
  codeRequired: 'Enter a code.',
  codeTooLong: `The code may have at most ${DISCOUNT_CODE_MAX_LENGTH} characters.`,
  percentageRange: 'A percentage must be from 0.01 to 100.',
  fixedPriceRange: 'A special price must be from 0.00 to 1000.00 EUR.',
  frequencyIndexRequired: 'Enter N, a whole number of 1 or more.',
  loyaltyRegisteredOnly: 'A loyalty discount is for registered users only.',
  maxCountRange: 'The maximum count must be a whole number of 1 or more.',
  leftAboveMax: 'The count left cannot be above the maximum count.',
  leftWithoutMax: 'Set a maximum count to set the count left.',
  leftRange: 'The count left must be a whole number of 0 or more.',
  invalidDate: 'Enter a valid date.',
  tillBeforeFrom: 'The end date cannot be before the start date.',
  pastPeriod: 'The period cannot lie in the past.',
  pastStart: 'The start date cannot be in the past.',
  codeActiveInPeriod: 'This code is already active in an overlapping period.',
  loyaltyOverlap: 'Another loyalty discount is active in an overlapping period.',
} as const;

export const DISCOUNT_CODES = {
  unreadableCode: 'DISCOUNT_CODE_UNREADABLE',
  codeRequired: 'DISCOUNT_CODE_REQUIRED',
  codeTooLong: 'DISCOUNT_CODE_TOO_LONG',
  valueRange: 'DISCOUNT_VALUE_INVALID',
  frequencyIndexRequired: 'DISCOUNT_FREQUENCY_INDEX_REQUIRED',
  loyaltyRegisteredOnly: 'DISCOUNT_LOYALTY_REGISTERED_ONLY',
  countRange: 'DISCOUNT_COUNT_INVALID',
  leftAboveMax: 'DISCOUNT_LEFT_ABOVE_MAX',
  invalidDate: 'DISCOUNT_DATE_INVALID',
  tillBeforeFrom: 'DISCOUNT_TILL_BEFORE_FROM',
  pastPeriod: 'DISCOUNT_PAST_PERIOD',
  codeActiveInPeriod: 'DISCOUNT_CODE_ACTIVE_IN_PERIOD',
  loyaltyOverlap: 'DISCOUNT_LOYALTY_OVERLAP',
} as const;

/**
 * Readable characters only (SPEC §5): Latin letters, digits, "-" and "_", so a code can be read out
 * over the phone and typed on any keyboard; no spaces, no diacritics, no look-alike symbols.
 */
const READABLE_CODE = /^[A-Za-z0-9_-]+$/;

/** Codes are compared without case and surrounding spaces; stored upper case. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isReadableDiscountCode(code: string): boolean {
  return READABLE_CODE.test(code.trim());
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

const wholeAtLeast = (value: number | null, min: number) => value !== null && Number.isInteger(value) && value >= min;

/**
 * Every rule of one discount on its own (SPEC §5 Discounts), `today` in Riga (YYYY-MM-DD).
 * `previous`: the stored discount being edited, whose start may already have passed (a running
 * discount can still be edited or ended, only not moved into the past).
 */
export function checkDiscount(
  input: DiscountInput,
  today: string,
  previous?: { validFrom: string | null } | null,
): DiscountViolation[] {
  const violations: DiscountViolation[] = [];
  const add = (propertyPath: string, message: string, code: string) => violations.push({ propertyPath, message, code });

  const code = input.code.trim();
  if (code === '') add('code', DISCOUNT_MESSAGES.codeRequired, DISCOUNT_CODES.codeRequired);
  else if (!isReadableDiscountCode(code)) add('code', DISCOUNT_MESSAGES.unreadableCode, DISCOUNT_CODES.unreadableCode);
  else if (code.length > DISCOUNT_CODE_MAX_LENGTH)
    add('code', DISCOUNT_MESSAGES.codeTooLong, DISCOUNT_CODES.codeTooLong);

  if (input.type === 'percentage') {
    if (!Number.isInteger(input.value) || input.value < 1 || input.value > MAX_PERCENTAGE_BASIS_POINTS) {
      add('value', DISCOUNT_MESSAGES.percentageRange, DISCOUNT_CODES.valueRange);
    }
  } else if (!Number.isInteger(input.value) || input.value < 0 || input.value > MAX_FIXED_PRICE_CENTS) {
    add('value', DISCOUNT_MESSAGES.fixedPriceRange, DISCOUNT_CODES.valueRange);
  }

  if ((input.kind === 'loyalty' || input.frequency !== 'each') && !wholeAtLeast(input.frequencyIndex, 1)) {
    add('frequencyIndex', DISCOUNT_MESSAGES.frequencyIndexRequired, DISCOUNT_CODES.frequencyIndexRequired);
  }
  if (input.kind === 'loyalty' && input.userType !== 'registered') {
    add('userType', DISCOUNT_MESSAGES.loyaltyRegisteredOnly, DISCOUNT_CODES.loyaltyRegisteredOnly);
  }

  if (input.maxCount !== null && !wholeAtLeast(input.maxCount, 1)) {
    add('maxCount', DISCOUNT_MESSAGES.maxCountRange, DISCOUNT_CODES.countRange);
  }
  if (input.leftCount !== null) {
    if (!wholeAtLeast(input.leftCount, 0)) add('leftCount', DISCOUNT_MESSAGES.leftRange, DISCOUNT_CODES.countRange);
    else if (input.maxCount === null) add('leftCount', DISCOUNT_MESSAGES.leftWithoutMax, DISCOUNT_CODES.leftAboveMax);
    else if (input.leftCount > input.maxCount) {
      add('leftCount', DISCOUNT_MESSAGES.leftAboveMax, DISCOUNT_CODES.leftAboveMax);
    }
  }

  const fromValid = isIsoDate(input.validFrom);
  const tillValid = isIsoDate(input.validTill);
  if (!fromValid) add('validFrom', DISCOUNT_MESSAGES.invalidDate, DISCOUNT_CODES.invalidDate);
  if (!tillValid) add('validTill', DISCOUNT_MESSAGES.invalidDate, DISCOUNT_CODES.invalidDate);
  if (fromValid && tillValid) {
    if (input.validTill < input.validFrom) {
      add('validTill', DISCOUNT_MESSAGES.tillBeforeFrom, DISCOUNT_CODES.tillBeforeFrom);
    } else if (input.validTill < today) {
      add('validTill', DISCOUNT_MESSAGES.pastPeriod, DISCOUNT_CODES.pastPeriod);
    } else if (input.validFrom < today && input.validFrom !== previous?.validFrom) {
      add('validFrom', DISCOUNT_MESSAGES.pastStart, DISCOUNT_CODES.pastPeriod);
    }
  }
  return violations;
}

/** Whether two periods (null ends: open) share at least one day. */
export function periodsOverlap(
  a: { validFrom: string | null; validTill: string | null },
  b: { validFrom: string | null; validTill: string | null },
): boolean {
  const startsBeforeEnd = (x: typeof a, y: typeof b) =>
    x.validFrom === null || y.validTill === null || x.validFrom <= y.validTill;
  return startsBeforeEnd(a, b) && startsBeforeEnd(b, a);
}

/**
 * The rules against the other discounts (SPEC §5): an active code may not be active again in an
 * overlapping period, and active loyalty periods may not overlap one another whatever workflows
 * they cover. An inactive discount conflicts with nothing. `others` excludes the one edited.
 */
export function conflictingDiscounts(
  input: Pick<DiscountInput, 'code' | 'kind' | 'status' | 'validFrom' | 'validTill'>,
  others: readonly DiscountPeriod[],
): DiscountViolation[] {
  if (input.status !== 'active') return [];
  const violations: DiscountViolation[] = [];
  const code = normaliseDiscountCode(input.code);
  const active = others.filter((other) => other.status === 'active' && periodsOverlap(input, other));
  if (active.some((other) => normaliseDiscountCode(other.code) === code)) {
    violations.push({
      propertyPath: 'code',
      message: DISCOUNT_MESSAGES.codeActiveInPeriod,
      code: DISCOUNT_CODES.codeActiveInPeriod,
    });
  }
  if (input.kind === 'loyalty' && active.some((other) => other.kind === 'loyalty')) {
    violations.push({
      propertyPath: 'validFrom',
      message: DISCOUNT_MESSAGES.loyaltyOverlap,
      code: DISCOUNT_CODES.loyaltyOverlap,
    });
  }
  return violations;
}

/** Uses left of a discount with a limit; null without one. */
export function discountLeftCount(discount: { maxCount: number | null; usageCount: number }): number | null {
  return discount.maxCount === null ? null : Math.max(0, discount.maxCount - discount.usageCount);
}

/**
 * The value as typed in the form (percent "12,5" or euros "3.20") in the stored unit: basis points
 * or cents. Both have two decimals, so the money parser reads either; null when it is no number.
 */
export function discountValueFromText(text: string): number | null {
  return parseMoneyToCents(text);
}

/** A stored value as the form shows it: "12,50" (percent) or "3,20" (euros). */
export function discountValueText(value: number): string {
  return formatScaledInteger(value, 2);
}
