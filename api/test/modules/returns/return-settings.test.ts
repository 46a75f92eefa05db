/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { isValidS10 } from '@portal/shared-contracts/s10';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { userAccounts } from '../../../src/modules/identity/schema';
import { ReturnPayments } from '../../../src/modules/returns/payments';
import { returnPayments, returns } from '../../../src/modules/returns/schema';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import {
  botCheckHeader,
  completed,
  type Headers,
  pressSandbox,
  requester,
  verifiedUser,
  workflowId,
} from '../orders/order-fixtures';
import { TestReceiver } from '../webhooks/receiver';
import { asAccount, companyAccount, returnServiceWithReloadingCatalogue, userIdOf } from './returns-fixtures';

// Issue 40 item 1, the shop's setting for returns its customers start on /returns (off, the shop
// pays, the customer pays) and the customer's payment before the label.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('return-settings-admin');
const clerk = verifiedUser('return-settings-clerk');
const outsider = verifiedUser('return-settings-outsider');
const privateOwner = verifiedUser('return-settings-private');
let companyId: number;
let otherCompanyId: number;
let privateAccountId: number;
let parcelWorkflow: number;
const receiver = new TestReceiver();

const asCompany = (headers: Headers = mainAdmin) => asAccount(headers, companyId);
const settingsPath = (account: number) => `/api/accounts/${account}/return_settings`;
const choices = { reason: 'wrongItem', dropOff: 'parcelLocker' };

/** A parcel within Latvia paid for the company, sent to `email`: its S10 number, order and line. */
async function paidLine(email: string): Promise<{ barcode: string; orderKey: string; orderLineId: number }> {
  const body = completed(parcelWorkflow);
  const [line] = body.orderLines;
  if (line) line.receiver = { ...line.receiver, email } as typeof line.receiver;
  const created = await request('POST', '/api/orders', asCompany(), body);
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, asCompany(), {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', created.body['@id'], asCompany());
  const [paid] = order.body.orderLines;
  return { barcode: paid.barcode, orderKey: order.body.key, orderLineId: paid.id };
}

const paidShipment = async (email: string): Promise<string> => (await paidLine(email)).barcode;

const start = async (body: object) => request('POST', '/api/public/returns', await botCheckHeader(() => testApp), body);
const choose = (customerReturns: string) => request('PUT', settingsPath(companyId), asCompany(), { customerReturns });

async function keyWith(scopes: string[]): Promise<Headers> {
  const created = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, { name: 'Shop', scopes });
  expect(created.status).toBe(201);
  return { authorization: `Bearer ${created.body.key}` };
}

