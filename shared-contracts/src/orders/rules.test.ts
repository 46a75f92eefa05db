import { APPROVAL_VIOLATION_CODES } from '../api/approval';
import { ORDER_CODES, ORDER_MESSAGES } from './constants';
import {
  contentTotals,
  contentViolations,
  customsFormForValue,
  type LineRuleContext,
  shipmentViolations,
} from './line-rules';
import { orderViolations } from './order-rules';
import { addressViolations, isValidIban, partyViolations } from './party-rules';
import {
  type CourierDayAvailability,
  courierPickUpViolations,
  isCourierSlotAvailable,
  isWorkingDay,
} from './pick-up-rules';
import { type OrderLineWrite, type OrderWrite, orderWriteSchema } from './schemas';

const context = (overrides: Partial<LineRuleContext> = {}): LineRuleContext => ({
  workflow: { maxInsuranceAmount: null, maxContentRows: 10 },
  contentStep: true,
  customs: true,
  complete: true,
  today: '2026-11-23',
  ...overrides,
});

const codes = (violations: { code: string }[]) => violations.map((found) => found.code);
const paths = (violations: { propertyPath: string }[]) => violations.map((found) => found.propertyPath);

const receiver = {
  name: "Jānis O'Brien-Bērziņš Jr.",
  phonePrefix: '371',
  phone: '21234567',
  email: 'janis@example.com',
  address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
};

describe('party rules', () => {
  it('accepts Latin names with dash, dot, apostrophe and diacritics', () => {
    expect(partyViolations(receiver, 'receiver', { complete: true })).toEqual([]);
  });

  it.each([
    ['Иван Петров', 'receiver.name', ORDER_CODES.name],
    ['J', 'receiver.name', ORDER_CODES.name],
    ['Anna_1', 'receiver.name', ORDER_CODES.name],
  ])('refuses the name %j', (name, path, code) => {
    const found = partyViolations({ ...receiver, name }, 'receiver', { complete: true });
    expect(found).toEqual([expect.objectContaining({ propertyPath: path, code })]);
  });

  it('checks phones: digits only, Latvian numbers 8 digits starting with 2 or 6', () => {
    const check = (phonePrefix: string, phone: string) =>
      partyViolations({ ...receiver, phonePrefix, phone }, 'r', { complete: true });
    expect(check('371', '61234567')).toEqual([]);
    expect(check('371', '31234567')[0]).toMatchObject({ propertyPath: 'r.phone', code: ORDER_CODES.phone });
    expect(check('371', '2123 4567')[0]?.message).toBe('This value should contain digits only.');
    expect(check('+1', '2025550123')[0]?.propertyPath).toBe('r.phonePrefix');
    expect(check('49', '1234')[0]?.message).toBe('The phone number is too short.');
  });

  it('reports missing required fields only when the order is completed', () => {
    expect(partyViolations({}, 'sender', { complete: false })).toEqual([]);
    expect(paths(partyViolations({}, 'sender', { complete: true }))).toEqual([
      'sender.name',
      'sender.phone',
      'sender.address',
    ]);
    expect(partyViolations(null, 'sender', { complete: true })).toEqual([
      expect.objectContaining({ propertyPath: 'sender', code: ORDER_CODES.notNull }),
    ]);
  });

  it('checks e-mail and IBAN (ibantools)', () => {
    expect(isValidIban('LV80 BANK 0000 4351 9500 1')).toBe(true);
    expect(isValidIban('LV80BANK0000435195002')).toBe(false);
    const found = partyViolations({ ...receiver, email: 'no-at-sign', iban: 'LV00XXXX' }, 'sender', {
      complete: true,
    });
    expect(codes(found)).toEqual([ORDER_CODES.email, ORDER_CODES.iban]);
  });

  it('wants a company name for a company', () => {
    expect(paths(partyViolations({ ...receiver, company: true }, 's', { complete: true }))).toEqual(['s.companyName']);
  });
});

