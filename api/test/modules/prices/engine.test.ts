import type { Price } from '@portal/shared-contracts/pricing';
import { rigaDate } from '../../../src/calendar';
import {
  type DiscountRule,
  discountApplies,
  type LineRequest,
  ORDER_LINE_PATHS,
  priceLine,
} from '../../../src/modules/prices/engine';
import { percentOf, vatIncluded } from '../../../src/modules/prices/money';
import { onlineDiscountOn } from '../../../src/modules/prices/online-discount';
import type { ServiceOption, Workflow } from '../../../src/modules/workflows/model';
import { buildWorkflowSeed, type WorkflowSeed } from '../../../src/modules/workflows/seed-data';
import { weightStepsOn } from '../../../src/modules/workflows/weight-steps';

// The price engine against the seeded tariff table (tariffs.md figures), on fixed dates.
const seed = buildWorkflowSeed();
const seeded = (seedKey: string): Workflow => {
  const found = seed.find((workflow) => workflow.seedKey === seedKey);
  if (!found) throw new Error(`no seeded workflow ${seedKey}`);
  return { ...found, id: seed.indexOf(found) + 1, createdAt: new Date(0), updatedAt: new Date(0) };
};

const IN_2026 = '2026-11-22';
const IN_2025 = '2025-06-01';

function request(overrides: Partial<LineRequest> = {}): LineRequest {
  return {
    countryCode: 'LV',
    weight: 20,
    additionalServices: [],
    insurance: null,
    cashOnDelivery: null,
    on: IN_2026,
    discount: null,
    ...overrides,
  };
}

function priced(workflow: Workflow, overrides: Partial<LineRequest> = {}): Price {
  const result = priceLine(workflow, request(overrides), ORDER_LINE_PATHS);
  if (!result.ok) throw new Error(`expected a price, got ${JSON.stringify(result.violations)}`);
  return result.price;
}

function failure(workflow: Workflow, overrides: Partial<LineRequest> = {}) {
  const result = priceLine(workflow, request(overrides), ORDER_LINE_PATHS);
  if (result.ok) throw new Error(`expected no price, got ${JSON.stringify(result.price)}`);
  return result.violations;
}

/** A seeded workflow whose placeholder service has been set by an administrator. */
function withService(workflow: Workflow, service: Partial<ServiceOption> & { name: ServiceOption['name'] }): Workflow {
  return {
    ...workflow,
    serviceOptions: workflow.serviceOptions.map((option) =>
      option.name === service.name ? { ...option, ...service, placeholder: false } : option,
    ),
  };
}

describe('money', () => {
  it('takes percentages in basis points, rounding half up to the cent', () => {
    expect(percentOf(10000, 200)).toBe(200);
    expect(percentOf(125, 200)).toBe(3); // 2.5 → 3
    expect(percentOf(124, 200)).toBe(2); // 2.48 → 2
    expect(percentOf(74, 2100)).toBe(16); // 15.54 → 16
    expect(percentOf(0, 2100)).toBe(0);
    expect(() => percentOf(1.5, 100)).toThrow(RangeError);
    expect(() => percentOf(-1, 100)).toThrow(RangeError);
  });

  it('splits the VAT part out of a gross amount', () => {
    expect(vatIncluded(121, 2100)).toBe(21);
    expect(vatIncluded(100, 2100)).toBe(17); // net 82.64 → 83
    expect(vatIncluded(701, 0)).toBe(0);
  });
});

describe('weight steps', () => {
  it('uses the row in force on the pricing date', () => {
    const letter = seeded('letter-lv-economy');
    expect(weightStepsOn(letter.weightCosts, '2022-06-01', false)[0]?.priceCents).toBe(120);
    expect(weightStepsOn(letter.weightCosts, '2023-06-01', false)[0]?.priceCents).toBe(165);
    expect(weightStepsOn(letter.weightCosts, IN_2025, false)[0]?.priceCents).toBe(230);
    expect(weightStepsOn(letter.weightCosts, '2026-01-01', false)[0]?.priceCents).toBe(235);
    expect(weightStepsOn(letter.weightCosts, '2021-12-31', false)).toEqual([]);
  });

  it('lists the steps of the old tariff book, above 20 g as placeholders', () => {
    const steps = weightStepsOn(seeded('letter-lv-economy').weightCosts, IN_2026, false);
    expect(steps.map((step) => step.maxWeight)).toEqual([20, 50, 100, 250, 500, 1000, 2000]);
    expect(steps.slice(1).every((step) => step.placeholder && step.priceCents === null)).toBe(true);
  });
});

