/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { isValidS10 } from '@portal/shared-contracts/s10';
import { eq } from 'drizzle-orm';
import { rigaDate } from '../../../src/calendar';
import { discounts } from '../../../src/modules/discounts/schema';
import { OrderAccess } from '../../../src/modules/orders/access';
import { OrderPayments } from '../../../src/modules/orders/payment-service';
import { orders, payments } from '../../../src/modules/orders/schema';
import { OrderService } from '../../../src/modules/orders/service';
import type { VerifiedPaymentCallback } from '../../../src/modules/payments';
import { PaymentCallbackError } from '../../../src/modules/payments';
import { WorkflowCatalogue } from '../../../src/modules/workflows';
import { workFlows } from '../../../src/modules/workflows/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

let testApp: TestApp;
let parcelWorkflow: number;
let settlement: OrderPayments;
const user = verifiedUser('payer');

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  // The module's own settlement, as the provider's callback route reaches it.
  const orm = testApp.db.orm;
  const { catalogue, prices, identity, courier, labelPlaces } = testApp.app.services;
  const service = new OrderService(orm, catalogue, prices, new OrderAccess(orm, identity), courier, labelPlaces.places);
  settlement = new OrderPayments(orm, service, catalogue, {
    id: 'sandbox',
    startPayment: () => Promise.reject(new Error('not used')),
    parseCallback: () => Promise.reject(new Error('not used')),
  });
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

async function orderWithPayment() {
  const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, user, {});
  expect(started.status).toBe(201);
  return { order: created.body, redirectUrl: started.body.redirectUrl as string };
}

async function paymentsOf(key: string) {
  const [order] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
  return testApp.db.orm.select().from(payments).where(eq(payments.orderId, order!.id)).orderBy(payments.id);
}

function callbackFor(payment: typeof payments.$inferSelect, overrides: Partial<VerifiedPaymentCallback> = {}) {
  return {
    providerId: payment.provider,
    providerPaymentId: payment.providerPaymentId,
    eventId: `event-${Math.random()}`,
    reference: payment.reference,
    amountCents: payment.amount,
    currency: payment.currency,
    outcome: 'paid' as const,
    occurredAt: new Date(),
    ...overrides,
  };
}

