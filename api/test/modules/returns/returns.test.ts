/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { HANDOVER_REDEEM_SCOPE } from '@portal/shared-contracts/orders';
import { RETURN_CODE_PATTERN } from '@portal/shared-contracts/returns';
import { isValidS10 } from '@portal/shared-contracts/s10';
import { loadConfig } from '../../../src/config';
import { userAccounts } from '../../../src/modules/identity/schema';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
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

// Issue 40 item 1: a company's prepaid returns. Its members or an API key with the `returns` scope
// make a return label (or a code its customer redeems on the public page, behind the bot check);
// the return has its own S10 number, kept as the shipment's `returnBarcode`, a price from the
// tariffs, a label as PDF or ZPL, and `return.created` goes to the company's webhooks.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('returns-main-admin');
const outsider = verifiedUser('returns-outsider');
const privateOwner = verifiedUser('returns-private-owner');
let companyId: number;
let otherCompanyId: number;
let privateAccountId: number;
let parcelWorkflow: number;
const receiver = new TestReceiver();
const counter = bearer({ sub: 'returns-counter-1', scope: HANDOVER_REDEEM_SCOPE });
const sortingSystem = bearer({ sub: 'returns-sorting-system', scope: `openid ${TRACKING_INGEST_SCOPE}` });

const asCompany = (headers: Headers = mainAdmin) => asAccount(headers, companyId);

/** A ZPL label's printed text, its lines joined by a space (the notes wrap over two lines). */
const labelText = (zpl: string): string => [...zpl.matchAll(/\^FD([^^]*)\^FS/g)].map((match) => match[1]).join(' ');

/** A parcel within Latvia ordered and paid for the account: its order key and shipment (line). */
async function paidShipment(
  headers: Headers,
  receiverEmail?: string,
): Promise<{ orderKey: string; orderLineId: number; barcode: string }> {
  const body = completed(parcelWorkflow);
  if (receiverEmail) {
    const [line] = body.orderLines;
    if (line) line.receiver = { ...line.receiver, email: receiverEmail } as typeof line.receiver;
  }
  const created = await request('POST', '/api/orders', headers, body);
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, headers, {});
  expect(started.status).toBe(201);
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', created.body['@id'], headers);
  const [line] = order.body.orderLines;
  return { orderKey: order.body.key, orderLineId: line.id, barcode: line.barcode };
}

async function keyWith(scopes: string[]): Promise<Headers> {
  const created = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, { name: 'Shop', scopes });
  expect(created.status).toBe(201);
  return { authorization: `Bearer ${created.body.key}` };
}