describe('address rules', () => {
  it('wants LV post codes as LV-1234', () => {
    for (const postCode of ['1010', 'LV1010', 'LV-101', 'lv-1010']) {
      expect(codes(addressViolations({ ...receiver.address, postCode }, 'a', { complete: false }))).toEqual([
        ORDER_CODES.latvianPostCode,
      ]);
    }
  });

  it('needs a US state', () => {
    const us = { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701' };
    expect(codes(addressViolations(us, 'a', { complete: true }))).toEqual([ORDER_CODES.stateRequired]);
    expect(codes(addressViolations({ ...us, region: 'XX' }, 'a', { complete: false }))).toEqual([
      ORDER_CODES.stateRequired,
    ]);
    expect(addressViolations({ ...us, region: 'il' }, 'a', { complete: true })).toEqual([]);
  });

  it.each(['New York', 'new york', ' NEW  YORK ', 'NY', 'District of Columbia', 'U.S. Virgin Islands'])(
    'takes the US state %j by its name as by its code (issue 40)',
    (region) => {
      const us = { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701', region };
      expect(addressViolations(us, 'a', { complete: true })).toEqual([]);
    },
  );

  it('still refuses what is no US state', () => {
    const us = { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701' };
    for (const region of ['York', 'New Yorkshire', 'Ontario'])
      expect(codes(addressViolations({ ...us, region }, 'a', { complete: true }))).toEqual([ORDER_CODES.stateRequired]);
  });

  it('takes an address ID (AIS code) of nine digits, or none', () => {
    expect(addressViolations({ ...receiver.address, addressId: '101234567' }, 'a', { complete: true })).toEqual([]);
    for (const addressId of ['10123456', '1012345678', 'LV-101234']) {
      expect(addressViolations({ ...receiver.address, addressId }, 'a', { complete: false })).toEqual([
        { propertyPath: 'a.addressId', message: ORDER_MESSAGES.addressId, code: ORDER_CODES.addressId },
      ]);
    }
  });

  it('needs no street address at a parcel locker', () => {
    expect(addressViolations({ countryCode: 'LT', serviceLocationId: 'omniva-1' }, 'a', { complete: true })).toEqual(
      [],
    );
  });
});

const parcel = (overrides: Partial<OrderLineWrite> = {}): OrderLineWrite => ({
  workFlow: '/api/work_flows/1',
  attributes: { weight: 1200, countryCode: 'US', additionalServices: [] },
  content: [
    { name: 'Book', hsCode: '490199', countryCode: 'LV', quantity: 1, weight: 700, value: 2500 },
    { name: 'Scarf', hsCode: '611710', countryCode: 'LV', quantity: 2, weight: 500, value: 4000 },
  ],
  ...overrides,
});

describe('shipment rules', () => {
  it('asks to finish the selection through a null workflow', () => {
    const found = shipmentViolations(parcel({ workFlow: null }), 'orderLines[0]', context());
    expect(found).toEqual([
      { propertyPath: 'orderLines[0].workFlow', message: 'This value should not be null.', code: 'NOT_NULL' },
    ]);
  });

  it('wants insurance in whole euros of at least 1, and not above the workflow maximum', () => {
    const withInsurance = (amount: number | null, max: number | null = null) =>
      codes(
        shipmentViolations(
          parcel({
            attributes: { weight: 100, countryCode: 'LV', additionalServices: ['insurance'] },
            services: { insurance: { amount } },
          }),
          'l',
          context({ workflow: { maxInsuranceAmount: max, maxContentRows: 10 } }),
        ),
      );
    expect(withInsurance(50)).toEqual([ORDER_CODES.insuranceInvalid]);
    expect(withInsurance(150)).toEqual([ORDER_CODES.insuranceInvalid]);
    expect(withInsurance(null)).toEqual([ORDER_CODES.insuranceWithoutValue]);
    expect(withInsurance(100)).toEqual([]);
    expect(withInsurance(60_000, 50_000)).toEqual([ORDER_CODES.insuranceAboveMaximum]);
  });

  it('allows cash on delivery only with insurance and not above it', () => {
    const cod = (insurance: number | null, amount: number) =>
      codes(
        shipmentViolations(
          parcel({
            attributes: { weight: 100, countryCode: 'LV' },
            services: {
              insurance: insurance === null ? null : { amount: insurance },
              cashOnDelivery: { type: 'PNS', amount },
            },
          }),
          'l',
          context(),
        ),
      );
    expect(cod(null, 1000)).toEqual([ORDER_CODES.cashOnDeliveryWithoutInsurance]);
    expect(cod(1000, 1500)).toEqual([ORDER_CODES.cashOnDeliveryAboveInsurance]);
    expect(cod(2000, 1500)).toEqual([]);
  });
});

describe('content rules', () => {
  it('allows at most 10 content lines', () => {
    const item = { name: 'Sock', countryCode: 'LV', quantity: 1, weight: 100, value: 100 };
    const found = contentViolations(
      parcel({ attributes: { weight: 1100 }, content: Array.from({ length: 11 }, () => item) }),
      'l',
      context(),
    );
    expect(found[0]).toMatchObject({ propertyPath: 'l.content', message: 'You can only add up to 10 items' });
  });

  it('sums the content', () => {
    expect(contentTotals(parcel().content)).toEqual({ count: 2, quantity: 3, weight: 1200, value: 6500 });
  });

  it('reports a lighter content with the "{diff} kg less" message as an approval', () => {
    const found = contentViolations(parcel({ attributes: { weight: 2000, countryCode: 'US' } }), 'l', context());
    expect(found).toEqual([
      {
        propertyPath: 'l.content',
        message: 'The total weight of the added items is 0.8 kg less than the shipment weight',
        messageTemplate: 'The total weight of the added items is {diff} kg less than the shipment weight',
        parameters: { diff: 0.8 },
        code: 'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
      },
    ]);
    expect(APPROVAL_VIOLATION_CODES).toContain(found[0]?.code);
  });

  it('reports a heavier content as a weight difference', () => {
    const found = contentViolations(parcel({ attributes: { weight: 1000, countryCode: 'US' } }), 'l', context());
    expect(codes(found)).toEqual(['CONTENT_WEIGHT_DIFFERENCE']);
  });

  it('insurance above the content value: approval from 100 EUR, refused below', () => {
    const insured = (amount: number, value: number) =>
      codes(
        contentViolations(
          parcel({
            attributes: { weight: 500, countryCode: 'US' },
            content: [{ name: 'Vase', countryCode: 'LV', quantity: 1, weight: 500, value }],
            services: { insurance: { amount } },
          }),
          'l',
          context(),
        ),
      );
    expect(insured(20_000, 15_000)).toEqual(['INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE']);
    expect(insured(20_000, 9_900)).toEqual(['CONTENT_VALUE_TOO_SMALL_FOR_INSURANCE']);
    expect(insured(10_000, 15_000)).toEqual([]);
  });

  it('wants goods of at least 1 EUR, and complete customs lines', () => {
    const found = contentViolations(
      parcel({ attributes: { weight: 100, countryCode: 'US' }, content: [{ name: 'Pin', weight: 100, value: 50 }] }),
      'l',
      context(),
    );
    expect(paths(found)).toEqual(['l.content[0].value', 'l.content[0].countryCode', 'l.content[0].quantity']);
  });

  it('gives the export declaration notice above 1000 EUR', () => {
    const found = contentViolations(
      parcel({
        attributes: { weight: 500, countryCode: 'US' },
        content: [{ name: 'Watch', countryCode: 'CH', quantity: 1, weight: 500, value: 100_001 }],
      }),
      'l',
      context(),
    );
    expect(codes(found)).toEqual([ORDER_CODES.exportDeclaration]);
  });

  it('wants a VOEC number for goods sold to Norway', () => {
    const line = parcel({
      attributes: { weight: 1200, countryCode: 'NO' },
      customsInfo: { natureOfTransaction: 'sale_of_goods' },
    });
    expect(codes(contentViolations(line, 'l', context()))).toEqual([ORDER_CODES.voecRequired]);
    expect(
      contentViolations({ ...line, customsInfo: { merchant: true, voecNumber: '2024123' } }, 'l', context()),
    ).toEqual([]);
    expect(contentViolations({ ...line, customsInfo: { natureOfTransaction: 'gift' } }, 'l', context())).toEqual([]);
  });

  describe('HS codes', () => {
    // Stands in for the API's nomenclature: 490199 and 611710 are known subheadings.
    const known = new Set(['490199', '611710']);
    const isKnownHsCode = (code: string) => known.has(code.slice(0, 6)) && /^\d{6,10}$/.test(code);
    const withCodes = (...hsCodes: (string | null | undefined)[]) =>
      parcel({
        attributes: { weight: 200 * hsCodes.length, countryCode: 'US' },
        content: hsCodes.map((hsCode) => ({
          name: 'Goods',
          hsCode,
          countryCode: 'LV',
          quantity: 1,
          weight: 200,
          value: 500,
        })),
      });

    it('reports an unknown code on its own content line', () => {
      const found = contentViolations(
        withCodes('490199', '999999', '61171000'),
        'orderLines[0]',
        context({ isKnownHsCode }),
      );
      expect(found).toEqual([
        { propertyPath: 'orderLines[0].content[1].hsCode', message: 'HS code not found.', code: 'HS_CODE_NOT_FOUND' },
      ]);
    });

    it('leaves a line without a code alone, and checks nothing without the predicate (browser)', () => {
      expect(contentViolations(withCodes(null, '', '  ', undefined), 'l', context({ isKnownHsCode }))).toEqual([]);
      expect(contentViolations(withCodes('123'), 'l', context())).toEqual([]);
    });

    it('reports the unknown code in a draft too (a wrong value), but not without a content step', () => {
      const found = contentViolations(withCodes('4901'), 'l', context({ isKnownHsCode, complete: false }));
      expect(codes(found)).toEqual([ORDER_CODES.hsCodeNotFound]);
      expect(contentViolations(withCodes('4901'), 'l', context({ isKnownHsCode, contentStep: false }))).toEqual([]);
    });

    it('passes the code trimmed to the predicate', () => {
      const seen: string[] = [];
      contentViolations(
        withCodes(' 490199 '),
        'l',
        context({
          isKnownHsCode: (code) => {
            seen.push(code);
            return true;
          },
        }),
      );
      expect(seen).toEqual(['490199']);
    });
  });
});

describe('courier pick-up', () => {
  const pickUp = (date: string, from: string, till: string) =>
    codes(courierPickUpViolations({ pickUpTime: { date, from, till } }, 'p', { today: '2026-11-23' }));

  it('accepts a working day with a 2 h window', () => {
    expect(pickUp('2026-11-24', '10:00', '12:00')).toEqual([]);
  });

  it('refuses past dates, weekends, holidays and short windows', () => {
    expect(pickUp('2026-11-20', '10:00', '12:00')).toEqual([ORDER_CODES.pickUpDatePast]);
    expect(pickUp('2026-11-28', '10:00', '12:00')).toEqual([ORDER_CODES.pickUpNotWorkingDay]);
    expect(pickUp('2026-11-24', '10:00', '11:59')).toEqual([ORDER_CODES.pickUpWindow]);
    expect(pickUp('2026-02-30', '25:00', '')).toEqual([
      ORDER_CODES.notBlank,
      ORDER_CODES.invalidDate,
      ORDER_CODES.pickUpTime,
    ]);
    expect(isWorkingDay('2026-11-18', (date) => date === '2026-11-18')).toBe(false);
  });

  describe('with the courier availability of the day', () => {
    const day = (overrides: Partial<CourierDayAvailability> = {}): CourierDayAvailability => ({
      date: '2026-11-24',
      works: true,
      possiblePickUpTimesFrom: '09:00',
      possiblePickUpTimesTill: '18:00',
      remaining: 3,
      ...overrides,
    });
    const checked = (courier: CourierDayAvailability, from = '10:00', till = '12:00', date = '2026-11-24') =>
      courierPickUpViolations({ pickUpTime: { date, from, till } }, 'p', { today: '2026-11-23', courier });

    it('accepts a window inside the possible times while pick-ups are left', () => {
      expect(checked(day())).toEqual([]);
      expect(checked(day({ remaining: 1 }), '09:00', '18:00')).toEqual([]);
      // No post code yet: the capacity is unknown, the window still counts.
      expect(checked(day({ remaining: null }), '16:00', '18:00')).toEqual([]);
    });

    it('refuses a full day, a closed day and a window outside the possible times on the date', () => {
      const notAvailable = [
        {
          propertyPath: 'p.pickUpTime.date',
          message: 'The courier is not available on the chosen date.',
          code: 'COURIER_NOT_AVAILABLE',
        },
      ];
      expect(checked(day({ remaining: 0 }))).toEqual(notAvailable);
      expect(checked(day({ remaining: -2 }))).toEqual(notAvailable);
      expect(checked(day({ works: false, possiblePickUpTimesFrom: null, possiblePickUpTimesTill: null }))).toEqual(
        notAvailable,
      );
      expect(checked(day(), '08:30', '11:00')).toEqual(notAvailable);
      expect(checked(day(), '16:30', '18:30')).toEqual(notAvailable);
      expect(checked(day({ possiblePickUpTimesFrom: '12:00' }), '11:00', '14:00')).toEqual(notAvailable);
    });

    it('ignores facts about another day and keeps the calendar rules first', () => {
      expect(checked(day({ remaining: 0 }), '10:00', '12:00', '2026-11-25')).toEqual([]);
      expect(codes(checked(day({ date: '2026-11-20', remaining: 0 }), '10:00', '12:00', '2026-11-20'))).toEqual([
        ORDER_CODES.pickUpDatePast,
      ]);
      // A short window is its own violation on `till`; the window check does not repeat it.
      expect(codes(checked(day(), '10:00', '11:00'))).toEqual([ORDER_CODES.pickUpWindow]);
    });

    it('isCourierSlotAvailable reads times that are times only', () => {
      expect(isCourierSlotAvailable('2026-11-24', '', '25:00', day())).toBe(true);
      expect(isCourierSlotAvailable('2026-11-24', '10:00', '12:00', null)).toBe(true);
      expect(isCourierSlotAvailable('2026-11-24', '10:00', '19:00', day())).toBe(false);
    });
  });
});

describe('orderViolations', () => {
  const order = (overrides: Partial<OrderWrite> = {}): OrderWrite => ({
    orderLines: [
      parcel({
        sender: receiver,
        receiver: {
          ...receiver,
          address: {
            countryCode: 'US',
            addressLine: '1 Main St',
            city: 'Springfield',
            postCode: '62701',
            region: 'IL',
          },
        },
      }),
    ],
    termsAccepted: true,
    privacyAccepted: true,
    eNotification: 'agree',
    ...overrides,
  });
  const facts = () => ({
    workflow: { maxInsuranceAmount: null, maxContentRows: 10 },
    contentStep: true,
    customs: true,
    today: '2026-11-23',
  });

  it('passes a complete order', () => {
    expect(orderViolations(order(), facts, { kind: 'all' }, true)).toEqual([]);
  });

  it('checks only the steps in scope', () => {
    const draft = order({ termsAccepted: false, orderLines: [parcel({ sender: null })] });
    expect(paths(orderViolations(draft, facts, { kind: 'steps', upTo: 1 }, true))).toEqual([]);
    expect(paths(orderViolations(draft, facts, { kind: 'steps', upTo: 2 }, true))).toEqual([
      'orderLines[0].sender',
      'orderLines[0].receiver',
    ]);
    expect(paths(orderViolations(draft, facts, { kind: 'all' }, true))).toContain('termsAccepted');
  });

  it('drops approved approval-type violations', () => {
    const heavy = order();
    const line = heavy.orderLines[0] as OrderLineWrite;
    line.attributes = { ...line.attributes, weight: 2000 };
    expect(codes(orderViolations(heavy, facts, { kind: 'content' }, true))).toEqual([
      'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
    ]);
    line.approvals = ['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE'];
    expect(orderViolations(heavy, facts, { kind: 'content' }, true)).toEqual([]);
  });

  it('reports only wrong values in a draft', () => {
    const draft: OrderWrite = { orderLines: [{ workFlow: null, receiver: { name: 'X1' } }] };
    expect(paths(orderViolations(draft, facts, { kind: 'all' }, false))).toEqual(['orderLines[0].receiver.name']);
  });

  it('checks HS codes through the line context, in the content scope and in a draft', () => {
    const withCode = order({ orderLines: [parcel({ ...order().orderLines[0], content: [] })] });
    const line = withCode.orderLines[0] as OrderLineWrite;
    line.content = [{ name: 'Book', hsCode: '000000', countryCode: 'LV', quantity: 1, weight: 1200, value: 2500 }];
    const factsWithCodes = () => ({ ...facts(), isKnownHsCode: (code: string) => code === '490199' });
    for (const [scope, complete] of [
      [{ kind: 'content' }, true],
      [{ kind: 'all' }, false],
    ] as const) {
      expect(orderViolations(withCode, factsWithCodes, scope, complete)).toEqual([
        expect.objectContaining({ propertyPath: 'orderLines[0].content[0].hsCode', code: 'HS_CODE_NOT_FOUND' }),
      ]);
    }
    expect(orderViolations(withCode, facts, { kind: 'all' }, true)).toEqual([]);
  });
});

describe('orderWriteSchema', () => {
  it('accepts the wizard body and refuses wrong shapes', () => {
    expect(orderWriteSchema.safeParse({ orderLines: [parcel()] }).success).toBe(true);
    expect(orderWriteSchema.safeParse({ orderLines: [] }).success).toBe(false);
    expect(orderWriteSchema.safeParse({ orderLines: [{ attributes: { weight: 1.5 } }] }).success).toBe(false);
    expect(orderWriteSchema.safeParse({ orderLines: [{ approvals: ['SOMETHING_ELSE'] }] }).success).toBe(false);
  });
});

describe('customsFormForValue', () => {
  it('asks for CN22 up to and including 300 EUR and CN23 above', () => {
    expect(customsFormForValue(0)).toBe('CN22');
    expect(customsFormForValue(30_000)).toBe('CN22');
    expect(customsFormForValue(30_001)).toBe('CN23');
  });
});
