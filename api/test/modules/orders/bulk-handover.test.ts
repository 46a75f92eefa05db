/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { BULK_COLUMNS, type BulkReport, type BulkRow } from '@portal/shared-contracts/orders';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 40 item 6: bulk rows with a locker and a courier. The courier's calendar depends on
// "now": Monday 16 November 2026, 10:30 in Riga; Tuesday 17 November is a working day.
const MONDAY_10_30 = new Date('2026-11-16T08:30:00Z');
// A Latvijas Pasts locker of the seeded network (pick-up only: a receiver may collect there).
const LP_LOCKER = 'unisend-8200';

let testApp: TestApp;
let locker: number;
let courier: number;
const request = requester(() => testApp);
const owner = verifiedUser('bulk-handover');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => MONDAY_10_30 });
  locker = await workflowId(testApp, 'parcel-lv-locker-s');
  courier = await workflowId(testApp, 'parcel-lv-courier-courier');
  expect((await request('POST', '/api/accounts', owner, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const blank = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;

/** A 1 kg parcel from Rīga to Anna in Cēsis; `extra` names the product and its hand-over. */
const shipment = (extra: Partial<BulkRow>): BulkRow => ({
  ...blank,
  weight: '1000',
  receiverName: 'Anna Kalniņa',
  receiverPhonePrefix: '371',
  receiverPhone: '61234567',
  countryCode: 'LV',
  senderName: 'Jānis Bērziņš',
  senderPhonePrefix: '371',
  senderPhone: '21234567',
  senderEmail: 'janis@example.com',
  senderCountryCode: 'LV',
  senderAddressLine: 'Brīvības iela 1',
  senderCity: 'Rīga',
  senderPostCode: 'LV-1010',
  ...extra,
});
const atDoor = { addressLine: 'Rīgas iela 5', city: 'Cēsis', postCode: 'LV-4101' };

async function upload(rows: BulkRow[]): Promise<BulkReport> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Shipments');
  sheet.addRow(BULK_COLUMNS.map((column) => column.en));
  for (const row of rows) sheet.addRow(BULK_COLUMNS.map(({ field }) => row[field]));
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/bulk',
    headers: { ...owner, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as BulkReport;
}

describe('bulk rows with a locker and a courier (issue 40 item 6)', () => {
  test('the template names the locker and courier columns in both languages', async () => {
    for (const lang of ['en', 'lv'] as const) {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: `/api/orders/bulk/template?lang=${lang}`,
        headers: owner,
      });
      expect(answer.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      const headings = (sheet.getRow(1).values as unknown[]).filter(Boolean);
      const expected = ['transferLocation', 'pickUpDate', 'pickUpFrom', 'pickUpTill', 'receiverLocation'].map(
        (field) => BULK_COLUMNS.find((column) => column.field === field)?.[lang],
      );
      expect(headings).toEqual(expect.arrayContaining(expected));
    }
  });

  test('a locker row needs no street address; a courier row asks for its pick-up slot at the slot columns', async () => {
    const report = await upload([
      shipment({ product: String(locker), receiverLocation: LP_LOCKER }),
      shipment({ product: String(courier), ...atDoor }),
      shipment({
        product: String(courier),
        ...atDoor,
        pickUpDate: '17.11.2026',
        pickUpFrom: '10:00',
        pickUpTill: '12:00',
      }),
    ]);
    const [lockerRow, courierWithout, courierRow] = report.rows;
    expect(lockerRow?.problems).toEqual([]);
    expect(lockerRow?.line.attributes).toMatchObject({
      transferType: 'parcelMachine',
      receivingType: 'parcelMachine',
      packageSize: 's',
    });
    expect(lockerRow?.line.receiver?.address?.serviceLocationId).toBe(LP_LOCKER);
    expect(lockerRow?.priceCents).toBeGreaterThan(0);

    expect(courierWithout?.problems.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'pickUpDate', code: 'NOT_BLANK' },
      { field: 'pickUpFrom', code: 'NOT_BLANK' },
      { field: 'pickUpTill', code: 'NOT_BLANK' },
    ]);
    expect(courierRow?.problems).toEqual([]);
    expect(courierRow?.line.services?.courierPickUp?.pickUpTime).toEqual({
      date: '2026-11-17',
      from: '10:00',
      till: '12:00',
    });
    expect(report).toMatchObject({ totalRows: 3, incorrectRows: 1 });

    // The good rows become one order whose lines keep their own hand-over: the order page and the
    // payment's result give each shipment its own instructions (locker, courier slot).
    const created = await request('POST', '/api/orders', owner, {
      step: 3,
      orderLines: [lockerRow?.line, courierRow?.line],
      termsAccepted: true,
      privacyAccepted: true,
      eNotification: 'agree',
    });
    expect(created.status).toBe(201);
    const [first, second] = created.body.orderLines;
    expect(first.attributes.transferType).toBe('parcelMachine');
    expect(second.attributes.transferType).toBe('courier');
    expect(second.services.courierPickUp.pickUpTime).toEqual({ date: '2026-11-17', from: '10:00', till: '12:00' });
    expect(created.body.price.amount).toBe(report.totalCents);
  }, 60_000);

  test('a pick-up date that is no date is a problem of its column', async () => {
    const [row] = (
      await upload([
        shipment({
          product: String(courier),
          ...atDoor,
          pickUpDate: 'tomorrow',
          pickUpFrom: '10:00',
          pickUpTill: '12:00',
        }),
      ])
    ).rows;
    expect(row?.problems).toEqual([expect.objectContaining({ field: 'pickUpDate', code: 'NOT_A_DATE' })]);
  });
});