beforeAll(async () => {
  testApp = await startTestApp({ config: loadConfig(testConfigSettings()) });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const [adminId, outsiderId] = [await userIdOf(request, mainAdmin), await userIdOf(request, outsider)];
  await userIdOf(request, privateOwner);
  companyId = await companyAccount(testApp, 'SIA Atpakaļ');
  otherCompanyId = await companyAccount(testApp, 'SIA Cits');
  await testApp.db.orm.insert(userAccounts).values([
    { userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' },
    { userId: outsiderId, accountId: otherCompanyId, role: 'MAIN_ADMIN' },
  ]);
  privateAccountId = (await request('POST', '/api/accounts', privateOwner, { type: 'private' })).body.id;
  await receiver.start();
  const endpoint = await request('POST', `/api/accounts/${companyId}/webhook_endpoints`, mainAdmin, {
    url: receiver.url,
    events: ['return.created', 'return.status_changed'],
  });
  expect(endpoint.status).toBe(201);
  receiver.secret = endpoint.body.secret;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await receiver.stop();
});

describe('a return label made by the company', () => {
  it('goes back from the receiver to the sender with its own S10 number, price, label and webhook', async () => {
    const shipment = await paidShipment(asCompany());
    const made = await request('POST', '/api/returns', asCompany(), {
      orderKey: shipment.orderKey,
      orderLineId: shipment.orderLineId,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      '@type': 'Return',
      status: 'labelIssued',
      code: null,
      orderKey: shipment.orderKey,
      shipmentNumber: shipment.barcode,
      payer: 'shopOnAccount',
    });
    const returnBarcode = made.body.returnBarcode as string;
    expect(isValidS10(returnBarcode).valid).toBe(true);
    expect(returnBarcode).not.toBe(shipment.barcode);
    expect(made.body.priceCents).toBeGreaterThan(0);

    // The shipment shows its return's number.
    const order = await request('GET', `/api/orders/${shipment.orderKey}`, asCompany());
    expect(order.body.orderLines[0]).toMatchObject({ barcode: shipment.barcode, returnBarcode });

    // The label: PDF by default, ZPL when asked, with the return's number; sender and receiver swapped.
    const pdf = await testApp.app.inject({ url: made.body.label });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await testApp.app.inject({ url: `${made.body.label}?format=zpl` });
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body.startsWith('^XA')).toBe(true);
    expect(zpl.body).toContain(returnBarcode);
    // The receiver (order-bodies' Cēsis address) is now the sender, the shop's Rīga address the receiver.
    expect(zpl.body.indexOf('LV-4101')).toBeLessThan(zpl.body.indexOf('LV-1010'));

    // One return per shipment.
    const again = await request('POST', '/api/returns', asCompany(), {
      orderKey: shipment.orderKey,
      orderLineId: shipment.orderLineId,
    });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'orderLineId', code: 'RETURN_ALREADY_CREATED' }),
    ]);

    // `return.created` reaches the company's endpoint once its job runs.
    await drainJobs(testApp);
    const events = receiver.events.filter((event) => event.type === 'return.created');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'return.created',
        data: {
          shipmentNumber: returnBarcode,
          status: 'paid',
          statusDate: made.body.labelIssuedAt,
          orderKey: shipment.orderKey,
          returnOf: shipment.barcode,
        },
      }),
    ]);

    const listed = await request('GET', '/api/returns', asCompany());
    expect(listed.status).toBe(200);
    expect(listed.body['hydra:member'].map((member: { key: string }) => member.key)).toContain(made.body.key);
  });

  it('refuses another account’s shipment, a private account, and callers without the returns scope', async () => {
    const shipment = await paidShipment(asCompany());
    const target = { orderKey: shipment.orderKey, orderLineId: shipment.orderLineId };
    expect((await request('POST', '/api/returns', {}, target)).status).toBe(401);
    const foreign = await request('POST', '/api/returns', asAccount(outsider, otherCompanyId), target);
    expect(foreign.status).toBe(422);
    expect(foreign.body.violations[0]).toMatchObject({ code: 'RETURN_LINE_NOT_RETURNABLE' });
    // Not a member of the company: refused before anything is looked up.
    expect((await request('POST', '/api/returns', asAccount(outsider, companyId), target)).status).toBe(403);
    const privateCall = await request('POST', '/api/returns', asAccount(privateOwner, privateAccountId), target);
    expect(privateCall.status).toBe(403);
    expect(privateCall.body.violations[0]).toMatchObject({ code: 'RETURN_NOT_COMPANY' });
    const malformed = await request('POST', '/api/returns', asCompany(), { ...target, orderLineId: 'x' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.violations[0]).toMatchObject({ propertyPath: 'orderLineId' });

    const shipKey = await keyWith(['read', 'ship']);
    const refused = await request('POST', '/api/return_codes', shipKey, target);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_SCOPE_MISSING');
    const returnsKey = await keyWith(['returns']);
    const made = await request('POST', '/api/return_codes', returnsKey, target);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'codeIssued', returnBarcode: null, label: null });
    expect((await request('GET', '/api/returns', returnsKey)).status).toBe(200);
  });
});