describe('settlement', () => {
  it('refuses a callback for another amount or reference, and marks nothing paid', async () => {
    const { order } = await orderWithPayment();
    const [payment] = await paymentsOf(order.key);
    await expect(settlement.settle(callbackFor(payment!, { amountCents: payment!.amount - 1 }))).rejects.toThrow(
      PaymentCallbackError,
    );
    await expect(settlement.settle(callbackFor(payment!, { reference: 'another' }))).rejects.toThrow(
      PaymentCallbackError,
    );
    await expect(settlement.settle(callbackFor(payment!, { providerPaymentId: 'unknown' }))).rejects.toThrow(
      PaymentCallbackError,
    );
    expect((await request('GET', order['@id'], user)).body.status).toBe('unfinished');
    expect((await paymentsOf(order.key))[0]?.status).toBe('pending');
  });

  it('settles once: replayed and concurrent callbacks change nothing more', async () => {
    const { order } = await orderWithPayment();
    const [payment] = await paymentsOf(order.key);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settlement.settle(callbackFor(payment!))));
    expect(outcomes.map((result) => result.outcome)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid']);
    const paid = (await request('GET', order['@id'], user)).body;
    expect(paid).toMatchObject({ status: 'paid', version: 2 });
    // A late "declined" for the same payment does not undo it.
    expect((await settlement.settle(callbackFor(payment!, { outcome: 'declined' }))).outcome).toBe('paid');
    expect((await request('GET', order['@id'], user)).body).toEqual(paid);
  });

  it('two payments of one order: only the newest can pay, never both', async () => {
    const { order, redirectUrl: first } = await orderWithPayment();
    const second = await request('POST', `${order['@id']}/payments`, user, {});
    expect(second.status).toBe(201);
    // The first page's Pay comes back as cancelled: it was replaced by the second payment.
    expect((await pressSandbox(() => testApp, first, 'pay')).headers.location).toBe(
      `/orders/parcel/${order.key}/cancelled`,
    );
    expect((await request('GET', order['@id'], user)).body.status).toBe('unfinished');
    expect((await pressSandbox(() => testApp, second.body.redirectUrl, 'pay')).headers.location).toBe(
      `/orders/parcel/${order.key}/success`,
    );
    const statuses = (await paymentsOf(order.key)).map((payment) => payment.status);
    expect(statuses).toEqual(['cancelled', 'paid']);
  });

  it('an edit after the payment started voids it', async () => {
    const { order, redirectUrl } = await orderWithPayment();
    expect((await request('PUT', order['@id'], user, completed(parcelWorkflow, 1))).status).toBe(200);
    expect((await pressSandbox(() => testApp, redirectUrl, 'pay')).headers.location).toMatch(/\/cancelled$/);
    expect((await request('GET', order['@id'], user)).body.status).toBe('unfinished');
  });

  it('settles while the workflow catalogue has to reload (its snapshot older than its TTL)', async () => {
    const { order } = await orderWithPayment();
    const [payment] = await paymentsOf(order.key);
    const orm = testApp.db.orm;
    const { prices, identity, courier, labelPlaces } = testApp.app.services;
    // A catalogue whose snapshot is always too old: every read goes to the database.
    const reloading = new WorkflowCatalogue(orm, 0);
    const service = new OrderService(
      orm,
      reloading,
      prices,
      new OrderAccess(orm, identity),
      courier,
      labelPlaces.places,
    );
    const withReloads = new OrderPayments(orm, service, reloading, {
      id: 'sandbox',
      startPayment: () => Promise.reject(new Error('not used')),
      parseCallback: () => Promise.reject(new Error('not used')),
    });
    expect((await withReloads.settle(callbackFor(payment!))).outcome).toBe('paid');
    const paid = (await request('GET', order['@id'], user)).body;
    expect(paid.status).toBe('paid');
  });

  it('a declined payment leaves the order payable', async () => {
    const { order, redirectUrl } = await orderWithPayment();
    expect((await pressSandbox(() => testApp, redirectUrl, 'decline')).headers.location).toBe(
      `/orders/parcel/${order.key}/failed`,
    );
    expect((await request('GET', order['@id'], user)).body.status).toBe('unfinished');
    const retry = await request('POST', `${order['@id']}/payments`, user, {});
    expect((await pressSandbox(() => testApp, retry.body.redirectUrl, 'pay')).headers.location).toMatch(/\/success$/);
  });

  it('50 orders paid at once get distinct valid S10 numbers', async () => {
    const started = [];
    for (let index = 0; index < 50; index++) started.push(await orderWithPayment());
    const answers = await Promise.all(
      started.map(({ redirectUrl }) => pressSandbox(() => testApp, redirectUrl, 'pay')),
    );
    expect(answers.every((answer) => String(answer.headers.location).endsWith('/success'))).toBe(true);
    const barcodes = await Promise.all(
      started.map(async ({ order }) => (await request('GET', order['@id'], user)).body.orderLines[0].barcode as string),
    );
    expect(new Set(barcodes).size).toBe(50);
    for (const barcode of barcodes) expect(isValidS10(barcode).valid).toBe(true);
    // My orders finds a paid shipment by its number, however it is typed.
    const spaced = barcodes[7]!.replace(/^(..)(...)(...)(...)(..)$/, '$1 $2 $3 $4 $5').toLowerCase();
    const found = await request('GET', `/api/orders?search=${encodeURIComponent(spaced)}`, user);
    expect(found.body['hydra:member'].map((row: { barcode: string }) => row.barcode)).toEqual([barcodes[7]]);
    expect(
      (await request('GET', '/api/orders?status=paid&rowsPerPage=1', user)).body['hydra:totalItems'],
    ).toBeGreaterThanOrEqual(50);
  }, 120_000);
});