describe('each zone, on 2026-11-22', () => {
  it('Latvia, plain letter: EUR 2.35 up to and including 20 g (la.lv 2026)', () => {
    const letter = seeded('letter-lv-economy');
    expect(priced(letter, { weight: 1 })).toMatchObject({ amount: 235, amountWithoutVat: 235, vat: 0 });
    expect(priced(letter, { weight: 20 }).amount).toBe(235);
  });

  it('Latvia, plain letter: 21 g falls in the next step, whose price is on request', () => {
    expect(failure(seeded('letter-lv-economy'), { weight: 21 })).toEqual([
      { propertyPath: 'attributes.weight', message: 'No price found.', code: 'PRICE_ON_REQUEST' },
    ]);
  });

  it('Latvia, letters: 2 kg is the last step, above it "No price found"', () => {
    expect(failure(seeded('letter-lv-economy'), { weight: 2000 })[0]?.code).toBe('PRICE_ON_REQUEST');
    expect(failure(seeded('letter-lv-economy'), { weight: 2001 })).toEqual([
      { propertyPath: 'attributes.weight', message: 'No price found.', code: 'NO_PRICE_FOUND' },
    ]);
  });

  it('Latvia, registered letter: EUR 4.35 less the online discount; insured letter uses EUR 4.50', () => {
    const registered = seeded('letter-lv-registered');
    expect(priced(registered, { on: IN_2025 }).amount).toBe(435 - 40);
    expect(priced(registered).amount).toBe(435 - 46);
    // Insured: its own tariff row, but the insurance fee is not known yet: price on request.
    expect(failure(registered, { insurance: 5000 })).toEqual([
      { propertyPath: 'services.insurance.amount', message: 'No price found.', code: 'PRICE_ON_REQUEST' },
    ]);
    const set = withService(registered, { name: 'insurance', ratio: 100, ratioOf: 'insuredAmount' });
    // 4.50 + 1 % of 50.00 EUR = 0.50 + 21 % VAT 0.11, less 0.46.
    expect(priced(set, { insurance: 5000 })).toMatchObject({ amount: 450 + 50 + 11 - 46, vat: 11 });
  });

  it('Latvia, parcel: EUR 7.01 up to 1 kg and EUR 1.25 for each further started kg', () => {
    const parcel = seeded('parcel-lv-post-office-registered');
    expect(priced(parcel, { weight: 1 }).amount).toBe(701);
    expect(priced(parcel, { weight: 1000 }).amount).toBe(701);
    expect(priced(parcel, { weight: 1001 }).amount).toBe(826);
    expect(priced(parcel, { weight: 2000 }).amount).toBe(826);
    expect(priced(parcel, { weight: 20_000 }).amount).toBe(701 + 19 * 125);
    expect(failure(parcel, { weight: 20_001 })[0]).toMatchObject({ code: 'NO_PRICE_FOUND' });
  });

  it('Latvia, parcel in 2025: EUR 6.82 up to 1 kg; the 2025 per-kg price is on request', () => {
    const parcel = seeded('parcel-lv-post-office-registered');
    expect(priced(parcel, { weight: 1000, on: IN_2025 }).amount).toBe(682);
    expect(failure(parcel, { weight: 1500, on: IN_2025 })[0]?.code).toBe('PRICE_ON_REQUEST');
    // 2023: the 1–2 kg history figure.
    expect(priced(parcel, { weight: 1500, on: '2023-06-01' }).amount).toBe(621);
  });

  it('Baltic (LT, EE): locker and courier prices are placeholders, answered "price on request"', () => {
    for (const key of [
      'parcel-lt-locker-xs',
      'parcel-ee-locker-xl',
      'parcel-lt-courier-courier',
      'parcel-lv-locker-m',
    ]) {
      const workflow = seeded(key);
      const country = workflow.countryCode ?? 'LV';
      expect(failure(workflow, { countryCode: country, weight: 500 })[0]?.code).toBe('PRICE_ON_REQUEST');
      expect(failure(workflow, { countryCode: country, weight: 30_001 })[0]?.code).toBe('NO_PRICE_FOUND');
    }
  });

  it('EEA and world letters: the 2025 figures (2.54, 3.77) in 2025, on request since 2026', () => {
    expect(priced(seeded('letter-eea-economy'), { countryCode: 'DE', on: IN_2025 }).amount).toBe(254);
    expect(priced(seeded('letter-eea-economy'), { countryCode: 'LT', on: IN_2025 }).amount).toBe(254);
    expect(priced(seeded('letter-world-economy'), { countryCode: 'US', on: IN_2025 }).amount).toBe(377);
    expect(failure(seeded('letter-eea-economy'), { countryCode: 'DE' })[0]?.code).toBe('PRICE_ON_REQUEST');
    expect(failure(seeded('letter-world-economy'), { countryCode: 'US' })[0]?.code).toBe('PRICE_ON_REQUEST');
  });

  it('international parcels and small packets: on request', () => {
    const standard = seeded('parcel-world-standard-small');
    expect(failure(standard, { countryCode: 'US', weight: 2000 })[0]?.code).toBe('PRICE_ON_REQUEST');
    expect(failure(standard, { countryCode: 'US', weight: 2001 })[0]?.code).toBe('NO_PRICE_FOUND');
  });
});