beforeAll(async () => {
  testApp = await startTestApp({ config: loadConfig(testConfigSettings()) });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const [adminId, clerkId, outsiderId] = [
    await userIdOf(request, mainAdmin),
    await userIdOf(request, clerk),
    await userIdOf(request, outsider),
  ];
  await userIdOf(request, privateOwner);
  companyId = await companyAccount(testApp, 'SIA Iestatījumi');
  otherCompanyId = await companyAccount(testApp, 'SIA Citi');
  await testApp.db.orm.insert(userAccounts).values([
    { userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' },
    { userId: clerkId, accountId: companyId, role: 'USER' },
    { userId: outsiderId, accountId: otherCompanyId, role: 'MAIN_ADMIN' },
  ]);
  privateAccountId = (await request('POST', '/api/accounts', privateOwner, { type: 'private' })).body.id;
  await receiver.start();
  const endpoint = await request('POST', `/api/accounts/${companyId}/webhook_endpoints`, mainAdmin, {
    url: receiver.url,
    events: ['return.created'],
  });
  expect(endpoint.status).toBe(201);
  receiver.secret = endpoint.body.secret;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await receiver.stop();
});
afterEach(async () => {
  expect((await choose('shopPays')).status).toBe(200);
});

describe('the return settings of a company account', () => {
  it('default to the shop paying; its main administrator or a returns key changes them, beside the field', async () => {
    const read = await request('GET', settingsPath(companyId), asCompany());
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      '@id': settingsPath(companyId),
      '@type': 'ReturnSettings',
      customerReturns: 'shopPays',
    });
    const wrong = await choose('sometimes');
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations).toEqual([
      { propertyPath: 'customerReturns', message: expect.any(String), code: 'RETURN_SETTING_INVALID' },
    ]);
    expect((await choose('off')).body.customerReturns).toBe('off');
    // A member who is no main administrator reads them, and may not change them.
    expect((await request('GET', settingsPath(companyId), asCompany(clerk))).body.customerReturns).toBe('off');
    const byClerk = await request('PUT', settingsPath(companyId), asCompany(clerk), { customerReturns: 'shopPays' });
    expect(byClerk.status).toBe(403);
    expect(byClerk.body.violations[0]).toMatchObject({ code: 'RETURN_SETTINGS_NOT_ALLOWED' });

    const returnsKey = await keyWith(['returns']);
    const byKey = await request('PUT', settingsPath(companyId), returnsKey, { customerReturns: 'customerPays' });
    expect(byKey.status).toBe(200);
    expect((await request('GET', settingsPath(companyId), returnsKey)).body.customerReturns).toBe('customerPays');
  });

  it('are refused to a private account, another company, anonymous callers and keys without the scope', async () => {
    expect((await request('GET', settingsPath(companyId), {})).status).toBe(401);
    const ofPrivate = await request('GET', settingsPath(privateAccountId), asAccount(privateOwner, privateAccountId));
    expect(ofPrivate.status).toBe(403);
    expect(ofPrivate.body.violations[0]).toMatchObject({ code: 'RETURN_NOT_COMPANY' });
    // Another company's administrator: the account is not theirs, as if it did not exist.
    const foreign = await request('PUT', settingsPath(companyId), asAccount(outsider, otherCompanyId), {
      customerReturns: 'off',
    });
    expect(foreign.status).toBe(404);
    const shipKey = await keyWith(['read', 'ship']);
    const noScope = await request('PUT', settingsPath(companyId), shipKey, { customerReturns: 'off' });
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe('API_KEY_SCOPE_MISSING');
    const returnsKey = await keyWith(['returns']);
    expect((await request('GET', settingsPath(otherCompanyId), returnsKey)).status).toBe(404);
    expect((await request('GET', settingsPath(companyId), asCompany())).body.customerReturns).toBe('shopPays');
  });
});

