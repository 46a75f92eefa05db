/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { bearer, startTestApp, type TestApp } from '../../helpers';

// Issue 21: on a default install (seed only, no tariff file) every product the calculator lists is
// priced and can be ordered; each price says whether it rests on an indicative figure.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
}, 60_000);
afterAll(() => testApp?.close());

async function byCountry(shipmentType: 'letter' | 'parcel', countryCode: string, weight: number) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/public/prices/by_country',
    payload: { shipmentType, countryCodes: [countryCode], weight },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { workFlows: PricedWorkFlow[]; unpriced: unknown[] };
}

async function byOrder(workflow: PricedWorkFlow, weight: number) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/public/prices/by_order',
    payload: { orderLines: [{ workFlow: workflow['@id'], attributes: { weight, countryCode: workflow.countryCode } }] },
  });
}

const PROBES: ['letter' | 'parcel', string, number][] = [
  ['parcel', 'LT', 2000],
  ['parcel', 'EE', 2000],
  ['parcel', 'DE', 2000],
  ['parcel', 'US', 2000],
  ['parcel', 'NO', 2000],
  ['letter', 'LV', 50],
  ['letter', 'DE', 50],
  ['letter', 'US', 50],
  ['letter', 'LV', 500],
  ['letter', 'DE', 500],
  ['letter', 'US', 500],
];

describe('the default catalogue', () => {
  it.each(PROBES)(
    'prices every %s to %s at %i g, and each can be ordered at that price',
    async (type, country, weight) => {
      const answer = await byCountry(type, country, weight);
      expect(answer.unpriced).toEqual([]);
      expect(answer.workFlows.length).toBeGreaterThan(1);
      for (const workflow of answer.workFlows) {
        expect({
          label: workflow.label,
          priceOnRequest: workflow.priceOnRequest,
          orderable: workflow.orderable,
        }).toEqual({
          label: workflow.label,
          priceOnRequest: false,
          orderable: true,
        });
        expect(workflow.price?.amount).toBeGreaterThan(0);
        const order = await byOrder(workflow, weight);
        expect(order.statusCode).toBe(200);
        expect(order.json().price.amount).toBe(workflow.price?.amount);
      }
    },
  );

  it('says which prices rest on an indicative figure', async () => {
    const latvia = await byCountry('parcel', 'LV', 2000);
    const amounts = new Map(latvia.workFlows.map((workflow) => [workflow.label, workflow.price]));
    // The 2026 domestic parcel is published (tariffs.md §3): 7.01 + 1.25 for the second kg.
    expect(amounts.get('Parcel, post office to post office, Latvia')).toMatchObject({ amount: 826, indicative: false });
    // Lockers have no published price: tariffs-indicative.md F.
    expect(amounts.get('Parcel locker S, Latvia')).toMatchObject({ amount: 297, indicative: true });

    const letters = await byCountry('letter', 'LV', 20);
    expect(letters.workFlows.find((workflow) => workflow.label === 'Plain letter, Latvia')?.price).toMatchObject({
      amount: 235,
      indicative: false,
    });
    const heavier = await byCountry('letter', 'LV', 50);
    expect(heavier.workFlows.find((workflow) => workflow.label === 'Plain letter, Latvia')?.price).toMatchObject({
      amount: 253,
      indicative: true,
    });
  });

  it('prices the figures tariffs-indicative.md lists for the United States', async () => {
    const answer = await byCountry('parcel', 'US', 2000);
    expect(Object.fromEntries(answer.workFlows.map((workflow) => [workflow.label, workflow.price?.amount]))).toEqual({
      'Small packet Economy (unregistered), rest of the world': 1572,
      // Standard and Standard+ carry the 0.46 online-preparation discount (2026).
      'Small packet Standard (registered, tracked), rest of the world': 1777 - 46,
      'Small packet Standard+ (insured), rest of the world': 1896 - 46,
      'Parcel Standard+ (insured), rest of the world': 3170,
      'Parcel Premium, rest of the world': 4755,
    });
  });

  it('an indicative service makes the price indicative even on a published tariff', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/public/prices/by_country',
      payload: {
        shipmentType: 'parcel',
        countryCodes: ['LV'],
        weight: 2000,
        shipmentSubType: 'registered',
        additionalServices: ['fragile'],
      },
    });
    const [domestic] = response.json().workFlows as PricedWorkFlow[];
    // 8.26 + fragile 20 % (1.65) + 21 % VAT (0.35), the fragile rate being indicative.
    expect(domestic?.price).toMatchObject({ amount: 826 + 165 + 35, indicative: true });
  });

  it('delivers within Latvia in one working day (SPEC §9) and states no time it does not know', async () => {
    const latvia = await byCountry('parcel', 'LV', 2000);
    expect(new Set(latvia.workFlows.map((workflow) => workflow.deliveryDays))).toEqual(new Set([1]));
    const abroad = await byCountry('parcel', 'DE', 2000);
    expect(new Set(abroad.workFlows.map((workflow) => workflow.deliveryDays))).toEqual(new Set([null]));
  });
});

