/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import { pseudonymiseArchivedOrders } from '../../../src/modules/orders';
import { orderLines, orders } from '../../../src/modules/orders/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { botCheckHeader, completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 19, item 3: deleting an account must not turn its orders into visitor orders that anyone
// with the key can read, download or change. Unpaid orders go; paid ones are archived out of
// every key's reach, and their parties' personal data are removed after the retention period.

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('leaving-user');
const request = requester(() => testApp);

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

async function orderRow(key: string) {
  const [row] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
  return row;
}

it('deletes the unpaid orders, archives the paid ones out of every key’s reach, and pseudonymises them later', async () => {
  const account = await request('POST', '/api/accounts', user, { type: 'private' });
  expect(account.status).toBe(201);
  const unpaid = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
  const paid = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
  const started = await request('POST', `${paid['@id']}/payments`, user, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  expect((await request('GET', paid['@id'], user)).body.status).toBe('paid');

  // Someone else cannot delete it; its main administrator can.
  expect((await request('DELETE', account.body['@id'], verifiedUser('stranger'))).status).toBe(404);
  expect((await request('DELETE', account.body['@id'], user)).status).toBe(204);

  expect(await orderRow(unpaid.key)).toBeUndefined();
  const archived = await orderRow(paid.key);
  expect(archived?.archivedAt).toBeInstanceOf(Date);
  expect(archived?.accountId).toBeNull();

  // No key reaches it any more: not as the former owner, not as a visitor with the key.
  for (const [method, url, asOwner] of [
    ['GET', `/api/orders/${paid.key}`, true],
    ['GET', `/api/public/orders/${paid.key}`, false],
    ['GET', `/api/public/orders/${paid.key}/documents/label`, false],
    ['PUT', `/api/public/orders/${paid.key}`, false],
    ['POST', `/api/public/orders/${paid.key}/payments`, false],
    ['DELETE', `/api/public/orders/${paid.key}`, false],
  ] as const) {
    // A visitor's writes carry a solved bot check (single use), so the answer is about the order.
    const headers = asOwner ? user : method === 'GET' || method === 'DELETE' ? {} : await botCheckHeader(() => testApp);
    const body = method === 'PUT' ? completed(parcelWorkflow, 2) : method === 'POST' ? {} : undefined;
    const answer = await request(method, url, headers, body);
    expect({ method, url, status: answer.status }).toEqual({ method, url, status: 404 });
  }

  // Within the retention period the post keeps the parties; after it, only country and post code.
  expect(await pseudonymiseArchivedOrders(testApp.db.orm, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(0);
  expect(await pseudonymiseArchivedOrders(testApp.db.orm, new Date(Date.now() + 1000))).toBe(1);
  const [line] = await testApp.db.orm.select().from(orderLines).where(eq(orderLines.orderId, archived!.id));
  expect(line?.receiverName).toBeNull();
  expect(line?.receiver).toEqual({ address: { countryCode: 'LV', postCode: 'LV-4101' } });
  expect(line?.sender).toEqual({ address: { countryCode: 'LV', postCode: 'LV-1010' } });
  // The shipment itself stays on record (its S10 number, price and statuses).
  expect(line?.barcode).toMatch(/^[A-Z]{2}\d{9}[A-Z]{2}$/);
  expect(await pseudonymiseArchivedOrders(testApp.db.orm, new Date(Date.now() + 1000))).toBe(0);
});