describe('discount code usage (SPEC §3 usage count, max count)', () => {
  it('counts a code once per paid shipment it lowered, not for replays, and stops it at its max count', async () => {
    await testApp.db.orm.insert(discounts).values({ code: 'ONCE10', type: 'percentage', value: 1000, maxCount: 1 });
    const usage = async () =>
      (await testApp.db.orm.select().from(discounts).where(eq(discounts.code, 'ONCE10')))[0]?.usageCount;
    const created = await request('POST', '/api/orders', user, {
      ...completed(parcelWorkflow),
      discountCode: 'once10',
    });
    expect(created.status).toBe(201);
    expect((await request('POST', `${created.body['@id']}/payments`, user, {})).status).toBe(201);
    const [payment] = await paymentsOf(created.body.key);
    expect(await usage()).toBe(0);
    expect((await settlement.settle(callbackFor(payment!))).outcome).toBe('paid');
    expect(await usage()).toBe(1);
    // A replayed callback settles nothing and counts nothing.
    expect((await settlement.settle(callbackFor(payment!))).outcome).toBe('paid');
    expect(await usage()).toBe(1);

    // Used up: the next order with the code is priced without it, and says so.
    const next = await request('POST', '/api/prices/by_order', user, {
      ...completed(parcelWorkflow),
      discountCode: 'ONCE10',
    });
    expect(next.status).toBe(200);
    expect(next.body.discountCodeIsValid).toBe(false);
    const undiscounted = await request('POST', '/api/prices/by_order', user, completed(parcelWorkflow));
    expect(next.body.price.amount).toBe(undiscounted.body.price.amount);
    expect(payment!.amount).toBeLessThan(undiscounted.body.price.amount);
  });

  it('does not count a code that lowered nothing', async () => {
    await testApp.db.orm
      .insert(discounts)
      .values({ code: 'LETTERS', type: 'percentage', value: 1000, workFlowIds: [1] });
    const { order } = await orderWithPayment();
    await testApp.db.orm.update(orders).set({ discountCode: 'LETTERS' }).where(eq(orders.key, order.key));
    const [payment] = await paymentsOf(order.key);
    expect((await settlement.settle(callbackFor(payment!))).outcome).toBe('paid');
    expect((await testApp.db.orm.select().from(discounts).where(eq(discounts.code, 'LETTERS')))[0]?.usageCount).toBe(0);
  });
});

describe('loyalty discounts (SPEC §4: assigned after N paid orders)', () => {
  it("passes the user's count of paid orders to the discounts module, which assigns at N", async () => {
    // The discounts module's service as the composition root gives it to the settlement.
    const { discounts: loyalty } = testApp.app.services;
    const withLoyalty = new OrderPayments(
      testApp.db.orm,
      new OrderService(
        testApp.db.orm,
        testApp.app.services.catalogue,
        testApp.app.services.prices,
        new OrderAccess(testApp.db.orm, testApp.app.services.identity),
        testApp.app.services.courier,
        testApp.app.services.labelPlaces.places,
      ),
      testApp.app.services.catalogue,
      {
        id: 'sandbox',
        startPayment: () => Promise.reject(new Error('not used')),
        parseCallback: () => Promise.reject(new Error('not used')),
      },
      () => new Date(),
      loyalty,
    );
    const loyal = verifiedUser('loyal-payer');
    expect((await request('POST', '/api/accounts', loyal, { type: 'private' })).status).toBe(201);
    await testApp.db.orm.insert(discounts).values({
      code: 'LOYAL2',
      kind: 'loyalty',
      type: 'percentage',
      value: 500,
      frequency: 'each',
      frequencyIndex: 2,
    });
    const held = async () => (await request('GET', '/api/user_discounts', loyal)).body['hydra:member'] as unknown[];
    const payOne = async () => {
      const created = await request('POST', '/api/orders', loyal, completed(parcelWorkflow));
      expect((await request('POST', `${created.body['@id']}/payments`, loyal, {})).status).toBe(201);
      const [payment] = await paymentsOf(created.body.key);
      expect((await withLoyalty.settle(callbackFor(payment!))).outcome).toBe('paid');
    };
    await payOne();
    expect(await held()).toEqual([]);
    await payOne();
    expect(await held()).toEqual([expect.objectContaining({ code: 'LOYAL2' })]);
  });
});