describe('a return code redeemed by the customer', () => {
  it('makes the label once, behind the bot check, with the reason and drop-off chosen', async () => {
    const shipment = await paidShipment(asCompany());
    const made = await request('POST', '/api/return_codes', asCompany(), {
      orderKey: shipment.orderKey,
      orderLineId: shipment.orderLineId,
    });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(RETURN_CODE_PATTERN);
    // No label before the customer redeems the code.
    expect((await testApp.app.inject({ url: `/api/public/returns/${made.body.key}/label` })).statusCode).toBe(404);

    const choices = { code: made.body.code.toLowerCase(), reason: 'notSuitable', dropOff: 'parcelLocker' };
    expect((await request('POST', '/api/public/returns/redeem', {}, choices)).status).toBe(403);
    const wrong = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), {
      code: made.body.code,
      reason: 'tooExpensive',
      comment: 'x'.repeat(501),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations.map((violation: { code: string }) => violation.code)).toEqual([
      'RETURN_REASON_INVALID',
      'RETURN_DROP_OFF_INVALID',
      'RETURN_COMMENT_TOO_LONG',
    ]);
    const unknown = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), {
      ...choices,
      code: 'RET-AAAAAAAA',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations[0]).toMatchObject({ propertyPath: 'code', code: 'RETURN_CODE_UNKNOWN' });

    const redeemed = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), choices);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      status: 'labelIssued',
      reason: 'notSuitable',
      dropOff: 'parcelLocker',
      shipmentNumber: shipment.barcode,
    });
    expect(isValidS10(redeemed.body.returnBarcode).valid).toBe(true);
    const label = await testApp.app.inject({ url: redeemed.body.label });
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const twice = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), choices);
    expect(twice.status).toBe(422);
    expect(twice.body.violations[0]).toMatchObject({ code: 'RETURN_CODE_REDEEMED' });

    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === shipment.barcode)).toHaveLength(1);
  });
});

describe('a return label made while the products’ catalogue reloads (its snapshot older than its TTL)', () => {
  // The catalogue reloads through the database client; asked inside the label's transaction, that
  // reload would wait for the transaction itself on PGlite's one connection.
  const serviceWithReloads = () => returnServiceWithReloadingCatalogue(testApp);

  it('redeems a code and gives the return its S10 number', async () => {
    const shipment = await paidShipment(asCompany());
    const made = await request('POST', '/api/return_codes', asCompany(), {
      orderKey: shipment.orderKey,
      orderLineId: shipment.orderLineId,
    });
    expect(made.status).toBe(201);
    const redeemed = await serviceWithReloads().redeem({
      code: made.body.code,
      reason: 'notSuitable',
      dropOff: 'postOffice',
      comment: null,
    });
    expect(redeemed.status).toBe('labelIssued');
    expect(isValidS10(redeemed.returnBarcode ?? '').valid).toBe(true);
  });

  it('makes the label of a return the customer starts with the order number', async () => {
    const shipment = await paidShipment(asCompany(), 'reloading-catalogue@example.com');
    const started = await serviceWithReloads().startByOrderNumber({
      orderNumber: shipment.barcode,
      email: 'reloading-catalogue@example.com',
      reason: 'damaged',
      dropOff: 'postOffice',
      comment: null,
    });
    expect(started.status).toBe('labelIssued');
    expect(isValidS10(started.returnBarcode ?? '').valid).toBe(true);
  });
});

