/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import type { OrderReport } from '@portal/shared-contracts/admin';
import { rigaDate } from '@portal/shared-contracts/calendar';
import { SERVER_MESSAGES_LV } from '@portal/shared-contracts/i18n/server-messages';
import { isTestS10, isValidS10, LIVE_SERIALS, TEST_SERIALS } from '@portal/shared-contracts/s10';
import { eq } from 'drizzle-orm';
import { handovers } from '../../../src/modules/handover/schema';
import { accounts, userAccounts, users } from '../../../src/modules/identity/schema';
import { archiveOrdersOfDeletedAccount } from '../../../src/modules/orders/archive';
import { orders, payments } from '../../../src/modules/orders/schema';
import { TEST_HELPER_MESSAGES, TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { webhookDeliveries } from '../../../src/modules/webhooks/schema';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
import { completed, type Headers, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 38 item 4: test keys make test-mode orders, paid in the sandbox, seen only by test keys,
// never handed to the post's systems, and moved through their life cycle by the test helper with
// every webhook event a live order would have.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('test-mode-admin');
const sortingSystem = bearer({ sub: 'sorting-system', scope: `openid ${TRACKING_INGEST_SCOPE}` });
let companyId: number;
let parcelWorkflow: number;
let testKey: Headers;
let liveKey: Headers;
const withKey = (key: string): Headers => ({ authorization: `Bearer ${key}` });

async function createKey(body: object) {
  const answer = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, body);
  expect(answer.status).toBe(201);
  return answer.body as { key: string; mode: string; prefix: string };
}

beforeAll(async () => {
  testApp = await startTestApp();
  const adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'test-mode@company.test', companyName: 'SIA Sandbox', separateInvoice: true })
    .returning();
  companyId = company?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values({ userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const test = await createKey({ name: 'Sandbox', scopes: ['read', 'ship', 'track', 'webhooks'], mode: 'test' });
  expect(test.key).toMatch(/^lvp_test_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  expect(test.mode).toBe('test');
  testKey = withKey(test.key);
  const live = await createKey({ name: 'Live', scopes: ['read', 'ship', 'track'] });
  expect(live.key).toMatch(/^lvp_live_/);
  expect(live.mode).toBe('live');
  liveKey = withKey(live.key);
}, 60_000);
afterAll(() => testApp?.close());

describe('test keys', () => {
  it('say so in GET /api/me, and a test key with a live prefix is not a key', async () => {
    expect((await request('GET', '/api/me', testKey)).body.mode).toBe('test');
    expect((await request('GET', '/api/me', liveKey)).body.mode).toBe('live');
    const forged = { authorization: testKey.authorization?.replace('lvp_test_', 'lvp_live_') ?? '' };
    const refused = await request('GET', '/api/me', forged);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_INVALID');
  });

  it('make orders only test keys see, and see no live orders', async () => {
    const testOrder = await request('POST', '/api/orders', testKey, completed(parcelWorkflow));
    expect(testOrder.status).toBe(201);
    const liveOrder = await request('POST', '/api/orders', liveKey, completed(parcelWorkflow));
    expect(liveOrder.status).toBe(201);
    const [row] = await testApp.db.orm
      .select()
      .from(orders)
      .where(eq(orders.key, testOrder.body['@id'].split('/').pop()));
    expect(row?.testMode).toBe(true);

    const listed = async (headers: Headers) =>
      (await request('GET', '/api/orders', headers)).body['hydra:member'].map((line: { order: string }) => line.order);
    expect(await listed(testKey)).toEqual([testOrder.body['@id']]);
    expect(await listed(liveKey)).toEqual([liveOrder.body['@id']]);
    expect(await listed({ ...mainAdmin, 'x-account-id': String(companyId) })).toEqual([liveOrder.body['@id']]);
    expect((await request('GET', testOrder.body['@id'], liveKey)).status).toBe(404);
    expect((await request('GET', testOrder.body['@id'], mainAdmin)).status).toBe(404);
    expect((await request('GET', liveOrder.body['@id'], testKey)).status).toBe(404);
  });
});

describe('a test order’s life', () => {
  it('is paid in the sandbox, never reaches the post, and is moved to delivered with every webhook', async () => {
    const endpoint = await request('POST', `/api/accounts/${companyId}/webhook_endpoints`, testKey, {
      url: 'https://shop.example.com/test-hooks',
      events: ['order.paid', 'shipment.status_changed'],
    });
    expect(endpoint.status).toBe(201);
    const order = (await request('POST', '/api/orders', testKey, completed(parcelWorkflow))).body['@id'];
    const key = order.split('/').pop();
    expect((await request('POST', `/api/test_helpers/orders/${key}/advance`, testKey)).status).toBe(422);

    const paid = await request('POST', `${order}/payments`, testKey, { method: 'invoice' });
    expect(paid.status).toBe(201);
    expect(paid.body.paid).toBe(true);
    const [row] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
    const [payment] = await testApp.db.orm
      .select()
      .from(payments)
      .where(eq(payments.orderId, row?.id ?? 0));
    expect(payment?.provider).toBe('test-invoice');
    // No hand-over code for the post's counters and lockers, once the paid order's event was consumed.
    await drainJobs(testApp);
    expect(
      await testApp.db.orm
        .select()
        .from(handovers)
        .where(eq(handovers.orderId, row?.id ?? 0)),
    ).toEqual([]);
    // The network's systems are never told of it.
    const number = (await request('GET', order, testKey)).body.orderLines[0].barcode as string;
    const inProgress = await request('GET', '/api/tracking/in-progress', sortingSystem);
    expect(inProgress.body['hydra:member'].map((shipment: { number: string }) => shipment.number)).not.toContain(
      number,
    );

    const scanned: (string | null)[] = [];
    for (let step = 0; step < 10; step++) {
      const moved = await request('POST', `/api/test_helpers/orders/${key}/advance`, testKey);
      expect(moved.status).toBe(200);
      const code = moved.body.shipments[0]?.scanned ?? null;
      scanned.push(code);
      if (code === null) break;
    }
    expect(scanned).toEqual(['ACCEPTED_POST_OFFICE', 'SORTED', 'IN_TRANSIT', 'READY_FOR_PICK_UP', 'DELIVERED', null]);
    const delivered = await request('GET', order, testKey);
    expect(delivered.body.orderLines[0].status).toBe('delivered');

    // The webhooks' consumer of the domain events writes the deliveries (its jobs).
    await drainJobs(testApp);
    const deliveries = await testApp.db.orm.select().from(webhookDeliveries);
    const events = deliveries.filter(
      (delivery) => delivery.shipmentNumber === number || delivery.eventType === 'order.paid',
    );
    expect(events.map((delivery) => delivery.eventType)).toEqual([
      'order.paid',
      ...Array(5).fill('shipment.status_changed'),
    ]);
  });

  it('is for test keys only: 403 TEST_MODE_ONLY for a live key, 404 for a live order', async () => {
    const liveOrder = (await request('POST', '/api/orders', liveKey, completed(parcelWorkflow))).body['@id'];
    const key = liveOrder.split('/').pop();
    const live = await request('POST', `/api/test_helpers/orders/${key}/advance`, liveKey);
    expect(live.status).toBe(403);
    expect(live.body.code).toBe('TEST_MODE_ONLY');
    expect((await request('POST', `/api/test_helpers/orders/${key}/advance`, testKey)).status).toBe(404);
    for (const message of Object.values(TEST_HELPER_MESSAGES)) expect(SERVER_MESSAGES_LV[message]).toMatch(/\S/);
  });
});

describe('test orders apart from the post’s business', () => {
  const ADMIN = bearer({ sub: 'test-mode-back-office', email: 'test-mode-back-office@example.com' });
  const REPORTS = bearer({ sub: 'test-mode-reports', email: 'test-mode-reports@example.com' });
  const serialOf = (number: string) => {
    const validation = isValidS10(number);
    if (!validation.valid) throw new Error(`${number} is not an S10 number`);
    return Number(validation.parts.serial);
  };
  /** Creates and pays an order with the key (invoice: paid at once) and answers its key and first S10 number. */
  const paidOrder = async (headers: Headers) => {
    const created = await request('POST', '/api/orders', headers, completed(parcelWorkflow));
    expect(created.status).toBe(201);
    const paid = await request('POST', `${created.body['@id']}/payments`, headers, { method: 'invoice' });
    expect(paid.status).toBe(201);
    expect(paid.body.paid).toBe(true);
    const order = await request('GET', created.body['@id'], headers);
    return { key: order.body.key as string, number: order.body.orderLines[0].barcode as string };
  };

  beforeAll(async () => {
    await testApp.db.orm.insert(users).values([
      { subject: 'test-mode-back-office', email: 'test-mode-back-office@example.com', adminRoles: ['administrator'] },
      { subject: 'test-mode-reports', email: 'test-mode-reports@example.com', adminRoles: ['product_manager'] },
    ]);
  });

  it('number test shipments from a range of their own, so the live numbers run on without gaps', async () => {
    const firstLive = await paidOrder(liveKey);
    const firstTest = await paidOrder(testKey);
    const secondTest = await paidOrder(testKey);
    const secondLive = await paidOrder(liveKey);

    expect(serialOf(secondLive.number)).toBe(serialOf(firstLive.number) + 1);
    for (const live of [firstLive, secondLive]) {
      expect(isTestS10(live.number)).toBe(false);
      expect(serialOf(live.number)).toBeLessThanOrEqual(LIVE_SERIALS.last);
    }
    expect(isTestS10(firstTest.number)).toBe(true);
    expect(serialOf(firstTest.number)).toBeGreaterThanOrEqual(TEST_SERIALS.first);
    expect(serialOf(secondTest.number)).toBe(serialOf(firstTest.number) + 1);
  });

  it('are missing from the back office’s order list, search, reports and archive', async () => {
    const live = await paidOrder(liveKey);
    const test = await paidOrder(testKey);
    const listed = async (query: string) => {
      const answer = await request('GET', `/api/admin/orders?rowsPerPage=100${query}`, ADMIN);
      expect(answer.status).toBe(200);
      return answer.body['hydra:member'].map((order: { key: string }) => order.key) as string[];
    };
    const everything = await listed('');
    expect(everything).toContain(live.key);
    expect(everything).not.toContain(test.key);
    expect(await listed(`&shipment=${live.number}`)).toEqual([live.key]);
    expect(await listed(`&shipment=${test.number}`)).toEqual([]);
    expect(await listed(`&account=${companyId}`)).not.toContain(test.key);

    const today = rigaDate();
    const report = async () => {
      const answer = await request(
        'GET',
        `/api/admin/reports/orders?groupBy=day&dateFrom=${today}&dateTill=${today}`,
        REPORTS,
      );
      expect(answer.status).toBe(200);
      return (answer.body as OrderReport).totals;
    };
    const [liveOrders, testOrders] = await Promise.all(
      [false, true].map(
        async (testMode) =>
          (await testApp.db.orm.select().from(orders)).filter((row) => row.testMode === testMode).length,
      ),
    );
    expect(testOrders).toBeGreaterThan(0);
    expect((await report()).orders).toBe(liveOrders);
    // A test order made now changes nothing in the report.
    const before = await report();
    await paidOrder(testKey);
    expect(await report()).toEqual(before);

    // The company closes: its orders are archived, and the archive lists the live ones only.
    await testApp.db.orm.transaction((tx) => archiveOrdersOfDeletedAccount(tx, companyId, new Date()));
    const archived = await request('GET', '/api/admin/archive/orders?itemsPerPage=100', ADMIN);
    expect(archived.status).toBe(200);
    const numbers = archived.body['hydra:member'].flatMap((order: { barcodes: string[] }) => order.barcodes);
    expect(numbers).toContain(live.number);
    expect(numbers.filter((number: string) => isTestS10(number))).toEqual([]);
    expect(archived.body['hydra:totalItems']).toBe(archived.body['hydra:member'].length);
  });
});
