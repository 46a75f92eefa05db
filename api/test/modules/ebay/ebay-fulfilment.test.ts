/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { bulkRowOfSale } from '@portal/shared-contracts/ebay';
import { BULK_COLUMNS, type BulkReport, type BulkRow } from '@portal/shared-contracts/orders';
import { isValidS10 } from '@portal/shared-contracts/s10';
import { eq } from 'drizzle-orm';
import type { EbayStandIn } from '../../../../infra/ebay-standin/server';
import { EbayService, ebayClientOf, TokenCipher } from '../../../src/modules/ebay';
import { ebayAccounts } from '../../../src/modules/ebay/schema';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { pressSandbox, requester, sender, verifiedUser, workflowId } from '../orders/order-fixtures';
import { configFor, link, startStandIn } from './ebay-fixtures';

// From sale to shipment and back to eBay (issue 15 items 3, 4), the import's paging, and the bad
// input of the issue: no address, 200 items, a revoked grant, eBay timing out or answering 500.

let standIn: EbayStandIn;
let testApp: TestApp;
const clock = new Date();
const request = requester(() => testApp);
const seller = verifiedUser('ebay-shipper');
const edgeSeller = verifiedUser('ebay-edge');
let config: ReturnType<typeof configFor>;
let parcelWorkflow: number;

beforeAll(async () => {
  standIn = await startStandIn();
  config = configFor(standIn);
  testApp = await startTestApp({ config, now: () => clock });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  for (const user of [seller, edgeSeller]) {
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});

async function salesOf(user: typeof seller) {
  return (await request('GET', '/api/ebay/sales', user)).body['hydra:member'] as {
    id: number;
    ebayOrderId: string;
    state: string;
    order: string | null;
    buyer: { name: string; phonePrefix: string | null; phone: string | null };
    address: { addressLine: string; city: string; postCode: string; countryCode: string } | null;
    items: { title: string; quantity: number; value: { cents: number } }[];
    fulfilment: { status: string; attempts: number; trackingNumber: string; lastProblem: string | null } | null;
  }[];
}

/** The one `ebay.fulfil` job there is at a time in this file, as the engine holds it. */
async function fulfilJob() {
  const jobs = await testApp.app.jobEngine.jobsOf('ebay.fulfil');
  return jobs[jobs.length - 1]!;
}

/** A series of /metrics by its name and labels (NaN when absent). */
async function metric(series: string): Promise<number> {
  const body = (await testApp.app.inject({ url: '/metrics' })).body;
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1));
}

/** Seconds from now until the job's next attempt. */
const secondsUntil = (at: Date) => (at.getTime() - Date.now()) / 1000;

describe('the import', () => {
  it('reads every page of getOrders with the fulfilment status filter', async () => {
    expect((await link(request, seller, 'demo-seller')).status).toBe(200);
    const pagesBefore = standIn.orderPages.length;
    const [account] = (await request('GET', '/api/ebay/accounts', seller)).body['hydra:member'];
    const small = new EbayService(testApp.db.orm, testApp.app.services.identity, {
      client: ebayClientOf(config.ebay),
      cipher: new TokenCipher(config.ebay.tokenKey),
      pageSize: 2,
    });
    expect((await small.refresh({ subject: 'ebay-shipper' } as never))[0]).toMatchObject({
      id: account.id,
      importProblem: null,
    });
    // Three sales awaiting shipment, two a page: offsets 0 and 2; the fulfilled one is filtered out.
    expect(standIn.orderPages.slice(pagesBefore)).toEqual([0, 2]);
    expect((await salesOf(seller)).map((sale) => sale.ebayOrderId).sort()).toEqual([
      '12-10001-00001',
      '12-10002-00002',
      '12-10003-00003',
    ]);
  });
});