describe('workflow and country', () => {
  it('refuses a country outside the workflow', () => {
    expect(failure(seeded('letter-eea-economy'), { countryCode: 'US', on: IN_2025 })).toEqual([
      {
        propertyPath: 'attributes.countryCode',
        message: 'This product does not go to the chosen country.',
        code: 'WORKFLOW_TO_COUNTRY_NOT_FOUND',
      },
    ]);
    expect(failure(seeded('letter-lv-economy'), { countryCode: 'LT' })[0]?.code).toBe('WORKFLOW_TO_COUNTRY_NOT_FOUND');
    expect(failure(seeded('parcel-lt-locker-s'), { countryCode: 'EE' })[0]?.code).toBe('WORKFLOW_TO_COUNTRY_NOT_FOUND');
  });

  it('refuses an inactive workflow', () => {
    expect(failure({ ...seeded('letter-lv-economy'), isActive: false })).toEqual([
      { propertyPath: 'workFlow', message: 'This product is not offered at the moment.', code: 'WORKFLOW_NOT_ACTIVE' },
    ]);
  });
});

describe('additional services', () => {
  const parcel = seeded('parcel-lv-post-office-registered');

  it('insurance: 2 % of the insured amount plus 21 % VAT, on the insured tariff (EUR 8.39)', () => {
    const price = priced(parcel, { weight: 1000, insurance: 10_000 });
    // 8.39 + 2.00 + 0.42 VAT
    expect(price).toMatchObject({ amount: 839 + 200 + 42, amountWithoutVat: 839 + 200, vat: 42 });
    expect(price.components).toEqual([
      { name: 'shipment', amount: 839, vat: 0 },
      { name: 'insurance', amount: 200, vat: 42 },
    ]);
    // 2 % of 1.00 EUR = 0.02; VAT 21 % of 0.02 = 0.0042 → 0.
    expect(priced(parcel, { weight: 1000, insurance: 100 })).toMatchObject({ amount: 839 + 2, vat: 0 });
    // 2 % of 37.00 = 0.74; VAT 0.1554 → 0.16 (half up).
    expect(priced(parcel, { weight: 2500, insurance: 3700 })).toMatchObject({
      amount: 839 + 2 * 125 + 74 + 16,
      vat: 16,
    });
  });

  it('insurance: whole euros, at least 1 EUR, not above a maximum, and not without a value', () => {
    expect(failure(parcel, { insurance: 150 })[0]).toMatchObject({ code: 'INSURANCE_INVALID' });
    expect(failure(parcel, { insurance: 0 })[0]).toMatchObject({ code: 'INSURANCE_INVALID' });
    expect(failure({ ...parcel, maxInsuranceAmount: 100_000 }, { insurance: 100_100 })[0]).toMatchObject({
      code: 'INSURANCE_ABOVE_MAXIMUM',
    });
    expect(failure(parcel, { additionalServices: ['insurance'] })[0]).toMatchObject({
      propertyPath: 'services.insurance.amount',
      message: 'Insurance selected without a value.',
    });
  });

  it('cash on delivery to PNS is free; to a bank a percentage, at least 4 EUR', () => {
    expect(priced(parcel, { weight: 500, insurance: 5000, cashOnDelivery: { type: 'PNS', amount: 5000 } }).amount).toBe(
      839 + 100 + 21,
    );
    // The bank percentage is a placeholder in the seed: price on request...
    expect(failure(parcel, { insurance: 5000, cashOnDelivery: { type: 'bank', amount: 5000 } })[0]).toMatchObject({
      propertyPath: 'services.cashOnDelivery.amount',
      code: 'PRICE_ON_REQUEST',
    });
    // ...and once set (say 1 %), 1 % of 50.00 = 0.50 is raised to the 4 EUR minimum; 1 % of 500.00 = 5.00 is not.
    const set = withService(parcel, { name: 'cashOnDeliveryToBank', ratio: 100 });
    const codPart = (amount: number) =>
      priced(set, { insurance: amount, cashOnDelivery: { type: 'bank', amount } }).components.find(
        (component) => component.name === 'cashOnDeliveryToBank',
      );
    expect(codPart(5000)).toEqual({ name: 'cashOnDeliveryToBank', amount: 400, vat: 0 });
    expect(codPart(50_000)).toEqual({ name: 'cashOnDeliveryToBank', amount: 500, vat: 0 });
  });

  it('cash on delivery needs insurance and is not above the insured amount', () => {
    expect(failure(parcel, { cashOnDelivery: { type: 'PNS', amount: 1000 } })[0]).toMatchObject({
      message: 'Cash on delivery is only possible with insurance.',
    });
    expect(failure(parcel, { insurance: 1000, cashOnDelivery: { type: 'PNS', amount: 1001 } })[0]).toMatchObject({
      message: 'The cash on delivery amount should not be higher than the insured amount.',
    });
  });

  it('fragile: a percentage of the shipment price plus VAT', () => {
    expect(failure(parcel, { additionalServices: ['fragile'] })[0]).toMatchObject({
      propertyPath: 'attributes.additionalServices[0]',
      code: 'PRICE_ON_REQUEST',
    });
    const set = withService(parcel, { name: 'fragile', ratio: 2000 });
    // 20 % of 7.01 = 1.402 → 1.40; VAT 21 % of 1.40 = 0.294 → 0.29.
    expect(priced(set, { weight: 1000, additionalServices: ['fragile'] })).toMatchObject({
      amount: 701 + 140 + 29,
      vat: 29,
    });
  });

  it('tracking and big size: fixed fees in EUR once set', () => {
    const packet = seeded('parcel-world-standard-small');
    const trackingSet = withService(
      { ...packet, weightCosts: packet.weightCosts.map((row) => ({ ...row, priceCents: 1000, placeholder: false })) },
      { name: 'trackingInternational', priceCents: 150 },
    );
    expect(
      priced(trackingSet, { countryCode: 'US', weight: 100, additionalServices: ['trackingInternational'] }),
    ).toMatchObject({
      amount: 1000 + 150 - 46,
    });
    const bigSet = withService(parcel, { name: 'bigSize', priceCents: 300, vatRate: 2100 });
    expect(priced(bigSet, { weight: 1000, additionalServices: ['bigSize'] })).toMatchObject({ amount: 701 + 300 + 63 });
  });

  it('refuses a service the workflow does not offer', () => {
    expect(failure(seeded('letter-lv-economy'), { additionalServices: ['fragile'] })).toEqual([
      {
        propertyPath: 'attributes.additionalServices[0]',
        message: 'This service is not available for the chosen shipment.',
        code: 'SERVICE_NOT_AVAILABLE',
      },
    ]);
  });
});

