import { SERVER_MESSAGES_LV } from '../i18n/server-messages';
import {
  tariffStepViolations,
  WORKFLOW_MESSAGES,
  workflowCreateViolations,
  workflowTariffViolations,
  workflowWriteViolations,
} from './workflows';

const PRODUCT = {
  isActive: true,
  label: 'Parcel',
  labelLv: 'Paka',
  shipmentType: 'parcel',
  shipmentSubType: 'registered',
  shipmentSizeType: null,
  countryCode: 'LV',
  zone: 'LV',
  transferType: 'postOffice',
  receivingType: null,
  maxWeight: 5000,
  deliveryDays: 1,
  serviceOptions: ['insurance'],
};

const messages = (violations: { propertyPath: string; message: string }[]) =>
  Object.fromEntries(violations.map((violation) => [violation.propertyPath, violation.message]));

describe('product rules (shared by the API and the admin form)', () => {
  it('accepts a whole product', () => {
    expect(workflowWriteViolations(PRODUCT)).toEqual([]);
  });

  it('says a negative weight is negative, and a zero one is not above 0 g', () => {
    expect(messages(workflowWriteViolations({ ...PRODUCT, maxWeight: -1 }))).toEqual({
      maxWeight: WORKFLOW_MESSAGES.weightNegative,
    });
    expect(messages(workflowWriteViolations({ ...PRODUCT, maxWeight: 0 }))).toEqual({
      maxWeight: WORKFLOW_MESSAGES.weightZero,
    });
    expect(messages(workflowWriteViolations({ ...PRODUCT, maxWeight: 'heavy' }))).toEqual({
      maxWeight: WORKFLOW_MESSAGES.weightWhole,
    });
  });

  it('refuses blank names, repeated services and impossible delivery days', () => {
    expect(
      messages(
        workflowWriteViolations({ ...PRODUCT, label: '  ', serviceOptions: ['fragile', 'fragile'], deliveryDays: 61 }),
      ),
    ).toEqual({
      label: WORKFLOW_MESSAGES.blank,
      serviceOptions: WORKFLOW_MESSAGES.serviceTwice,
      deliveryDays: WORKFLOW_MESSAGES.daysInvalid,
    });
  });

  it('checks a new product’s first tariff against its maximum weight and the key’s form', () => {
    const create = {
      ...PRODUCT,
      seedKey: 'Parcel LV',
      tariff: {
        validFrom: '2026-02-30',
        weightCosts: [
          { maxWeight: 2000, priceCents: 100 },
          { maxWeight: 1000, priceCents: -1 },
          { maxWeight: 9000, priceCents: 300 },
        ],
      },
    };
    expect(messages(workflowCreateViolations(create))).toEqual({
      seedKey: WORKFLOW_MESSAGES.seedKey,
      'tariff.validFrom': WORKFLOW_MESSAGES.date,
      'tariff.weightCosts[1].priceCents': WORKFLOW_MESSAGES.priceNegative,
      'tariff.weightCosts[1].maxWeight': WORKFLOW_MESSAGES.ascending,
      'tariff.weightCosts[2].maxWeight': WORKFLOW_MESSAGES.aboveMaxWeight,
    });
  });

  it('orders the insured and the ordinary steps each on their own', () => {
    const steps = [
      { maxWeight: 1000, insured: false },
      { maxWeight: 500, insured: true },
      { maxWeight: 2000, insured: false },
    ];
    expect(tariffStepViolations(steps, 5000)).toEqual([]);
    expect(workflowTariffViolations({ validFrom: '2026-01-01', weightCosts: [] }, 5000)).toEqual([
      expect.objectContaining({ propertyPath: 'weightCosts', message: WORKFLOW_MESSAGES.blank }),
    ]);
  });
});

it('has every product message in Latvian for the screens', () => {
  const missing = [...Object.values(WORKFLOW_MESSAGES), 'This key is already used.', 'Unknown country.'].filter(
    (message) => !SERVER_MESSAGES_LV[message],
  );
  expect(missing).toEqual([]);
});
