/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { AddressInfo } from 'node:net';
import { shipAParcel } from '../../../examples/ship-a-parcel';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';

// Issue 20 item 6: the README's "Ship from your system" example (api/examples/ship-a-parcel.ts),
// run as written against a listening portal API with a company's key: if the example stops
// working, this fails, so the guide cannot drift from the API.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('example-main-admin');
let portalUrl: string;
let companyId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  const adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'shop@company.test', companyName: 'SIA Piemērs' })
    .returning();
  companyId = company?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values({ userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  portalUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => testApp?.close());

async function keyWith(scopes: string[]): Promise<string> {
  const created = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, { name: 'Shop', scopes });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

it('prices, orders, pays on invoice, prints the label and tracks the parcel, as the README shows', async () => {
  const steps: string[] = [];
  const shipment = await shipAParcel({
    portalUrl,
    apiKey: await keyWith(['read', 'ship', 'track']),
    report: (line) => steps.push(line),
  });
  expect(shipment.trackingNumber).toMatch(/^[A-Z]{2}\d{9}LV$/);
  expect(shipment.priceCents).toBeGreaterThan(0);
  expect(shipment.label.contentType).toBe('application/pdf');
  expect(Buffer.from(shipment.label.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  expect(shipment.status).toBe('paid');
  expect(steps.map((line) => line.split(':')[0])).toEqual(['product', 'order', 'paid', 'label', 'tracking']);
  // The order is the company's, as its members see it in the portal.
  const order = await request('GET', shipment.order, { ...mainAdmin, 'x-account-id': String(companyId) });
  expect(order.status).toBe(200);
  expect(order.body.status).toBe('paid');
});

it('prints the label for a thermal printer when asked for zpl', async () => {
  const shipment = await shipAParcel({
    portalUrl,
    apiKey: await keyWith(['read', 'ship', 'track']),
    labelFormat: 'zpl',
    report: () => {},
  });
  const zpl = Buffer.from(shipment.label.bytes).toString('utf8');
  expect(zpl.startsWith('^XA')).toBe(true);
  expect(zpl).toContain(shipment.trackingNumber);
});

it('stops at the step the key is not allowed, with the API’s reason', async () => {
  await expect(shipAParcel({ portalUrl, apiKey: await keyWith(['read', 'ship']), report: () => {} })).rejects.toThrow(
    /^track: 403 .*API_KEY_SCOPE_MISSING/,
  );
});
