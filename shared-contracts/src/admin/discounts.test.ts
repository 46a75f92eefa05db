import { SERVER_MESSAGES_LV } from '../i18n/server-messages';
import {
  checkDiscount,
  conflictingDiscounts,
  DISCOUNT_CODES,
  DISCOUNT_MESSAGES,
  type DiscountInput,
  discountLeftCount,
  periodsOverlap,
} from './discounts';

const TODAY = '2026-05-10';
const input = (overrides: Partial<DiscountInput> = {}): DiscountInput => ({
  code: 'SPRING-10',
  kind: 'code',
  type: 'percentage',
  value: 1000,
  frequency: 'each',
  frequencyIndex: null,
  status: 'active',
  maxCount: null,
  leftCount: null,
  validFrom: TODAY,
  validTill: '2026-05-31',
  userType: 'all',
  ...overrides,
});
const codes = (overrides: Partial<DiscountInput>, previous?: { validFrom: string | null }) =>
  checkDiscount(input(overrides), TODAY, previous).map((violation) => [violation.propertyPath, violation.code]);

describe('checkDiscount (SPEC §5 Discounts)', () => {
  it('accepts a well-formed discount', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ kind: 'loyalty', userType: 'registered', frequencyIndex: 3 })).toEqual([]);
    expect(codes({ type: 'fixedPrice', value: 0, maxCount: 5, leftCount: 5 })).toEqual([]);
  });

  it('accepts only readable code characters', () => {
    for (const code of ['ŠĶĒRS', 'A B', 'X%', 'O\u200bO', '<b>']) {
      expect(codes({ code })).toEqual([['code', DISCOUNT_CODES.unreadableCode]]);
    }
    expect(codes({ code: 'x'.repeat(51) })).toEqual([['code', DISCOUNT_CODES.codeTooLong]]);
  });

  it('keeps the left count at or below the max count', () => {
    expect(codes({ maxCount: 3, leftCount: 4 })).toEqual([['leftCount', DISCOUNT_CODES.leftAboveMax]]);
    expect(codes({ maxCount: 3, leftCount: 3 })).toEqual([]);
  });

  it('refuses date-to before date-from and periods in the past, but lets a running discount keep its start', () => {
    expect(codes({ validFrom: '2026-06-02', validTill: '2026-06-01' })).toEqual([
      ['validTill', DISCOUNT_CODES.tillBeforeFrom],
    ]);
    expect(codes({ validFrom: '2026-04-01', validTill: '2026-05-09' })).toEqual([
      ['validTill', DISCOUNT_CODES.pastPeriod],
    ]);
    expect(codes({ validFrom: '2026-05-01' })).toEqual([['validFrom', DISCOUNT_CODES.pastPeriod]]);
    expect(codes({ validFrom: '2026-05-01' }, { validFrom: '2026-05-01' })).toEqual([]);
    expect(codes({ validFrom: '2026-02-30' })).toEqual([['validFrom', DISCOUNT_CODES.invalidDate]]);
  });

  it('needs N for loyalty and for Nth / after-N frequencies, and loyalty for registered users only', () => {
    expect(codes({ kind: 'loyalty', userType: 'registered' })).toEqual([
      ['frequencyIndex', DISCOUNT_CODES.frequencyIndexRequired],
    ]);
    expect(codes({ frequency: 'afterN', frequencyIndex: 0 })).toEqual([
      ['frequencyIndex', DISCOUNT_CODES.frequencyIndexRequired],
    ]);
    expect(codes({ kind: 'loyalty', frequencyIndex: 2 })).toEqual([['userType', DISCOUNT_CODES.loyaltyRegisteredOnly]]);
  });

  it('keeps percentages within 0.01–100 %', () => {
    expect(codes({ value: 10_001 })).toEqual([['value', DISCOUNT_CODES.valueRange]]);
    expect(codes({ value: 12.5 })).toEqual([['value', DISCOUNT_CODES.valueRange]]);
  });
});

describe('conflictingDiscounts', () => {
  const other = { id: 1, code: 'spring-10', kind: 'code' as const, status: 'active' as const };
  it('refuses an active code in an overlapping period, not in a separate one nor an inactive one', () => {
    const found = (validFrom: string, validTill: string, status: 'active' | 'inactive' = 'active') =>
      conflictingDiscounts(input(), [{ ...other, validFrom, validTill, status }]).map((violation) => violation.code);
    expect(found('2026-05-31', '2026-06-30')).toEqual([DISCOUNT_CODES.codeActiveInPeriod]);
    expect(found('2026-06-01', '2026-06-30')).toEqual([]);
    expect(found('2026-05-01', '2026-05-20', 'inactive')).toEqual([]);
  });

  it('refuses overlapping loyalty periods whatever their codes', () => {
    const loyalty = input({ kind: 'loyalty', code: 'LOYAL-B' });
    const others = [
      {
        id: 2,
        code: 'LOYAL-A',
        kind: 'loyalty' as const,
        status: 'active' as const,
        validFrom: null,
        validTill: '2026-05-10',
      },
    ];
    expect(conflictingDiscounts(loyalty, others).map((violation) => violation.code)).toEqual([
      DISCOUNT_CODES.loyaltyOverlap,
    ]);
    expect(conflictingDiscounts({ ...loyalty, validFrom: '2026-05-11' }, others)).toEqual([]);
  });

  it('compares open periods', () => {
    expect(periodsOverlap({ validFrom: null, validTill: null }, { validFrom: '2030-01-01', validTill: null })).toBe(
      true,
    );
    expect(discountLeftCount({ maxCount: 5, usageCount: 7 })).toBe(0);
    expect(discountLeftCount({ maxCount: null, usageCount: 7 })).toBeNull();
  });
});

it('has every message in Latvian', () => {
  for (const message of Object.values(DISCOUNT_MESSAGES))
    expect([message, SERVER_MESSAGES_LV[message]]).toEqual([message, expect.stringMatching(/\S/)]);
});
