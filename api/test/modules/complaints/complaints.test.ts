/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { count, eq } from 'drizzle-orm';
import { complaints } from '../../../src/modules/complaints/schema';
import { memoryMailer } from '../../../src/modules/notifications';
import { orderLines, orders } from '../../../src/modules/orders/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { botCheckHeader, domesticParcel, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

let testApp: TestApp;
const mailer = memoryMailer();
const request = requester(() => testApp);
// Riga's 23.11.2026 at noon: "today" for the date rule.
const now = () => new Date('2026-11-23T10:00:00Z');

const anna = verifiedUser('complaints-anna');
const janis = verifiedUser('complaints-janis');

const complaint = {
  type: 'damaged_shipment',
  complainant: 'sender',
  damageType: 'damaged_content',
  fullName: 'Anna Bērziņa',
  email: 'anna@example.lv',
  description: 'The vase arrived broken.',
  refundIban: 'LV80 BANK 0000 4351 9500 1',
  shipmentValue: '25,50',
  discoveredOn: '20.11.2026',
};

const stored = async () => (await testApp.db.orm.select({ n: count() }).from(complaints))[0]?.n;

beforeAll(async () => {
  testApp = await startTestApp({ now, mailer });
}, 60_000);
afterAll(() => testApp.close());

describe('complaints', () => {
  let annasOrderKey: string;

  beforeAll(async () => {
    const parcel = await workflowId(testApp, 'parcel-lv-post-office-registered');
    await request('POST', '/api/accounts', anna, { type: 'private' });
    await request('POST', '/api/accounts', janis, { type: 'private' });
    const created = await request('POST', '/api/orders', anna, domesticParcel(parcel));
    expect(created.body.violations ?? []).toEqual([]);
    annasOrderKey = created.body.key;
  });

  it("files a complaint about one's own order with a submission number and lists it for its author only", async () => {
    const filed = await request('POST', '/api/complaints', anna, { ...complaint, orderKey: annasOrderKey });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ status: 'submitted', answer: null, type: 'damaged_shipment' });
    expect(filed.body.submissionNumber).toMatch(/^CMP-2026-\d{6}$/);
    // The receipt e-mail carries the submission number to the complainant.
    const receipt = mailer.sent.at(-1) ?? '';
    expect(receipt).toContain('To: anna@example.lv');
    expect(receipt).toContain(filed.body.submissionNumber);

    const list = await request('GET', '/api/complaints', anna);
    expect(list.body['hydra:member'].map((c: { id: number }) => c.id)).toEqual([filed.body.id]);
    expect((await request('GET', `/api/complaints/${filed.body.id}`, anna)).status).toBe(200);

    // Nobody reads another's complaints: not in Jānis's list, 404 by id, nothing on the public twin.
    expect((await request('GET', '/api/complaints', janis)).body['hydra:member']).toEqual([]);
    expect((await request('GET', `/api/complaints/${filed.body.id}`, janis)).status).toBe(404);
    expect((await request('GET', `/api/public/complaints/${filed.body.id}`)).status).toBe(404);
    expect((await request('GET', '/api/public/complaints')).status).toBe(401);
  });

  it("answers someone else's order id with the uniform not-found, never its data", async () => {
    expect((await request('GET', `/api/complaints/order/${annasOrderKey}`, anna)).status).toBe(200);
    const prefill = await request('GET', `/api/complaints/order/${annasOrderKey}`, janis);
    expect(prefill.status).toBe(404);
    expect((await request('GET', '/api/complaints/order/no-such-order', janis)).body).toEqual(prefill.body);
    const before = await stored();
    const filed = await request('POST', '/api/complaints', janis, { ...complaint, orderKey: annasOrderKey });
    expect(filed.status).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('fills the form with the order’s shipment number and links the order of a shipment the caller has (issue 40)', async () => {
    // The number a line gets at payment, given here without the payment.
    const [order] = await testApp.db.orm.select({ id: orders.id }).from(orders).where(eq(orders.key, annasOrderKey));
    await testApp.db.orm
      .update(orderLines)
      .set({ barcode: 'RR987654321LV' })
      .where(eq(orderLines.orderId, order?.id ?? 0));
    const prefill = await request('GET', `/api/complaints/order/${annasOrderKey}`, anna);
    expect(prefill.body).toEqual({
      '@type': 'ComplaintOrder',
      orderKey: annasOrderKey,
      shipmentNumbers: ['RR987654321LV'],
    });

    const orderOf = async (id: number) =>
      (await testApp.db.orm.select({ orderId: complaints.orderId }).from(complaints).where(eq(complaints.id, id)))[0]
        ?.orderId;
    // "File a complaint" from tracking names the shipment only: Anna's complaint is about her order.
    const own = await request('POST', '/api/complaints', anna, { ...complaint, shipmentNumber: 'rr987654321lv' });
    expect(own.status).toBe(201);
    expect(own.body.shipmentNumber).toBe('RR987654321LV');
    expect(await orderOf(own.body.id)).toBe(order?.id);
    // Jānis (the recipient, say) complains about the same shipment: filed, linked to no order of Anna's.
    const other = await request('POST', '/api/complaints', janis, {
      ...complaint,
      complainant: 'recipient',
      shipmentNumber: 'RR987654321LV',
    });
    expect(other.status).toBe(201);
    expect(await orderOf(other.body.id)).toBeNull();
  });

  it('lets a visitor (a recipient with a shipment number) file after the bot check', async () => {
    const body = { ...complaint, complainant: 'recipient', shipmentNumber: 'rr123456785lv' };
    expect((await request('POST', '/api/public/complaints', {}, body)).status).not.toBe(201);
    const filed = await request('POST', '/api/public/complaints', await botCheckHeader(() => testApp), body);
    expect(filed.status).toBe(201);
    expect(filed.body.shipmentNumber).toBe('RR123456785LV');
  });

  it.each([
    [
      'a 10,000-character description',
      { description: 'x'.repeat(10_000) },
      'description',
      'complaint.description_too_long',
    ],
    ['a future discovery date', { discoveredOn: '24.11.2026' }, 'discoveredOn', 'complaint.future_date'],
    ['an impossible date', { discoveredOn: '31.02.2026' }, 'discoveredOn', 'complaint.date'],
    [
      'a 10-character registration number',
      { isCompany: true, companyName: 'SIA Pūce', registrationNumber: '4000312345' },
      'registrationNumber',
      'complaint.registration_number',
    ],
    [
      'a company without its name',
      { isCompany: true, registrationNumber: '40003123456' },
      'companyName',
      'complaint.blank',
    ],
    ['a shipment value that is no number', { shipmentValue: 'much' }, 'shipmentValue', 'complaint.shipment_value'],
    ['an invalid IBAN', { refundIban: 'LV80 BANK 0000 4351 9500 2' }, 'refundIban', 'complaint.iban'],
    ['no complainant', { complainant: '' }, 'complainant', 'complaint.blank'],
    ['no damage type', { damageType: null }, 'damageType', 'complaint.blank'],
    ['no refund account', { refundIban: '  ' }, 'refundIban', 'complaint.blank'],
  ])('refuses %s with a violation beside the field and keeps nothing', async (_name, change, path, code) => {
    const before = await stored();
    const mailsBefore = mailer.sent.length;
    const refused = await request('POST', '/api/complaints', anna, { ...complaint, ...change });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: path, code })]);
    expect(await stored()).toBe(before);
    expect(mailer.sent.length).toBe(mailsBefore);
  });

  it('answers a malformed body with a client error, never 500, and keeps nothing', async () => {
    const before = await stored();
    const wrongType = await request('POST', '/api/complaints', anna, { ...complaint, isCompany: 'yes' });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.violations).toEqual([expect.objectContaining({ propertyPath: 'isCompany' })]);
    for (const body of [{ ...complaint, unknown: 1 }, [], 'text']) {
      const refused = await request('POST', '/api/complaints', anna, body);
      expect([400, 422]).toContain(refused.status);
    }
    expect(await stored()).toBe(before);
  });
});