describe('a return the customer starts with the order number and e-mail', () => {
  const start = async (body: object, headers?: Headers) =>
    request('POST', '/api/public/returns', headers ?? (await botCheckHeader(() => testApp)), body);
  const choices = { reason: 'damaged', dropOff: 'postOffice' };

  it('makes the label behind the bot check; a wrong pair and a private shop’s shipment answer alike', async () => {
    const shipment = await paidShipment(asCompany(), 'Klients@Example.com');
    const pair = { orderNumber: shipment.barcode.toLowerCase(), email: ' klients@example.COM ' };
    expect((await start({ ...pair, ...choices }, {})).status).toBe(403);

    const malformed = await start({ orderNumber: '12', email: 'nobody', reason: 'x', comment: 'x'.repeat(501) });
    expect(malformed.status).toBe(422);
    expect(malformed.body.violations.map((violation: { code: string }) => violation.code)).toEqual([
      'RETURN_ORDER_NUMBER_INVALID',
      'RETURN_EMAIL_INVALID',
      'RETURN_REASON_INVALID',
      'RETURN_DROP_OFF_INVALID',
      'RETURN_COMMENT_TOO_LONG',
    ]);

    // A wrong e-mail for a real number, and a number that does not exist: the same answer.
    const wrongEmail = await start({ ...pair, email: 'someone@example.com', ...choices });
    const noSuchNumber = await start({ ...pair, orderNumber: 'RR000000000LV', ...choices });
    for (const answer of [wrongEmail, noSuchNumber]) {
      expect(answer.status).toBe(422);
      expect(answer.body.violations).toEqual([
        { propertyPath: 'orderNumber', message: expect.any(String), code: 'RETURN_NOT_FOUND' },
      ]);
    }
    expect(wrongEmail.body).toEqual(noSuchNumber.body);

    // A private account's shipment: customer-started returns are for the shops (company accounts).
    const privateShipment = await paidShipment(asAccount(privateOwner, privateAccountId), 'privats@example.com');
    const ofPrivate = await start({ orderNumber: privateShipment.barcode, email: 'privats@example.com', ...choices });
    expect(ofPrivate.status).toBe(422);
    expect(ofPrivate.body).toEqual(noSuchNumber.body);

    const made = await start({ ...pair, ...choices, comment: 'Saplīsis' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'labelIssued',
      code: null,
      reason: 'damaged',
      dropOff: 'postOffice',
      comment: 'Saplīsis',
      shipmentNumber: shipment.barcode,
      orderKey: shipment.orderKey,
      payer: 'shopOnAccount',
    });
    expect(isValidS10(made.body.returnBarcode).valid).toBe(true);
    const label = await testApp.app.inject({ url: made.body.label });
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The drop-off the customer chose is printed on the label.
    const zpl = await testApp.app.inject({ url: `${made.body.label}?format=zpl` });
    expect(labelText(zpl.body)).toContain(`Return of ${shipment.barcode} · Drop-off: post office`);

    // Once per shipment: the pair is right, so the reason can be said.
    const twice = await start({ ...pair, ...choices });
    expect(twice.status).toBe(422);
    expect(twice.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'orderNumber', code: 'RETURN_ALREADY_CREATED' }),
    ]);

    // The shop sees it among its returns, and its webhook hears of it.
    const listed = await request('GET', '/api/returns', asCompany());
    expect(listed.body['hydra:member'].map((member: { key: string }) => member.key)).toContain(made.body.key);
    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === shipment.barcode)).toEqual([
      expect.objectContaining({
        type: 'return.created',
        data: expect.objectContaining({ shipmentNumber: made.body.returnBarcode }),
      }),
    ]);
  });
});

describe('the drop-off place the customer chooses', () => {
  const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });

  it('keeps a place of the kind and network chosen, prints it, and refuses others beside the field', async () => {
    const locker = await request('POST', '/api/admin/service_locations', ADMIN, {
      countryCode: 'LV',
      type: 'parcelLocker',
      operator: 'Latvijas Pasts',
      name: 'Atpakaļ pakomāts',
      address: 'Atgriešanas iela 3',
      city: 'Cēsis',
      postCode: 'LV-4101',
      latitude: 57.31,
      longitude: 25.27,
      openingHours: null,
    });
    expect(locker.status).toBe(201);
    const shipment = await paidShipment(asCompany(), 'vieta@example.com');
    const pair = { orderNumber: shipment.barcode, email: 'vieta@example.com', reason: 'other' };
    const start = async (dropOff: string, dropOffPlaceId: string) =>
      request('POST', '/api/public/returns', await botCheckHeader(() => testApp), {
        ...pair,
        dropOff,
        dropOffPlaceId,
      });
    for (const [dropOff, placeId, code] of [
      ['postOffice', locker.body.id, 'LOCATION_WRONG_TYPE'],
      ['parcelLocker', 'dpd-LV90307', 'LOCATION_WRONG_NETWORK'],
      ['parcelLocker', 'unisend-8200', 'LOCATION_PICK_UP_ONLY'],
      ['parcelLocker', 'no-such-place', 'LOCATION_NOT_FOUND'],
    ]) {
      const refused = await start(dropOff as string, placeId as string);
      expect(refused.status).toBe(422);
      expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: 'dropOffPlaceId', code })]);
    }

    const made = await start('parcelLocker', locker.body.id);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      dropOff: 'parcelLocker',
      dropOffPlace: { id: locker.body.id, name: 'Atpakaļ pakomāts', address: 'Atgriešanas iela 3', city: 'Cēsis' },
    });
    const zpl = await testApp.app.inject({ url: `${made.body.label}?format=zpl` });
    expect(labelText(zpl.body)).toContain('Drop-off: Atpakaļ pakomāts');
  });
});

