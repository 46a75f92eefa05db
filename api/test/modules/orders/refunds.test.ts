/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import { orders, paymentRefunds, payments } from '../../../src/modules/orders/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 19: an administrator's refund decision gives money back through the payment's provider,
// never more than was paid (Stripe's refunds: api/test/modules/payments/stripe.test.ts).

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('refunded-user');
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
const request = requester(() => testApp);

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

async function paidOrder(): Promise<{ key: string; amount: number }> {
  const order = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
  const started = await request('POST', `${order['@id']}/payments`, user, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const [row] = await testApp.db.orm
    .select({ amount: payments.amount })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.key, order.key));
  return { key: order.key, amount: row!.amount };
}

it('refunds part, then the rest, and refuses anything beyond what was paid', async () => {
  const { key, amount } = await paidOrder();
  const url = `/api/admin/orders/${key}/refunds`;
  const part = await request('POST', url, ADMIN, { amountCents: 100, reason: 'Complaint 17: parcel late' });
  expect(part.status).toBe(201);
  expect(part.body).toMatchObject({ amountCents: 100, refundedCents: 100, remainingCents: amount - 100 });
  expect(part.body.refundId).toMatch(/^sandbox-refund-/);

  const rest = await request('POST', url, ADMIN, { reason: 'Complaint 17: the rest' });
  expect(rest.body).toMatchObject({ amountCents: amount - 100, refundedCents: amount, remainingCents: 0 });

  const beyond = await request('POST', url, ADMIN, { amountCents: 1, reason: 'once more' });
  expect(beyond.status).toBe(422);
  // Two refunds, two audit rows (the refused third writes none), newest first (issue 14).
  const trail = await request('GET', `/api/admin/audit?entityType=order_refund&entityId=${key}`, ADMIN);
  expect(
    trail.body['hydra:member'].map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after]),
  ).toEqual([
    [null, expect.objectContaining({ amountCents: amount - 100, remainingCents: 0 })],
    [null, expect.objectContaining({ amountCents: 100, remainingCents: amount - 100 })],
  ]);
  expect(beyond.body.violations).toEqual([
    expect.objectContaining({ propertyPath: 'amountCents', code: 'REFUND_TOO_MUCH' }),
  ]);

  const recorded = await testApp.db.orm.select({ amount: paymentRefunds.amount }).from(paymentRefunds);
  expect(recorded.map((row) => row.amount).reduce((sum, value) => sum + value, 0)).toBe(amount);
});

it('is for administrators only, needs a reason and a paid order', async () => {
  const { key } = await paidOrder();
  const url = `/api/admin/orders/${key}/refunds`;
  expect((await request('POST', url, user, { reason: 'mine' })).status).toBe(403);
  expect((await request('POST', url, {}, { reason: 'anyone' })).status).toBe(401);
  expect((await request('POST', url, ADMIN, { reason: ' ' })).status).toBe(422);
  expect((await request('POST', url, ADMIN, { reason: 'x', amountCents: -5 })).status).toBe(422);
  const unpaid = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
  expect((await request('POST', `/api/admin/orders/${unpaid.key}/refunds`, ADMIN, { reason: 'x' })).status).toBe(422);
  expect((await request('POST', '/api/admin/orders/no-such-key/refunds', ADMIN, { reason: 'x' })).status).toBe(404);
});
