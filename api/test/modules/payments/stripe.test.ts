/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { AddressInfo } from 'node:net';
import { isValidS10 } from '@portal/shared-contracts/s10';
import { eq } from 'drizzle-orm';
import { type StripeStandIn, startStripeStandIn, stripeSignature } from '../../../../infra/stripe-standin/server';
import { loadConfig } from '../../../src/config';
import { orders, payments } from '../../../src/modules/orders/schema';
import { StripePaymentProvider } from '../../../src/modules/payments';
import { startTestApp, type TestApp } from '../../helpers';
import { completed, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Card payments through Stripe Checkout, end to end against the local stand-in that speaks
// Stripe's HTTP API: the SDK creates the hosted session, the payer pays on the stand-in's page,
// the stand-in delivers a webhook signed with Stripe's scheme, the portal verifies it and settles.

const SECRET_KEY = 'sk_test_portal';
const WEBHOOK_SECRET = 'whsec_portal_test';
let testApp: TestApp;
let standIn: StripeStandIn;
let parcelWorkflow: number;
let portal: string;
const user = verifiedUser('card-payer');
const request = requester(() => testApp);

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: '' });
  testApp = await startTestApp({
    config: loadConfig({
      ...process.env,
      RATE_LIMIT: 'off',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PORTAL_URL: 'http://127.0.0.1:8080',
    }),
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  portal = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  standIn.setWebhookUrl(`${portal}/api/payment-callbacks/stripe`);
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await standIn?.close();
  await testApp?.close();
});

async function startCardPayment() {
  const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, user, {});
  expect(started.status).toBe(201);
  return { order: created.body, redirectUrl: started.body.redirectUrl as string };
}

async function press(redirectUrl: string, action: 'pay' | 'decline' | 'cancel') {
  return fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
  });
}

async function orderRow(key: string) {
  const [row] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
  return row!;
}

describe('Stripe Checkout through the stand-in', () => {
  it('sends the payer to the hosted page, settles the signed webhook and returns the payer to the order', async () => {
    const { order, redirectUrl } = await startCardPayment();
    expect(redirectUrl.startsWith(`${standIn.url}/c/pay/cs_test_`)).toBe(true);
    const session = [...standIn.sessions.values()].at(-1)!;
    expect(session.currency).toBe('eur');
    expect(session.success_url).toBe(`http://127.0.0.1:8080/orders/parcel/${order.key}/success`);

    const paid = await press(redirectUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(session.success_url);
    expect(standIn.failedDeliveries).toBe(0);
    const read = await request('GET', `/api/orders/${order.key}`, user);
    expect(read.body.status).not.toBe('unpaid');
    const [payment] = await testApp.db.orm
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await orderRow(order.key)).id));
    expect(payment).toMatchObject({ provider: 'stripe', providerPaymentId: session.id, status: 'paid' });
    for (const line of read.body.lines ?? []) expect(isValidS10(line.shipmentNumber)).toBe(true);
  });

  it('refuses a webhook with a wrong signature or an old timestamp, and accepts Stripe’s redelivery once settled', async () => {
    const { order, redirectUrl } = await startCardPayment();
    await press(redirectUrl, 'pay');
    const session = [...standIn.sessions.values()].at(-1)!;
    const event = JSON.stringify({
      id: 'evt_test_redelivered',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const post = (signature: string) =>
      fetch(`${portal}/api/payment-callbacks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: event,
      });
    expect((await post(stripeSignature(event, 'whsec_someone_else'))).status).toBe(400);
    expect((await post(stripeSignature(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    const again = await post(stripeSignature(event, WEBHOOK_SECRET));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'paid' });
    const tampered = JSON.stringify({ ...JSON.parse(event), data: { object: { ...session, amount_total: 1 } } });
    const forged = await fetch(`${portal}/api/payment-callbacks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(event, WEBHOOK_SECRET) },
      body: tampered,
    });
    expect(forged.status).toBe(400);
    expect((await orderRow(order.key)).id).toBeGreaterThan(0);
  });

  it('leaves the order payable when the card is declined or the payer goes back', async () => {
    const { order, redirectUrl } = await startCardPayment();
    const back = await press(redirectUrl, 'cancel');
    expect(back.headers.get('location')).toBe(`http://127.0.0.1:8080/orders/parcel/${order.key}/cancelled`);
    const second = await startCardPayment();
    await press(second.redirectUrl, 'decline');
    const [payment] = await testApp.db.orm
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await orderRow(second.order.key)).id));
    expect(payment?.status).toBe('declined');
    const retry = await request('POST', `${second.order['@id']}/payments`, user, {});
    expect(retry.status).toBe(201);
  });

  it('refunds a paid payment, whole or in part, and never more than was paid', async () => {
    const provider = new StripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      portalUrl: 'http://127.0.0.1:8080',
      apiUrl: standIn.url,
    });
    const { redirectUrl } = await startCardPayment();
    await press(redirectUrl, 'pay');
    const session = [...standIn.sessions.values()].at(-1)!;
    const part = await provider.refund(session.id, 100);
    expect(part.refundId).toMatch(/^re_test_/);
    await provider.refund(session.id);
    expect(
      standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent).map((r) => r.amount),
    ).toEqual([100, session.amount_total - 100]);
    await expect(provider.refund(session.id, 1)).rejects.toThrow(/greater than the unrefunded amount/);
  });

  it('answers a refused key as Stripe does, and the portal reports it without a 500 of its own making', async () => {
    const wrongKey = new StripePaymentProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      portalUrl: 'http://127.0.0.1:8080',
      apiUrl: standIn.url,
    });
    const payment = (returnUrl: string) =>
      wrongKey.startPayment({ reference: 'r', amountCents: 100, currency: 'EUR', description: 'x', returnUrl });
    await expect(payment('/orders/parcel/k')).rejects.toThrow(/Invalid API Key/);
    await expect(payment('https://evil.example/')).rejects.toThrow(/not allowed/);
  });
});
