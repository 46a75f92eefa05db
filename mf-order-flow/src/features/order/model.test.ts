import {
  applyPrefill,
  contentTotals,
  contentWeightViolation,
  emptyContentLine,
  emptyDraft,
  fromOrderResource,
  type OrderDraft,
  prefillFromQuery,
  toOrderWrite,
  weightGrams,
} from './model';

const workFlow = {
  '@id': '/api/work_flows/7',
  id: 7,
  label: 'Parcel, post office to post office, Latvia',
  shipmentSubType: 'registered',
  shipmentSizeType: null,
  transferType: 'parcelMachine',
  receivingType: 'parcelMachine',
  deliveryDays: 4,
  maxWeight: 20_000,
};

function draft(change: Partial<OrderDraft> = {}): OrderDraft {
  return { ...emptyDraft('parcel'), countryCode: 'US', weightText: '1.2', workFlow, ...change };
}

const line = (weightKg: string, valueEur: string, quantity = '1') => ({
  ...emptyContentLine(),
  name: 'Book',
  hsCode: '490199',
  weightKg,
  valueEur,
  quantity,
});

describe('weights', () => {
  it('reads parcels in kilograms and letters in grams, as whole grams', () => {
    expect(weightGrams({ shipmentType: 'parcel', weightText: '1.2' })).toBe(1200);
    expect(weightGrams({ shipmentType: 'parcel', weightText: '0.0015' })).toBe(2);
    expect(weightGrams({ shipmentType: 'letter', weightText: '20' })).toBe(20);
    expect(weightGrams({ shipmentType: 'parcel', weightText: '' })).toBeNull();
    expect(weightGrams({ shipmentType: 'parcel', weightText: '0' })).toBeNull();
  });
});

describe('content', () => {
  it('sums quantity, weight (grams) and value (cents) of the lines', () => {
    expect(contentTotals([line('0.4', '150.50', '2'), line('0.3', '49.5')])).toEqual({
      quantity: 3,
      weightGrams: 700,
      valueCents: 20_000,
    });
  });

  it('reports lighter content as an approval-type "{diff} kg less" violation', () => {
    const violation = contentWeightViolation(draft({ content: [line('0.4', '10'), line('0.3', '10')] }));
    expect(violation).toEqual(
      expect.objectContaining({
        code: 'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
        message: 'The total weight of the added items is 0.5 kg less than the shipment weight',
        parameters: { diff: 0.5 },
      }),
    );
    expect(contentWeightViolation(draft({ content: [line('1.2', '10')] }))).toBeNull();
    expect(contentWeightViolation(draft({ content: [line('1.5', '10')] }))).toBeNull();
    expect(contentWeightViolation(draft({ content: [] }))).toBeNull();
  });
});