describe('customer-started returns with the shop’s setting', () => {
  it('off: refused with its own code for the right pair only; the shop’s return codes still work', async () => {
    const { barcode, orderKey, orderLineId } = await paidLine('off@example.com');
    expect((await choose('off')).status).toBe(200);
    const refused = await start({ orderNumber: barcode, email: 'off@example.com', ...choices });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      { propertyPath: 'orderNumber', message: expect.any(String), code: 'RETURN_CUSTOMER_RETURNS_OFF' },
    ]);
    // A wrong pair says nothing of the shop or its setting.
    const wrongPair = await start({ orderNumber: barcode, email: 'other@example.com', ...choices });
    expect(wrongPair.body.violations[0]).toMatchObject({ code: 'RETURN_NOT_FOUND' });

    const code = await request('POST', '/api/return_codes', asCompany(), { orderKey, orderLineId });
    expect(code.status).toBe(201);
    const redeemed = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), {
      code: code.body.code,
      ...choices,
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ status: 'labelIssued', payer: 'shopOnAccount' });
  });

  it('shop pays: the label at once, on the shop’s account', async () => {
    const barcode = await paidShipment('shop-pays@example.com');
    const made = await start({ orderNumber: barcode, email: 'shop-pays@example.com', ...choices });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'labelIssued', payer: 'shopOnAccount' });
  });

  it('customer pays: the payment is settled while the products’ catalogue reloads (its snapshot older than its TTL)', async () => {
    // The label's S10 number needs the product; the catalogue reloads through the database client,
    // which inside the settlement's transaction would wait for it on PGlite's one connection.
    const barcode = await paidShipment('reloading-catalogue@example.com');
    expect((await choose('customerPays')).status).toBe(200);
    const made = await start({ orderNumber: barcode, email: 'reloading-catalogue@example.com', ...choices });
    expect(made.body.status).toBe('awaitingPayment');
    const paying = await request(
      'POST',
      `/api/public/returns/${made.body.key}/payments`,
      await botCheckHeader(() => testApp),
    );
    expect(paying.status).toBe(201);
    const [payment] = await testApp.db.orm
      .select()
      .from(returnPayments)
      .innerJoin(returns, eq(returns.id, returnPayments.returnId))
      .where(eq(returns.key, made.body.key));
    const { sandbox } = testApp.app.services;
    const service = returnServiceWithReloadingCatalogue(testApp);
    const settlement = new ReturnPayments({
      orm: testApp.db.orm,
      provider: sandbox,
      testProvider: sandbox,
      labelMaker: () => service.labelMaker(),
      committed: () => {},
      now: () => new Date(),
    });
    const { return_payments: paid } = payment!;
    const settled = await settlement.settle({
      providerId: paid.provider,
      providerPaymentId: paid.providerPaymentId,
      eventId: 'reloading-catalogue',
      reference: paid.reference,
      amountCents: paid.amount,
      currency: paid.currency,
      outcome: 'paid',
      occurredAt: new Date(),
    });
    expect(settled.outcome).toBe('paid');
    const done = await request('GET', `/api/public/returns/${made.body.key}`, {});
    expect(done.body).toMatchObject({ status: 'labelIssued', payer: 'customer' });
    expect(isValidS10(done.body.returnBarcode).valid).toBe(true);
  });

  it('customer pays: no label until paid; a declined payment is paid again, one return, one webhook', async () => {
    const barcode = await paidShipment('customer-pays@example.com');
    expect((await choose('customerPays')).status).toBe(200);
    const pair = { orderNumber: barcode, email: 'customer-pays@example.com' };
    const made = await start({ ...pair, ...choices });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'awaitingPayment',
      payer: 'customer',
      returnBarcode: null,
      label: null,
      reason: 'wrongItem',
    });
    expect(made.body.priceCents).toBeGreaterThan(0);
    const { key } = made.body as { key: string };
    expect((await testApp.app.inject({ url: `/api/public/returns/${key}/label` })).statusCode).toBe(404);

    // Paying needs the bot check, as every public write.
    expect((await request('POST', `/api/public/returns/${key}/payments`, {})).status).toBe(403);
    const declined = await request('POST', `/api/public/returns/${key}/payments`, await botCheckHeader(() => testApp));
    expect(declined.status).toBe(201);
    const back = await pressSandbox(() => testApp, declined.body.redirectUrl, 'decline');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/returns/${key}/failed`);
    const afterDecline = await request('GET', `/api/public/returns/${key}`, {});
    expect(afterDecline.body).toMatchObject({ status: 'awaitingPayment', returnBarcode: null });
    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === barcode)).toEqual([]);

    // Started again while it waits: the same return with the new choices, not a second one.
    const again = await start({ ...pair, reason: 'damaged', dropOff: 'postOffice' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ key, status: 'awaitingPayment', reason: 'damaged', dropOff: 'postOffice' });

    const paid = await request('POST', `/api/public/returns/${key}/payments`, await botCheckHeader(() => testApp));
    expect((await pressSandbox(() => testApp, paid.body.redirectUrl, 'pay')).headers.location).toBe(
      `/returns/${key}/success`,
    );
    const done = await request('GET', `/api/public/returns/${key}`, {});
    expect(done.body).toMatchObject({ status: 'labelIssued', payer: 'customer', dropOff: 'postOffice' });
    expect(isValidS10(done.body.returnBarcode).valid).toBe(true);
    const zpl = await testApp.app.inject({ url: `${done.body.label}?format=zpl` });
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body).toContain('Paid by sender');

    // Paid: nothing more to pay, and the pair names a return already made.
    const thirdPayment = await request(
      'POST',
      `/api/public/returns/${key}/payments`,
      await botCheckHeader(() => testApp),
    );
    expect(thirdPayment.status).toBe(422);
    expect(thirdPayment.body.violations[0]).toMatchObject({ code: 'RETURN_NOT_AWAITING_PAYMENT' });
    const twice = await start({ ...pair, ...choices });
    expect(twice.body.violations[0]).toMatchObject({ code: 'RETURN_ALREADY_CREATED' });

    const rows = await testApp.db.orm.select().from(returns).where(eq(returns.shipmentNumber, barcode));
    expect(rows).toHaveLength(1);
    const payments = await testApp.db.orm.select().from(returnPayments).where(eq(returnPayments.returnId, rows[0]!.id));
    expect(payments.map((payment) => payment.status).sort()).toEqual(['declined', 'paid']);
    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === barcode)).toEqual([
      expect.objectContaining({
        type: 'return.created',
        data: expect.objectContaining({ shipmentNumber: done.body.returnBarcode }),
      }),
    ]);
  });

  it('customer pays: the shop takes over a return its customer has not paid; the late payment makes no second label', async () => {
    const { barcode, orderKey, orderLineId } = await paidLine('gave-up@example.com');
    expect((await choose('customerPays')).status).toBe(200);
    const made = await start({ orderNumber: barcode, email: 'gave-up@example.com', ...choices });
    expect(made.body.status).toBe('awaitingPayment');
    const payment = await request(
      'POST',
      `/api/public/returns/${made.body.key}/payments`,
      await botCheckHeader(() => testApp),
    );
    expect(payment.status).toBe(201);

    const label = await request('POST', '/api/returns', asCompany(), { orderKey, orderLineId });
    expect(label.status).toBe(201);
    expect(label.body).toMatchObject({
      key: made.body.key,
      status: 'labelIssued',
      payer: 'shopOnAccount',
      reason: 'wrongItem',
      dropOff: 'parcelLocker',
    });
    expect(isValidS10(label.body.returnBarcode).valid).toBe(true);

    // The customer finishes paying after all: cancelled, the shop's label stays the only one.
    expect((await pressSandbox(() => testApp, payment.body.redirectUrl, 'pay')).headers.location).toMatch(
      /\/cancelled$/,
    );
    const again = await request('POST', '/api/returns', asCompany(), { orderKey, orderLineId });
    expect(again.body.violations[0]).toMatchObject({ code: 'RETURN_ALREADY_CREATED' });
    const rows = await testApp.db.orm.select().from(returns).where(eq(returns.shipmentNumber, barcode));
    expect(rows).toEqual([
      expect.objectContaining({ returnBarcode: label.body.returnBarcode, payer: 'shopOnAccount' }),
    ]);
    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === barcode).map((event) => event.type)).toEqual([
      'return.created',
    ]);
  });

  it('customer pays: a payment replaced by a newer one cannot make the label', async () => {
    const barcode = await paidShipment('two-tabs@example.com');
    expect((await choose('customerPays')).status).toBe(200);
    const made = await start({ orderNumber: barcode, email: 'two-tabs@example.com', ...choices });
    const path = `/api/public/returns/${made.body.key}/payments`;
    const first = await request('POST', path, await botCheckHeader(() => testApp));
    const second = await request('POST', path, await botCheckHeader(() => testApp));
    expect((await pressSandbox(() => testApp, first.body.redirectUrl, 'pay')).headers.location).toMatch(/\/cancelled$/);
    expect((await request('GET', `/api/public/returns/${made.body.key}`, {})).body.status).toBe('awaitingPayment');
    expect((await pressSandbox(() => testApp, second.body.redirectUrl, 'pay')).headers.location).toMatch(/\/success$/);
    expect((await request('GET', `/api/public/returns/${made.body.key}`, {})).body.status).toBe('labelIssued');
  });
});
