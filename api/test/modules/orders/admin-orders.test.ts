/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { ADMIN_ROLES, type AdminRole } from '@portal/shared-contracts/admin';
import { rigaDate } from '@portal/shared-contracts/calendar';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/modules/identity/schema';
import { orderLines, orders } from '../../../src/modules/orders/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 14 item 3: the back office's orders (search, show, create and edit for a client, cancel
// with a reason), for customer service and administrators only, each change audited.

let testApp: TestApp;
let parcelWorkflow: number;
const request = requester(() => testApp);
/** A signed-in user with exactly one back-office role (made-up people). */
const withRole = (role: AdminRole) => bearer({ sub: `orders-${role}`, email: `orders-${role}@example.com` });
const AGENT = withRole('customer_service');
const ADMIN = withRole('administrator');
const client = verifiedUser('admin-orders-client');
const otherClient = verifiedUser('admin-orders-other');
let clientAccount: number;
let agentId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  for (const role of ADMIN_ROLES) {
    const [row] = await testApp.db.orm
      .insert(users)
      .values({ subject: `orders-${role}`, email: `orders-${role}@example.com`, adminRoles: [role] })
      .returning({ id: users.id });
    if (role === 'customer_service') agentId = row?.id ?? 0;
  }
  const created = await request('POST', '/api/accounts', client, { type: 'private' });
  expect(created.status).toBe(201);
  clientAccount = Number(
    String(created.body['@id'] ?? created.body.id)
      .split('/')
      .pop(),
  );
  expect((await request('POST', '/api/accounts', otherClient, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const newOrder = async (who = client) => {
  const order = await request('POST', '/api/orders', who, completed(parcelWorkflow));
  expect(order.status).toBe(201);
  return order.body as { key: string; '@id': string; version: number };
};

const auditOf = async (key: string) =>
  (await request('GET', `/api/admin/audit?entityType=order&entityId=${key}`, ADMIN)).body['hydra:member'] as {
    before: { status?: string; version?: number } | null;
    after: { status?: string; version?: number; cancellation?: { reason: string } | null } | null;
    method: string;
  }[];

describe('access', () => {
  const KEY = 'A'.repeat(24);
  const calls: [string, string, unknown][] = [
    ['GET', '/api/admin/orders', undefined],
    ['GET', `/api/admin/orders/${KEY}`, undefined],
    ['POST', '/api/admin/orders', {}],
    ['PUT', `/api/admin/orders/${KEY}`, {}],
    ['POST', `/api/admin/orders/${KEY}/cancel`, { reason: 'x' }],
  ];

  it.each(calls)('%s %s: customer service and administrators only', async (method, url, body) => {
    expect((await request(method as 'GET', url, {}, body)).status).toBe(401);
    expect((await request(method as 'GET', url, client, body)).status).toBe(403);
    for (const role of ['content_editor', 'product_manager'] as const) {
      expect((await request(method as 'GET', url, withRole(role), body)).status).toBe(403);
    }
    for (const role of ['customer_service', 'administrator'] as const) {
      // Let through: what answers is the route itself (a list, or the unknown order / bad body).
      expect([200, 404, 422]).toContain((await request(method as 'GET', url, withRole(role), body)).status);
    }
  });
});

describe('search', () => {
  it('finds a paid order by its shipment number, and orders by client, status and dates', async () => {
    const paid = await newOrder();
    const started = await request('POST', `${paid['@id']}/payments`, client, {});
    expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
    const [line] = await testApp.db.orm
      .select({ barcode: orderLines.barcode })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.key, paid.key));
    const barcode = line?.barcode as string;
    expect(barcode).toMatch(/^[A-Z]{2}\d{9}LV$/);
    const unpaid = await newOrder();
    const others = await newOrder(otherClient);

    // Typed in lower case with spaces, as agents do.
    const typed = `${barcode.slice(0, 2).toLowerCase()} ${barcode.slice(2, 6)} ${barcode.slice(6)}`;
    const byShipment = await request('GET', `/api/admin/orders?shipment=${encodeURIComponent(typed)}`, AGENT);
    expect(byShipment.status).toBe(200);
    expect(byShipment.body['hydra:member'].map((item: { key: string }) => item.key)).toEqual([paid.key]);
    expect(byShipment.body['hydra:member'][0]).toMatchObject({ status: 'paid', barcodes: [barcode], lineCount: 1 });
    expect(byShipment.body['hydra:member'][0].priceCents).toBeGreaterThan(0);

    const byClient = await request('GET', '/api/admin/orders?client=ADMIN-ORDERS-CLIENT&rowsPerPage=100', AGENT);
    const keys = byClient.body['hydra:member'].map((item: { key: string }) => item.key);
    expect(keys).toEqual(expect.arrayContaining([paid.key, unpaid.key]));
    expect(keys).not.toContain(others.key);
    expect(byClient.body['hydra:member'][0].client).toBe('admin-orders-client@example.com');

    const unpaidOnly = await request(
      'GET',
      `/api/admin/orders?account=${clientAccount}&status=unfinished&rowsPerPage=100`,
      AGENT,
    );
    const unpaidKeys = unpaidOnly.body['hydra:member'].map((item: { key: string }) => item.key);
    expect(unpaidKeys).toContain(unpaid.key);
    expect(unpaidKeys).not.toContain(paid.key);

    const today = rigaDate();
    const todays = await request(
      'GET',
      `/api/admin/orders?client=admin-orders-client&dateFrom=${today}&dateTill=${today}`,
      AGENT,
    );
    expect(todays.body['hydra:totalItems']).toBeGreaterThanOrEqual(2);
    const yesterday = await request('GET', '/api/admin/orders?client=admin-orders-client&dateTill=2020-01-01', AGENT);
    expect(yesterday.body['hydra:totalItems']).toBe(0);
    // Not a shipment number: nothing, rather than everything.
    const nonsense = await request('GET', '/api/admin/orders?shipment=hello', AGENT);
    expect(nonsense.body['hydra:totalItems']).toBe(0);
  });

  it('refuses wrong dates, a reversed period and unknown statuses with violations', async () => {
    const wrongDay = await request('GET', '/api/admin/orders?dateFrom=2026-02-30', AGENT);
    expect(wrongDay.status).toBe(400);
    expect(wrongDay.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'dateFrom', code: 'INVALID_DATE' }),
    ]);
    const reversed = await request('GET', '/api/admin/orders?dateFrom=2026-03-02&dateTill=2026-03-01', AGENT);
    expect(reversed.status).toBe(400);
    expect(reversed.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'dateTill', code: 'DATE_RANGE_REVERSED' }),
    ]);
    const status = await request('GET', '/api/admin/orders?status=lost', AGENT);
    expect(status.status).toBe(400);
    expect(status.body.violations).toEqual([expect.objectContaining({ propertyPath: 'status' })]);
    expect((await request('GET', '/api/admin/orders?page=0', AGENT)).status).toBe(400);
    expect((await request('GET', '/api/admin/orders?sneaky=1', AGENT)).status).toBe(400);
  });
});

