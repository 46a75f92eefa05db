/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { shipWithTestKey } from '../../../examples/shop-integration/ship';
import { OPENAPI_DOCUMENT_PATH } from '../../src/http/openapi';
import { accounts, userAccounts } from '../../src/modules/identity/schema';
import { startTestApp, type TestApp } from '../helpers';
import { requester, verifiedUser } from '../modules/orders/order-fixtures';

// Issue 38 item 7: examples/shop-integration ships a parcel end to end with a test key through the
// client generated from the public document, against a listening portal, in `npm test`; and its
// generated client is the current document's.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('shop-integration-admin');
let portalUrl: string;
let testKey: string;

beforeAll(async () => {
  testApp = await startTestApp();
  const adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'shop-integration@company.test', companyName: 'SIA Veikals' })
    .returning();
  await testApp.db.orm
    .insert(userAccounts)
    .values({ userId: adminId, accountId: company?.id ?? 0, role: 'MAIN_ADMIN' });
  const created = await request('POST', `/api/accounts/${company?.id}/api_keys`, mainAdmin, {
    name: 'Shop (test)',
    scopes: ['read', 'ship', 'track'],
    mode: 'test',
  });
  expect(created.status).toBe(201);
  testKey = created.body.key;
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  portalUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => testApp?.close());

it('prices, orders, pays, prints the label and follows the parcel to delivered with a test key', async () => {
  const steps: string[] = [];
  const run = await shipWithTestKey(portalUrl, testKey, (line) => steps.push(line));
  expect(run.trackingNumber).toMatch(/^[A-Z]{2}\d{9}LV$/);
  expect(run.labelBytes).toBeGreaterThan(0);
  expect(run.journey).toEqual(['ACCEPTED_POST_OFFICE', 'SORTED', 'IN_TRANSIT', 'READY_FOR_PICK_UP', 'DELIVERED']);
  expect(run.finalStatus).toBe('delivered');
  expect(steps[0]).toMatch(/^account \/api\/accounts\/\d+, scopes read ship track$/);
  // A live key's list never shows the test order.
  const list = await request('GET', '/api/orders', mainAdmin);
  expect(JSON.stringify(list.body)).not.toContain(run.order);
});

it('carries a client that is the public document’s (generate.ts --from-api writes it)', async () => {
  const document = (await testApp.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).body;
  const check = spawnSync(
    'node',
    ['--import', 'tsx', path.join(__dirname, '../../../examples/shop-integration/generate.ts'), '--check'],
    { input: document, encoding: 'utf8' },
  );
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});