describe('toOrderWrite', () => {
  const filled = draft({
    additionalServices: ['insurance'],
    insuranceEur: '150',
    transferLocation: { id: 'lp-1', label: 'Rīga 1' },
    receiverLocation: { id: 'lp-2', label: 'New York locker' },
    sender: { ...emptyDraft('parcel').sender, name: '  Anna   Bērziņa ', phone: '21 234 567' },
    content: [line('1.2', '300')],
    natureOfTransaction: 'gift',
    termsAccepted: true,
    eNotification: 'agree',
    approvals: ['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE'],
  });

  it('sends grams, cents, the workflow @id, the chosen places and the approvals', () => {
    const body = toOrderWrite(filled, { step: 3, version: 2, account: 5, withContent: true });
    const [orderLine] = body.orderLines;
    expect(body).toEqual(expect.objectContaining({ step: 3, version: 2, account: 5, termsAccepted: true }));
    expect(orderLine?.workFlow).toBe('/api/work_flows/7');
    expect(orderLine?.attributes).toEqual(
      expect.objectContaining({ weight: 1200, countryCode: 'US', transferLocationId: 'lp-1' }),
    );
    expect(orderLine?.services?.insurance).toEqual({ amount: 15_000, currency: 'EUR' });
    expect(orderLine?.sender?.name).toBe('Anna Bērziņa');
    expect(orderLine?.sender?.phone).toBe('21234567');
    expect(orderLine?.receiver?.address).toEqual(
      expect.objectContaining({ countryCode: 'US', serviceLocationId: 'lp-2', readableAddress: 'New York locker' }),
    );
    expect(orderLine?.content).toEqual([
      { hsCode: '490199', name: 'Book', countryCode: 'LV', quantity: 1, weight: 1200, value: 30_000 },
    ]);
    expect(orderLine?.customsInfo?.natureOfTransaction).toBe('gift');
    expect(orderLine?.approvals).toEqual(['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE']);
  });

  it('sends a US state typed by its name as its code, other regions as typed (issue 40)', () => {
    const withRegion = (countryCode: string, region: string) =>
      toOrderWrite(
        { ...filled, receiver: { ...filled.receiver, address: { ...filled.receiver.address, countryCode, region } } },
        { step: 2, withContent: true },
      ).orderLines[0]?.receiver?.address?.region;
    expect(withRegion('US', ' New  York ')).toBe('NY');
    expect(withRegion('US', 'ny')).toBe('NY');
    expect(withRegion('US', 'Nowhere')).toBe('Nowhere');
    expect(withRegion('CA', 'Ontario')).toBe('Ontario');
  });

  it("sends a repeat order's hand-over as any parcel locker or post office, and reads it back", () => {
    const repeat = { ...filled, handoverAnywhere: true };
    const attributes = toOrderWrite(repeat, { step: 2, withContent: true }).orderLines[0]?.attributes;
    expect(attributes).toEqual(
      expect.objectContaining({ transferType: 'parcelMachinePostOffice', transferLocationId: null }),
    );
    // A courier pick-up stays a courier pick-up: only a place hand-over becomes "any place".
    const courier = { ...repeat, workFlow: { ...repeat.workFlow!, transferType: 'courier' } } as OrderDraft;
    expect(toOrderWrite(courier, { step: 2, withContent: true }).orderLines[0]?.attributes?.transferType).toBe(
      'courier',
    );
    expect(toOrderWrite(filled, { step: 2, withContent: true }).orderLines[0]?.attributes?.transferType).not.toBe(
      'parcelMachinePostOffice',
    );
  });

  it('leaves the content out when the order has no content step, and empty texts become null', () => {
    const body = toOrderWrite(draft(), { step: 1, withContent: false });
    expect(body.orderLines[0]?.content).toEqual([]);
    expect(body.orderLines[0]?.customsInfo).toBeNull();
    expect(body.orderLines[0]?.receiver?.name).toBeNull();
    expect(body).not.toHaveProperty('account');
    expect(body).not.toHaveProperty('version');
  });

  it('sends the content of a domestic insured parcel without customs info (issue 21)', () => {
    const domestic = draft({
      countryCode: 'LV',
      additionalServices: ['insurance'],
      insuranceEur: '50',
      content: [line('2', '80')],
      natureOfTransaction: 'gift',
    });
    const orderLine = toOrderWrite(domestic, { step: 3, withContent: true }).orderLines[0];
    expect(orderLine?.content).toEqual([expect.objectContaining({ name: 'Book', weight: 2000, value: 8000 })]);
    expect(orderLine?.customsInfo).toBeNull();
    const abroad = toOrderWrite({ ...domestic, countryCode: 'US' }, { step: 3, withContent: true }).orderLines[0];
    expect(abroad?.customsInfo?.natureOfTransaction).toBe('gift');
  });

  it('comes back from the saved order as the same draft', () => {
    const body = toOrderWrite(filled, { step: 3, withContent: true });
    const [orderLine] = body.orderLines;
    const resource = {
      '@id': '/api/orders/abc',
      '@type': 'Order' as const,
      key: 'abc',
      account: null,
      status: 'unfinished' as const,
      version: 1,
      step: 3,
      steps: [],
      discountCode: null,
      termsAccepted: true,
      privacyAccepted: false,
      eNotification: 'agree' as const,
      price: null,
      priceViolations: [],
      paidAt: null,
      createdAt: '2026-11-22T10:00:00Z',
      updatedAt: '2026-11-22T10:00:00Z',
      orderLines: [
        {
          '@id': '/api/order_lines/1',
          id: 1,
          status: 'unfinished' as const,
          workFlow: '/api/work_flows/7',
          attributes: orderLine?.attributes ?? {},
          services: orderLine?.services ?? null,
          sender: orderLine?.sender ?? null,
          receiver: orderLine?.receiver ?? null,
          content: orderLine?.content ?? [],
          customsInfo: orderLine?.customsInfo ?? null,
          discountCode: null,
          approvals: ['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE'],
          barcode: null,
          price: null,
          createdAt: '2026-11-22T10:00:00Z',
          updatedAt: '2026-11-22T10:00:00Z',
        },
      ],
    };
    const back = fromOrderResource(resource, 'parcel', workFlow);
    expect(back.weightText).toBe('1.2');
    expect(back.insuranceEur).toBe('150');
    expect(back.receiverLocation).toEqual({ id: 'lp-2', label: 'New York locker' });
    expect(back.content.map(({ id: _id, ...rest }) => rest)).toEqual([
      { hsCode: '490199', name: 'Book', countryCode: 'LV', quantity: '1', weightKg: '1.2', valueEur: '300' },
    ]);
    expect(back.sender.name).toBe('Anna Bērziņa');
    expect(back.approvals).toEqual(['CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE']);
  });
});

describe('prefill from the calculator', () => {
  it('reads country, weight in grams and the workflow id, ignoring malformed values', () => {
    expect(prefillFromQuery(new URLSearchParams('country=lt&weight=2000&workFlow=12'))).toEqual({
      countryCode: 'LT',
      weightGrams: 2000,
      workFlowId: 12,
    });
    expect(prefillFromQuery(new URLSearchParams('country=Lithuania&weight=-5&workFlow=x'))).toEqual({});
  });

  it('shows the weight in the shipment type’s unit', () => {
    expect(applyPrefill(emptyDraft('parcel'), { weightGrams: 2500 }).weightText).toBe('2.5');
    expect(applyPrefill(emptyDraft('letter'), { weightGrams: 20 }).weightText).toBe('20');
  });
});