describe('show, edit, cancel', () => {
  it('shows the order with its client', async () => {
    const order = await newOrder();
    const shown = await request('GET', `/api/admin/orders/${order.key}`, AGENT);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      key: order.key,
      status: 'unfinished',
      client: { account: `/api/accounts/${clientAccount}`, email: 'admin-orders-client@example.com' },
      createdBy: { email: 'admin-orders-client@example.com' },
      cancellation: null,
    });
    expect((await request('GET', `/api/admin/orders/${'B'.repeat(24)}`, AGENT)).status).toBe(404);
    expect((await request('GET', '/api/admin/orders/short', AGENT)).status).toBe(400);
  });

  it('edits an unfinished order with the version read, audited before and after; stale or paid is refused', async () => {
    const order = await newOrder();
    const body = completed(parcelWorkflow, order.version);
    body.orderLines[0]!.attributes.weight = 2500;
    const edited = await request('PUT', `/api/admin/orders/${order.key}`, AGENT, body);
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(order.version + 1);
    expect(edited.body.orderLines[0].attributes.weight).toBe(2500);
    // The client sees the agent's change.
    expect((await request('GET', order['@id'], client)).body.orderLines[0].attributes.weight).toBe(2500);

    const trail = await auditOf(order.key);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      method: 'PUT',
      before: { version: order.version },
      after: { version: order.version + 1 },
    });

    const stale = await request('PUT', `/api/admin/orders/${order.key}`, AGENT, body);
    expect(stale.status).toBe(409);
    const wrong = await request('PUT', `/api/admin/orders/${order.key}`, AGENT, {
      ...completed(parcelWorkflow, order.version + 1),
      step: 99,
    });
    expect(wrong.status).toBe(422);
    expect(await auditOf(order.key)).toHaveLength(1);
  });

  it('cancels with a reason, recording the agent; a cancelled or paid order cannot be cancelled', async () => {
    const order = await newOrder();
    const blank = await request('POST', `/api/admin/orders/${order.key}/cancel`, AGENT, { reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.violations).toEqual([expect.objectContaining({ propertyPath: 'reason' })]);
    const tooLong = await request('POST', `/api/admin/orders/${order.key}/cancel`, AGENT, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(422);

    const cancelled = await request('POST', `/api/admin/orders/${order.key}/cancel`, AGENT, {
      reason: 'Client called: sent by mistake',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancellation: { reason: 'Client called: sent by mistake', cancelledBy: agentId },
    });
    const trail = await auditOf(order.key);
    expect(trail).toEqual([
      expect.objectContaining({
        method: 'POST',
        before: expect.objectContaining({ status: 'unfinished' }),
        after: expect.objectContaining({
          status: 'cancelled',
          cancellation: expect.objectContaining({ reason: 'Client called: sent by mistake' }),
        }),
      }),
    ]);
    expect((await request('POST', `/api/admin/orders/${order.key}/cancel`, AGENT, { reason: 'again' })).status).toBe(
      422,
    );
    // An edit after the cancellation is refused too.
    expect(
      (await request('PUT', `/api/admin/orders/${order.key}`, AGENT, completed(parcelWorkflow, cancelled.body.version)))
        .status,
    ).toBe(422);

    const paid = await newOrder();
    const started = await request('POST', `${paid['@id']}/payments`, client, {});
    expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
    expect((await request('POST', `/api/admin/orders/${paid.key}/cancel`, AGENT, { reason: 'late' })).status).toBe(422);
    expect(await auditOf(paid.key)).toHaveLength(0);
  });
});