describe('concurrent edits', () => {
  it('of two PUTs of the same version one wins and the other gets 409', async () => {
    const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
    const [a, b] = await Promise.all([
      request('PUT', created.body['@id'], user, { ...completed(parcelWorkflow, 1), discountCode: 'A' }),
      request('PUT', created.body['@id'], user, { ...completed(parcelWorkflow, 1), discountCode: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'A' : 'B';
    expect((await request('GET', created.body['@id'], user)).body).toMatchObject({ version: 2, discountCode: winner });
  });
});

describe('what cannot be paid', () => {
  it('an order whose tariff is on request answers "No price found"', async () => {
    const international = await workflowId(testApp, 'parcel-world-standard-small');
    const body = completed(international);
    Object.assign(body.orderLines[0]!, {
      attributes: { weight: 500, countryCode: 'US' },
      receiver: {
        name: 'John Smith',
        phonePrefix: '1',
        phone: '2025550123',
        address: { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701', region: 'IL' },
      },
      content: [{ name: 'Book', hsCode: '490199', countryCode: 'LV', quantity: 1, weight: 500, value: 2000 }],
    });
    body.step = 4;
    // Every seeded price is known (sourced or indicative): the figure becomes unknown from today.
    const [stored] = await testApp.db.orm.select().from(workFlows).where(eq(workFlows.id, international));
    const gap = {
      maxWeight: 500,
      insured: false,
      priceCents: null,
      placeholder: true,
      validFrom: rigaDate(),
      source: null,
    };
    await testApp.db.orm
      .update(workFlows)
      .set({ weightCosts: [...stored!.weightCosts, gap] })
      .where(eq(workFlows.id, international));
    testApp.app.services.catalogue.invalidate();
    const created = await request('POST', '/api/orders', user, body);
    expect(created.status).toBe(201);
    expect(created.body.price).toBeNull();
    expect(created.body.priceViolations[0]).toMatchObject({ message: 'No price found.' });
    const pay = await request('POST', `${created.body['@id']}/payments`, user, {});
    expect(pay.status).toBe(422);
    expect(pay.body.violations).toEqual([expect.objectContaining({ message: 'No price found.' })]);
  });

  it('an incomplete order lists what is missing', async () => {
    const created = await request('POST', '/api/orders', user, { orderLines: [{ workFlow: null }] });
    expect(created.status).toBe(201);
    const pay = await request('POST', `${created.body['@id']}/payments`, user, {});
    expect(pay.status).toBe(422);
    expect(pay.body.violations[0]).toMatchObject({
      propertyPath: 'orderLines[0].workFlow',
      message: 'This value should not be null.',
    });
  });
});

describe('my orders by the order status', () => {
  const ordersIn = async (orderStatus: string) =>
    (await request('GET', `/api/orders?orderStatus=${orderStatus}&rowsPerPage=100`, user)).body['hydra:member'].map(
      (row: { order: string; orderStatus: string }) => `${row.order} ${row.orderStatus}`,
    );

  it("follows each order's status onto its lines: paid, cancelled and unfinished", async () => {
    const { order: paid } = await orderWithPayment();
    const [payment] = await paymentsOf(paid.key);
    expect((await settlement.settle(callbackFor(payment!))).outcome).toBe('paid');
    const cancelled = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
    expect((await request('POST', `${cancelled['@id']}/cancel`, user, {})).status).toBe(200);
    const open = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;

    const paidRows = await ordersIn('paid');
    const cancelledRows = await ordersIn('cancelled');
    const unfinishedRows = await ordersIn('unfinished');
    expect(paidRows).toContain(`${paid['@id']} paid`);
    expect(cancelledRows).toContain(`${cancelled['@id']} cancelled`);
    expect(unfinishedRows).toContain(`${open['@id']} unfinished`);
    // Each order is under its own status only, and each row says the status it was found by.
    for (const [status, rows] of Object.entries({
      paid: paidRows,
      cancelled: cancelledRows,
      unfinished: unfinishedRows,
    })) {
      expect(rows.every((row: string) => row.endsWith(` ${status}`))).toBe(true);
    }
    const total = (await request('GET', '/api/orders?rowsPerPage=1', user)).body['hydra:totalItems'];
    expect(paidRows.length + cancelledRows.length + unfinishedRows.length).toBe(total);
  });
});