describe('from sale to shipment and back to eBay', () => {
  it('pays the shipment made from a sale and tells eBay the S10 number, after two failures, once', async () => {
    const sale = (await salesOf(seller)).find((candidate) => candidate.ebayOrderId === '12-10001-00001')!;
    // eBay's `+37120000001`, as the portal's parties hold a phone.
    expect(sale.buyer).toMatchObject({ phonePrefix: '371', phone: '20000001' });
    const order = await request('POST', '/api/orders', seller, {
      step: 3,
      orderLines: [
        {
          workFlow: `/api/work_flows/${parcelWorkflow}`,
          attributes: { weight: 500, countryCode: 'LV' },
          sender,
          receiver: { name: sale.buyer.name, phonePrefix: '371', phone: '20000001', address: sale.address },
          content: sale.items.map((item) => ({ name: item.title, quantity: item.quantity, value: item.value.cents })),
        },
      ],
      termsAccepted: true,
      privacyAccepted: true,
      eNotification: 'agree',
    });
    expect(order.status).toBe(201);
    const attached = await request('POST', `/api/ebay/sales/${sale.id}/shipment`, seller, { order: order.body['@id'] });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ state: 'prepared', order: order.body['@id'] });
    // The same order cannot serve a second sale.
    const other = (await salesOf(seller)).find((candidate) => candidate.ebayOrderId === '12-10002-00002')!;
    const twice = await request('POST', `/api/ebay/sales/${other.id}/shipment`, seller, { order: order.body['@id'] });
    expect(twice.status).toBe(422);
    expect(twice.body.violations?.[0]?.code).toBe('EBAY_ORDER_NOT_USABLE');

    standIn.controls.failFulfilments = 2;
    const payment = await request('POST', `${order.body['@id']}/payments`, seller, {});
    expect((await pressSandbox(() => testApp, payment.body.redirectUrl, 'pay')).headers.location).toMatch(/success$/);
    // The payment wrote the job with it: its first attempt meets eBay's first 500.
    await drainJobs(testApp);
    let shipped = (await salesOf(seller)).find((candidate) => candidate.id === sale.id)!;
    expect(shipped.state).toBe('shipped');
    expect(shipped.fulfilment).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastProblem: 'eBay did not answer. Please try again later.',
    });
    expect(isValidS10(shipped.fulfilment!.trackingNumber).valid).toBe(true);

    // Not due yet: the declared back-off holds it (1 minute, up to twice that with the engine's jitter).
    let job = await fulfilJob();
    expect(job).toMatchObject({ state: 'retry', retryCount: 0 });
    expect(secondsUntil(job.startAfter)).toBeGreaterThan(50);
    expect(secondsUntil(job.startAfter)).toBeLessThanOrEqual(120);
    expect(await drainJobs(testApp)).toBe(0);
    // What operators see: the job waiting, since the payment, and its failed attempt.
    expect(await metric('portal_jobs_waiting{kind="ebay.fulfil"}')).toBe(1);
    expect(await metric('portal_jobs_oldest_waiting_seconds{kind="ebay.fulfil"}')).toBeGreaterThanOrEqual(0);
    expect(await metric('portal_job_attempts_total{kind="ebay.fulfil",outcome="retrying"}')).toBe(1);
    // Its back-off passed: the second attempt meets the second 500 and waits twice as long.
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(1);
    expect((await salesOf(seller)).find((candidate) => candidate.id === sale.id)!.fulfilment?.attempts).toBe(2);
    job = await fulfilJob();
    expect(job).toMatchObject({ state: 'retry', retryCount: 1 });
    expect(secondsUntil(job.startAfter)).toBeGreaterThan(110);
    expect(secondsUntil(job.startAfter)).toBeLessThanOrEqual(240);
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(1);
    shipped = (await salesOf(seller)).find((candidate) => candidate.id === sale.id)!;
    expect(shipped.fulfilment).toMatchObject({ status: 'done', attempts: 3, lastProblem: null });
    expect((await fulfilJob()).state).toBe('completed');
    expect(await metric('portal_jobs_waiting{kind="ebay.fulfil"}')).toBe(0);
    expect(await metric('portal_job_attempts_total{kind="ebay.fulfil",outcome="retrying"}')).toBe(2);
    expect(await metric('portal_job_attempts_total{kind="ebay.fulfil",outcome="completed"}')).toBe(1);
    expect(standIn.fulfilments).toEqual([
      expect.objectContaining({
        orderId: '12-10001-00001',
        trackingNumber: shipped.fulfilment!.trackingNumber,
        shippingCarrierCode: 'Other',
        lineItems: [{ lineItemId: expect.any(String), quantity: 1 }],
      }),
    ]);
    // Never twice: nothing is left to run, and the sale takes no other order.
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(0);
    expect(standIn.fulfilments).toHaveLength(1);
    const again = await request('POST', `/api/ebay/sales/${sale.id}/shipment`, seller, { order: order.body['@id'] });
    expect(again.body.violations?.[0]?.code).toBe('EBAY_ALREADY_SHIPPED');
  });
});

