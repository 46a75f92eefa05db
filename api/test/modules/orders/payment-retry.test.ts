/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 40 item 4: a declined payment, retried and paid, leaves one order in My orders, paid —
// the calls the wizard makes (the summary saved with the version read, then a new payment).

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('retry-payer');

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

it('declined, retried and paid: one order, paid, with one shipment number', async () => {
  const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const order = created.body;

  const first = await request('POST', `${order['@id']}/payments`, user, {});
  expect(first.status).toBe(201);
  expect((await pressSandbox(() => testApp, first.body.redirectUrl, 'decline')).headers.location).toBe(
    `/orders/parcel/${order.key}/failed`,
  );
  expect((await request('GET', order['@id'], user)).body.status).toBe('unfinished');

  // Retry: the wizard reopens the same order at its summary, saves it with the version it read, pays again.
  const reread = (await request('GET', order['@id'], user)).body;
  const saved = await request('PUT', order['@id'], user, completed(parcelWorkflow, reread.version));
  expect(saved.status).toBe(200);
  expect(saved.body.key).toBe(order.key);
  const second = await request('POST', `${order['@id']}/payments`, user, {});
  expect(second.status).toBe(201);
  expect((await pressSandbox(() => testApp, second.body.redirectUrl, 'pay')).headers.location).toBe(
    `/orders/parcel/${order.key}/success`,
  );

  const list = await request('GET', '/api/orders', user);
  expect(list.status).toBe(200);
  const rows = list.body['hydra:member'] as { order: string; orderStatus: string; barcode: string | null }[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ order: order['@id'], orderStatus: 'paid' });
  expect(rows[0]?.barcode).toMatch(/^[A-Z]{2}\d{9}LV$/);
  expect(list.body['hydra:totalItems']).toBe(1);
});