describe('a return on its way', () => {
  it('moves with the scans of its own number: the shop’s order, the original’s tracking and a webhook', async () => {
    const shipment = await paidShipment(asCompany(), 'celojums@example.com');
    const made = await request('POST', '/api/public/returns', await botCheckHeader(() => testApp), {
      orderNumber: shipment.barcode,
      email: 'celojums@example.com',
      reason: 'wrongItem',
      dropOff: 'parcelLocker',
    });
    expect(made.status).toBe(201);
    const returnBarcode = made.body.returnBarcode as string;
    const ordered = await request('GET', `/api/orders/${shipment.orderKey}`, asCompany());
    expect(ordered.body.orderLines[0]).toMatchObject({ status: 'paid', returnBarcode, returnStatus: 'paid' });

    const acceptedAt = new Date(Date.now() - 60_000).toISOString();
    const scan = await request('POST', '/api/tracking/events', sortingSystem, {
      events: [
        {
          eventId: `return-${returnBarcode}-1`,
          shipmentNumber: returnBarcode,
          code: 'ACCEPTED_PARCEL_LOCKER',
          occurredAt: acceptedAt,
          location: { name: 'Pakomāts, Cēsis', countryCode: 'LV' },
        },
      ],
    });
    expect(scan.status).toBe(200);
    // A return's number is known to tracking: stored, not flagged as an unknown shipment.
    expect(scan.body).toMatchObject({ stored: 1, flagged: [], rejected: [] });

    // The return has its own status; the shipment sent back keeps its own.
    const moved = await request('GET', `/api/orders/${shipment.orderKey}`, asCompany());
    expect(moved.body.orderLines[0]).toMatchObject({ status: 'paid', returnStatus: 'transferred' });
    // The My orders list shows the shipment's return and its status, and filters on having one.
    const kept = await paidShipment(asCompany());
    const withReturns = await request('GET', '/api/orders?rowsPerPage=100&hasReturn=true', asCompany());
    expect(withReturns.status).toBe(200);
    const listed = withReturns.body['hydra:member'] as { orderLineId: number; returnBarcode: string | null }[];
    expect(listed.every((item) => item.returnBarcode !== null)).toBe(true);
    expect(listed.find((item) => item.orderLineId === shipment.orderLineId)).toMatchObject({
      barcode: shipment.barcode,
      status: 'paid',
      returnBarcode,
      returnStatus: 'transferred',
    });
    const withoutReturns = await request('GET', '/api/orders?rowsPerPage=100&hasReturn=false', asCompany());
    const unreturned = withoutReturns.body['hydra:member'] as { orderLineId: number; returnStatus: string | null }[];
    expect(unreturned.some((item) => item.orderLineId === kept.orderLineId)).toBe(true);
    expect(unreturned.every((item) => item.returnStatus === null)).toBe(true);
    expect(unreturned.some((item) => item.orderLineId === shipment.orderLineId)).toBe(false);
    const everyLine = await request('GET', '/api/orders?rowsPerPage=100', asCompany());
    expect(everyLine.body['hydra:totalItems']).toBe(
      withReturns.body['hydra:totalItems'] + withoutReturns.body['hydra:totalItems'],
    );
    const badFilter = await request('GET', '/api/orders?hasReturn=yes', asCompany());
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.violations).toEqual([expect.objectContaining({ propertyPath: 'hasReturn' })]);

    // The original shipment's public tracking tells a return label was made.
    const tracked = await request('GET', `/api/public/tracking/${shipment.barcode}`, {});
    expect(tracked.status).toBe(200);
    expect(tracked.body).toMatchObject({ number: shipment.barcode, status: 'paid', returnBarcode, returnOf: null });
    expect(tracked.body.events).toEqual([]);
    // The return's own number is tracked too: its status and its scans, the shipment it returns,
    // and nothing else of the shop's shipment (its receiver's place, its own scans).
    const ofReturnNumber = await request('GET', `/api/public/tracking/${returnBarcode}`, { 'accept-language': 'lv' });
    expect(ofReturnNumber.status).toBe(200);
    expect(ofReturnNumber.body).toMatchObject({
      '@id': `/api/tracking/${returnBarcode}`,
      number: returnBarcode,
      status: 'transferred',
      statusDate: acceptedAt,
      returnOf: shipment.barcode,
      returnBarcode: null,
      deliveryPlace: null,
      destinationCountryCode: 'LV',
    });
    expect(ofReturnNumber.body.events).toEqual([
      expect.objectContaining({ code: 'ACCEPTED_PARCEL_LOCKER', status: 'transferred', occurredAt: acceptedAt }),
    ]);
    expect(JSON.stringify(ofReturnNumber.body)).not.toContain('celojums@example.com');
    const both = await request('GET', `/api/public/tracking?numbers=${shipment.barcode},${returnBarcode}`, {});
    expect(both.body['hydra:member'].map((answer: { returnOf: string | null }) => answer.returnOf)).toEqual([
      null,
      shipment.barcode,
    ]);

    await drainJobs(testApp);
    const ofReturn = receiver.events.filter((event) => event.data.returnOf === shipment.barcode);
    expect(ofReturn.map((event) => event.type)).toEqual(['return.created', 'return.status_changed']);
    expect(ofReturn[1]).toMatchObject({
      data: {
        shipmentNumber: returnBarcode,
        status: 'transferred',
        previousStatus: 'paid',
        statusDate: acceptedAt,
        orderKey: shipment.orderKey,
        returnOf: shipment.barcode,
      },
    });

    // The same scan again changes nothing: no second webhook.
    await request('POST', '/api/tracking/events', sortingSystem, {
      events: [
        {
          eventId: `return-${returnBarcode}-1`,
          shipmentNumber: returnBarcode,
          code: 'ACCEPTED_PARCEL_LOCKER',
          occurredAt: acceptedAt,
          location: { name: 'Pakomāts, Cēsis', countryCode: 'LV' },
        },
      ],
    });
    await drainJobs(testApp);
    expect(receiver.events.filter((event) => event.data.returnOf === shipment.barcode)).toHaveLength(2);
  });
});