describe('several sales shipped together (the bulk path)', () => {
  it("makes rows of two sales, one order of their lines, and tells eBay each line's own S10 number", async () => {
    const waiting = (await salesOf(seller)).filter((sale) => sale.state === 'waiting');
    expect(waiting.map((sale) => sale.ebayOrderId).sort()).toEqual(['12-10002-00002', '12-10003-00003']);
    const world = await workflowId(testApp, 'parcel-world-standard-small');
    const template = {
      ...Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])),
      product: String(world),
      weight: '800',
      senderName: sender.name,
      senderEmail: sender.email,
      senderPhonePrefix: sender.phonePrefix,
      senderPhone: sender.phone,
      senderCountryCode: 'LV',
      senderAddressLine: sender.address.addressLine,
      senderCity: sender.address.city,
      senderPostCode: sender.address.postCode,
      natureOfTransaction: 'sale_of_goods',
    } as BulkRow;
    const rows = waiting.map((sale, index) => ({ row: index + 2, values: bulkRowOfSale(sale as never, template) }));
    const first = (await request('POST', '/api/orders/bulk/check', seller, { rows })).body as BulkReport;
    // The pounds are not turned into euros: the seller gives the value, as the row's problem says.
    const pounds = first.rows.find((row) => row.line.receiver?.name === 'Oliver Smith')!;
    expect(pounds.problems.map((problem) => problem.field)).toEqual(['receiverPhone', 'contentValue']);
    // What the seller fixes on the screen: the value, a name in Latin letters, a phone, and for
    // Lithuania a product that goes there (the template's world parcel serves outside the EEA).
    const eea = await workflowId(testApp, 'parcel-eea-standard-small');
    const fixed = rows.map(({ row, values }) => ({
      row,
      values: {
        ...values,
        product: values.countryCode === 'LT' ? String(eea) : values.product,
        contentValue: values.contentValue || '50.00',
        receiverName: values.receiverName === 'Дмитрий Волков' ? 'Dmitry Volkov' : values.receiverName,
        receiverPhonePrefix: '44',
        receiverPhone: '2079460000',
      },
    }));
    const report = (await request('POST', '/api/orders/bulk/check', seller, { rows: fixed })).body as BulkReport;
    expect(report.rows.map((row) => row.problems)).toEqual([[], []]);

    const order = await request('POST', '/api/orders', seller, {
      step: 4,
      orderLines: report.rows.map((row) => row.line),
      termsAccepted: true,
      privacyAccepted: true,
      eNotification: 'agree',
    });
    expect(order.status).toBe(201);
    const ids = waiting.map((sale) => sale.id);
    // Each sale once, and as many as the order has lines.
    for (const [body, path] of [
      [{ order: order.body['@id'], sales: [ids[0], ids[0]] }, 'sales'],
      [{ order: order.body['@id'], sales: [] }, 'sales'],
      [{ order: order.body['@id'], sales: ['1'] }, 'sales[0]'],
    ] as const) {
      const refused = await request('POST', '/api/ebay/sales/shipments', seller, body);
      expect(refused.status).toBe(422);
      expect(refused.body.violations[0].propertyPath).toBe(path);
    }
    const oneOfTwo = await request('POST', '/api/ebay/sales/shipments', seller, {
      order: order.body['@id'],
      sales: [ids[0]],
    });
    expect(oneOfTwo.body.violations?.[0]?.code).toBe('EBAY_ORDER_NOT_USABLE');
    // Another seller's sales are not there for them.
    expect(
      (await request('POST', '/api/ebay/sales/shipments', edgeSeller, { order: order.body['@id'], sales: ids })).status,
    ).toBe(404);
    expect((await salesOf(seller)).filter((sale) => ids.includes(sale.id)).every((sale) => !sale.order)).toBe(true);

    const attached = await request('POST', '/api/ebay/sales/shipments', seller, {
      order: order.body['@id'],
      sales: ids,
    });
    expect(attached.status).toBe(200);
    expect(attached.body['hydra:member']).toEqual([
      expect.objectContaining({ id: ids[0], state: 'prepared', order: order.body['@id'] }),
      expect.objectContaining({ id: ids[1], state: 'prepared', order: order.body['@id'] }),
    ]);

    const before = standIn.fulfilments.length;
    const payment = await request('POST', `${order.body['@id']}/payments`, seller, {});
    expect((await pressSandbox(() => testApp, payment.body.redirectUrl, 'pay')).headers.location).toMatch(/success$/);
    await drainJobs(testApp);
    expect(standIn.fulfilments).toHaveLength(before + 2);
    const lines = (await request('GET', order.body['@id'], seller)).body.orderLines as { barcode: string }[];
    const told = new Map(
      standIn.fulfilments.slice(before).map((fulfilment) => [fulfilment.orderId, fulfilment.trackingNumber]),
    );
    // Sale i went as line i: eBay has that line's number for it, and the two numbers differ.
    expect(told.get(waiting[0]!.ebayOrderId)).toBe(lines[0]!.barcode);
    expect(told.get(waiting[1]!.ebayOrderId)).toBe(lines[1]!.barcode);
    expect(lines[0]!.barcode).not.toBe(lines[1]!.barcode);
    expect((await salesOf(seller)).filter((sale) => ids.includes(sale.id)).map((sale) => sale.state)).toEqual([
      'shipped',
      'shipped',
    ]);
  }, 60_000);
});

