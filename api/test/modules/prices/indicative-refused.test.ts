/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { loadConfig, resolveIndicativePrices } from '../../../src/config/config';
import { startTestApp, type TestApp } from '../../helpers';
import { botCheckHeader, completed, requester, workflowId } from '../orders/order-fixtures';

// INDICATIVE_PRICES=refuse (the production default): a price resting on an indicative figure is
// shown, but nothing priced on one can be ordered until an administrator sets the official tariff.

let testApp: TestApp;
const request = requester(() => testApp);
beforeAll(async () => {
  testApp = await startTestApp({
    config: loadConfig({ ...process.env, RATE_LIMIT: 'off', INDICATIVE_PRICES: 'refuse' }),
  });
}, 60_000);
afterAll(() => testApp?.close());

const REFUSED = {
  propertyPath: 'orderLines[0].workFlow',
  message:
    'This product has only an indicative price so far: it can be ordered once an administrator sets its official tariff.',
  code: 'INDICATIVE_PRICE_REFUSED',
};

describe('INDICATIVE_PRICES', () => {
  it('is a setting of the configuration: refuse in production unless allowed, allow elsewhere', () => {
    expect(loadConfig({}).indicativePrices).toBe('allow');
    expect(loadConfig({ INDICATIVE_PRICES: 'refuse' }).indicativePrices).toBe('refuse');
    expect(resolveIndicativePrices(undefined, true)).toBe('refuse');
    expect(resolveIndicativePrices('allow', true)).toBe('allow');
    expect(() => loadConfig({ INDICATIVE_PRICES: 'sometimes' })).toThrow(/INDICATIVE_PRICES/);
  });
});

describe('with indicative prices refused', () => {
  it('still shows every price, and says which can be ordered', async () => {
    const response = await request(
      'POST',
      '/api/public/prices/by_country',
      {},
      {
        shipmentType: 'parcel',
        countryCodes: ['LV'],
        weight: 2000,
      },
    );
    const workflows = response.body.workFlows as PricedWorkFlow[];
    const orderable = workflows.filter((workflow) => workflow.orderable).map((workflow) => workflow.label);
    // Only the published domestic parcel tariff (tariffs.md §3) can be ordered.
    expect(orderable).toEqual(['Parcel, post office to post office, Latvia']);
    expect(workflows.every((workflow) => workflow.price !== null)).toBe(true);
    expect(workflows.filter((workflow) => !workflow.orderable).every((workflow) => workflow.price?.indicative)).toBe(
      true,
    );
  });

  it('refuses by_order with 422 on a product priced on an indicative figure', async () => {
    const letter = await workflowId(testApp, 'letter-lv-economy');
    const refused = await request(
      'POST',
      '/api/public/prices/by_order',
      {},
      {
        orderLines: [{ workFlow: letter, attributes: { weight: 50, countryCode: 'LV' } }],
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([REFUSED]);
    // The published 20 g figure is ordered as before.
    const published = await request(
      'POST',
      '/api/public/prices/by_order',
      {},
      {
        orderLines: [{ workFlow: letter, attributes: { weight: 20, countryCode: 'LV' } }],
      },
    );
    expect(published.status).toBe(200);
    expect(published.body.price).toMatchObject({ amount: 235, indicative: false });
  });

  it('refuses to create or validate such an order (422), and takes a published one', async () => {
    const locker = await workflowId(testApp, 'letter-lv-economy');
    const body = completed(locker);
    const created = await request('POST', '/api/public/orders', await botCheckHeader(() => testApp), body);
    expect(created.status).toBe(422);
    expect(created.body.violations).toEqual([REFUSED]);

    const validated = await request('POST', '/api/public/orders/validate', await botCheckHeader(() => testApp), body);
    expect(validated.status).toBe(422);
    expect(validated.body.violations).toContainEqual(REFUSED);

    const domestic = completed(await workflowId(testApp, 'parcel-lv-post-office-registered'));
    const accepted = await request('POST', '/api/public/orders', await botCheckHeader(() => testApp), domestic);
    expect(accepted.status).toBe(201);
    expect(accepted.body.price).toMatchObject({ amount: 701, indicative: false });
  });
});