describe('the hand-over QR of a return', () => {
  it('is the hand-over module’s code for the return’s label: public by the return’s key, printed once', async () => {
    const shipment = await paidShipment(asCompany());
    const code = await request('POST', '/api/return_codes', asCompany(), {
      orderKey: shipment.orderKey,
      orderLineId: shipment.orderLineId,
    });
    expect(code.status).toBe(201);
    const handover = `/api/public/returns/${code.body.key}/handover`;
    // No label yet: no code.
    await drainJobs(testApp);
    expect((await request('GET', handover, {})).status).toBe(404);

    const redeemed = await request('POST', '/api/public/returns/redeem', await botCheckHeader(() => testApp), {
      code: code.body.code,
      reason: 'damaged',
      dropOff: 'parcelLocker',
    });
    expect(redeemed.status).toBe(200);
    await drainJobs(testApp);
    const answer = await request('GET', handover, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ '@type': 'HandoverCode', qr: `${handover}/qr`, redeemedAt: null });
    expect(answer.body.code).toMatch(/^PH1\./);
    // The code names nothing: not the return's number, key or the shipment's.
    for (const secret of [redeemed.body.returnBarcode, code.body.key, shipment.barcode])
      expect(answer.body.code).not.toContain(secret);
    const qr = await testApp.app.inject({ url: `${handover}/qr` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(qr.headers['cache-control']).toBe('private, no-store');
    expect((await request('GET', '/api/public/returns/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/handover', {})).status).toBe(
      404,
    );

    // A counter prints the return's label from the code, once.
    const printed = await testApp.app.inject({
      method: 'POST',
      url: '/api/handover/redeem',
      headers: { ...counter, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: answer.body.code }),
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await request('POST', '/api/handover/redeem', counter, { code: answer.body.code });
    expect(again.status).toBe(409);
    expect(again.body.violations).toEqual([expect.objectContaining({ propertyPath: 'code', code: 'HANDOVER_USED' })]);
    expect((await request('GET', handover, {})).body.redeemedAt).toEqual(expect.any(String));
  });
});