describe('discounts', () => {
  const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
    code: 'SPRING',
    kind: 'code',
    type: 'percentage',
    value: 1000,
    frequency: 'each',
    frequencyIndex: null,
    status: 'active',
    usageCount: 0,
    maxCount: null,
    validFrom: null,
    validTill: null,
    userType: 'all',
    workFlowIds: null,
    ...overrides,
  });
  const parcel = seeded('parcel-lv-post-office-registered');

  it('online preparation: EUR 0.40 from 2025 (SPEC §9), EUR 0.46 from 2026 (la.lv), only on eligible workflows', () => {
    expect(onlineDiscountOn('2024-12-31')).toBe(0);
    expect(onlineDiscountOn('2025-01-01')).toBe(40);
    expect(onlineDiscountOn('2026-01-01')).toBe(46);
    expect(priced(seeded('letter-lv-registered'), { on: IN_2025 }).components).toContainEqual({
      name: 'onlineDiscount',
      amount: -40,
      vat: 0,
    });
    expect(priced(seeded('letter-lv-economy')).components.map((component) => component.name)).toEqual(['shipment']);
    expect(parcel.onlineDiscountEligible).toBe(false);
    const eligible = seed
      .filter((workflow: WorkflowSeed) => workflow.onlineDiscountEligible)
      .map((workflow) => workflow.seedKey);
    expect(eligible.sort()).toEqual([
      'letter-eea-registered',
      'letter-lv-registered',
      'letter-world-registered',
      'parcel-eea-standard-small',
      'parcel-eea-standardPlus-small',
      'parcel-world-standard-small',
      'parcel-world-standardPlus-small',
    ]);
  });

  it('percentage: of the tariff after the online discount, rounded half up', () => {
    // 10 % of 7.01 = 0.701 → 0.70
    expect(priced(parcel, { weight: 1000, discount: rule() }).amount).toBe(701 - 70);
    // 15 % of 4.35 − 0.46 = 3.89 → 0.5835 → 0.58
    expect(priced(seeded('letter-lv-registered'), { discount: rule({ value: 1500 }) }).amount).toBe(389 - 58);
    // services are not discounted
    expect(priced(parcel, { weight: 1000, insurance: 10_000, discount: rule() }).amount).toBe(839 - 84 + 200 + 42);
  });

  it('fixed price: the tariff becomes the code value, never more than the tariff', () => {
    expect(priced(parcel, { weight: 1000, discount: rule({ type: 'fixedPrice', value: 500 }) }).amount).toBe(500);
    expect(priced(parcel, { weight: 1000, discount: rule({ type: 'fixedPrice', value: 900 }) }).amount).toBe(701);
    expect(priced(parcel, { weight: 1000, discount: rule({ type: 'fixedPrice', value: 0 }) }).amount).toBe(0);
  });

  it('applies only when active, in its period, with uses left, to the right users, workflows and shipments', () => {
    const context = { on: IN_2026, registered: false, workflowId: 7, shipmentNumber: 1 };
    expect(discountApplies(rule(), context)).toBe(true);
    expect(discountApplies(rule({ status: 'inactive' }), context)).toBe(false);
    expect(discountApplies(rule({ validFrom: '2026-11-23' }), context)).toBe(false);
    expect(discountApplies(rule({ validTill: '2026-11-21' }), context)).toBe(false);
    expect(discountApplies(rule({ validFrom: '2026-11-22', validTill: '2026-11-22' }), context)).toBe(true);
    expect(discountApplies(rule({ maxCount: 3, usageCount: 3 }), context)).toBe(false);
    expect(discountApplies(rule({ maxCount: 3, usageCount: 2 }), context)).toBe(true);
    expect(discountApplies(rule({ userType: 'registered' }), context)).toBe(false);
    expect(discountApplies(rule({ userType: 'registered' }), { ...context, registered: true })).toBe(true);
    expect(discountApplies(rule({ workFlowIds: [8] }), context)).toBe(false);
    expect(discountApplies(rule({ frequency: 'nth', frequencyIndex: 2 }), context)).toBe(false);
    expect(discountApplies(rule({ frequency: 'nth', frequencyIndex: 2 }), { ...context, shipmentNumber: 2 })).toBe(
      true,
    );
    expect(discountApplies(rule({ frequency: 'afterN', frequencyIndex: 1 }), context)).toBe(false);
    expect(discountApplies(rule({ frequency: 'afterN', frequencyIndex: 1 }), { ...context, shipmentNumber: 2 })).toBe(
      true,
    );
  });
});