describe('bad input', () => {
  it('a sale without an address or with 200 items cannot be shipped; the reason is beside the field', async () => {
    expect((await link(request, edgeSeller, 'edge-seller')).status).toBe(200);
    const sales = await salesOf(edgeSeller);
    const noAddress = sales.find((sale) => sale.address === null)!;
    const bulk = sales.find((sale) => sale.items.length === 200)!;
    const order = await request('POST', '/api/orders', edgeSeller, { step: 1, orderLines: [{}] });
    expect(order.status).toBe(201);
    const refusedAddress = await request('POST', `/api/ebay/sales/${noAddress.id}/shipment`, edgeSeller, {
      order: order.body.key,
    });
    expect(refusedAddress.status).toBe(422);
    expect(refusedAddress.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'address', code: 'EBAY_NO_ADDRESS' }),
    ]);
    const refusedItems = await request('POST', `/api/ebay/sales/${bulk.id}/shipment`, edgeSeller, {
      order: order.body.key,
    });
    expect(refusedItems.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'items', code: 'EBAY_TOO_MANY_ITEMS' }),
    ]);
    expect((await request('POST', `/api/ebay/sales/${bulk.id}/shipment`, edgeSeller, { order: 'no' })).status).toBe(
      422,
    );
    expect((await request('POST', '/api/ebay/sales/abc/shipment', edgeSeller, { order: order.body.key })).status).toBe(
      400,
    );
    // Nothing half-done: both sales still wait.
    expect((await salesOf(edgeSeller)).every((sale) => sale.state === 'waiting')).toBe(true);
  });

  it('eBay answering 500 or not at all: a clear message on the account, never a 500', async () => {
    standIn.controls.failOrders = 1;
    const failed = await request('POST', '/api/ebay/sales/refresh', edgeSeller);
    expect(failed.status).toBe(200);
    expect(failed.body['hydra:member'][0].importProblem).toBe('eBay did not answer. Please try again later.');
    standIn.controls.timeoutOrders = 1;
    const timedOut = await request('POST', '/api/ebay/sales/refresh', edgeSeller);
    expect(timedOut.status).toBe(200);
    expect(timedOut.body['hydra:member'][0].importProblem).toBe('eBay did not answer. Please try again later.');
    // The sales read before stay.
    expect(await salesOf(edgeSeller)).toHaveLength(2);
    const healed = await request('POST', '/api/ebay/sales/refresh', edgeSeller);
    expect(healed.body['hydra:member'][0].importProblem).toBeNull();
  });

  it('a revoked grant marks the account for linking again', async () => {
    standIn.revoke('edge-seller');
    standIn.expireAccessTokens();
    const accounts = (await request('GET', '/api/ebay/accounts', edgeSeller)).body['hydra:member'];
    await testApp.db.orm
      .update(ebayAccounts)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(ebayAccounts.id, accounts[0].id));
    const refreshed = await request('POST', '/api/ebay/sales/refresh', edgeSeller);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['hydra:member'][0]).toMatchObject({
      status: 'revoked',
      importProblem: 'eBay no longer accepts this link. Link the account again.',
    });
    // Linking it again is a new consent on the same account.
    expect((await request('POST', `/api/ebay/accounts/${accounts[0].id}/consent`, edgeSeller)).status).toBe(200);
  });
});