describe('create on behalf of a client', () => {
  it("creates an order in the client's account that the client can then read and pay", async () => {
    const created = await request('POST', '/api/admin/orders', AGENT, {
      ...completed(parcelWorkflow),
      account: `/api/accounts/${clientAccount}`,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      account: `/api/accounts/${clientAccount}`,
      status: 'unfinished',
      createdBy: null,
    });
    expect(created.body.price.amount).toBeGreaterThan(0);
    expect((await request('GET', `/api/orders/${created.body.key}`, client)).status).toBe(200);
    // Not the other client's.
    expect((await request('GET', `/api/orders/${created.body.key}`, otherClient)).status).toBe(404);
    const trail = await auditOf(created.body.key);
    expect(trail).toEqual([
      expect.objectContaining({
        method: 'POST',
        before: null,
        after: expect.objectContaining({ key: created.body.key }),
      }),
    ]);
  });

  it('needs an existing account and a valid order', async () => {
    const none = await request('POST', '/api/admin/orders', AGENT, completed(parcelWorkflow));
    expect(none.status).toBe(422);
    expect(none.body.violations).toEqual([expect.objectContaining({ propertyPath: 'account' })]);
    const unknown = await request('POST', '/api/admin/orders', AGENT, {
      ...completed(parcelWorkflow),
      account: 999_999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'account', code: 'ACCOUNT_NOT_FOUND' }),
    ]);
    const wrong = await request('POST', '/api/admin/orders', AGENT, { step: 'x', account: clientAccount });
    expect(wrong.status).toBe(422);
  });
});