describe('the seeded table', () => {
  it('marks every unknown figure as a placeholder with no price, never a number', () => {
    for (const workflow of seed) {
      for (const row of workflow.weightCosts) {
        expect(row.placeholder).toBe(row.priceCents === null);
        if (!row.placeholder) expect(row.source).toMatch(/^https?:\/\//);
      }
      for (const service of workflow.serviceOptions) {
        if (service.placeholder) expect(service.ratio === null && service.priceCents === null).toBe(true);
      }
    }
  });

  it('holds every tariffs.md price figure that prices a workflow', () => {
    const figures = new Set(seed.flatMap((workflow) => workflow.weightCosts.map((row) => row.priceCents)));
    for (const cents of [120, 165, 230, 235, 254, 377, 435, 450, 682, 687, 701, 839, 621, 826, 964]) {
      expect(figures).toContain(cents);
    }
  });

  it('has unique seed keys and letters, parcels, lockers XS–XL and courier options for LV, LT, EE', () => {
    const keys = seed.map((workflow) => workflow.seedKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const country of ['lv', 'lt', 'ee']) {
      for (const size of ['xs', 's', 'm', 'l', 'xl']) expect(keys).toContain(`parcel-${country}-locker-${size}`);
      expect(keys).toContain(`parcel-${country}-courier-courier`);
    }
  });

  it('computes today in Riga', () => {
    expect(rigaDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(rigaDate(new Date('2026-06-30T20:59:00Z'))).toBe('2026-06-30');
  });
});