describe('GET /api/admin/tariffs', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });

  it('is for administrators only', async () => {
    expect((await get('/api/admin/tariffs')).statusCode).toBe(401);
    expect((await get('/api/public/admin/tariffs')).statusCode).toBe(401);
    expect((await get('/api/admin/tariffs', bearer({ sub: 'someone', email: 'someone@example.com' }))).statusCode).toBe(
      403,
    );
  });

  it("lists each workflow's rows with what they rest on and until when", async () => {
    const response = await get('/api/admin/tariffs', ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body['hydra:totalItems']).toBe(41);
    const letters = body['hydra:member'].find((member: { seedKey: string }) => member.seedKey === 'letter-lv-economy');
    const twenty = letters.weightCosts.filter((row: { maxWeight: number }) => row.maxWeight === 20);
    expect(
      twenty.map((row: { validFrom: string; replacedFrom: string | null; inForce: boolean; origin: string }) => [
        row.validFrom,
        row.replacedFrom,
        row.inForce,
        row.origin,
      ]),
    ).toEqual([
      ['2022-01-01', '2023-01-01', false, 'official'],
      ['2023-01-01', '2025-01-01', false, 'official'],
      ['2025-01-01', '2026-01-01', false, 'official'],
      ['2026-01-01', null, true, 'official'],
    ]);
    expect(letters.weightCosts.find((row: { maxWeight: number }) => row.maxWeight === 50)).toMatchObject({
      origin: 'indicative',
      priceCents: 253,
      inForce: true,
      note: expect.stringMatching(/^indicative: /),
    });
    // Six indicative steps (50 g to 2 kg) price today.
    expect(letters.indicativeInForce).toBe(6);

    const domestic = body['hydra:member'].find(
      (member: { seedKey: string }) => member.seedKey === 'parcel-lv-post-office-registered',
    );
    expect(
      domestic.serviceOptions.map((option: { name: string; origin: string }) => [option.name, option.origin]),
    ).toEqual([
      ['insurance', 'official'],
      ['cashOnDeliveryToBank', 'indicative'],
      ['cashOnDeliveryToPNS', 'official'],
      ['cashOnDelivery', 'indicative'],
      ['fragile', 'indicative'],
      ['bigSize', 'indicative'],
    ]);
  });

  it('narrows to the workflows still priced on indicative figures', async () => {
    const all = (await get('/api/admin/tariffs', ADMIN)).json()['hydra:member'];
    const indicative = (await get('/api/admin/tariffs?indicative=true', ADMIN)).json()['hydra:member'];
    expect(indicative.length).toBeGreaterThan(30);
    expect(indicative.length).toBeLessThanOrEqual(all.length);
    expect(indicative.every((member: { indicativeInForce: number }) => member.indicativeInForce > 0)).toBe(true);
    expect((await get('/api/admin/tariffs?indicative=maybe', ADMIN)).statusCode).toBe(400);
  });
});
