/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { OrderReport } from '@portal/shared-contracts/admin';
import { addCalendarDays, rigaDate } from '@portal/shared-contracts/calendar';
import ExcelJS from 'exceljs';
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 14 item 10: orders and revenue per day, product, country and status, as JSON for the
// charts and as XLSX; product managers and administrators only. Other test files share the
// database, so the figures are checked as the change our own orders make.

let testApp: TestApp;
let parcelWorkflow: number;
const request = requester(() => testApp);
const PRODUCT_MANAGER = bearer({ sub: 'reports-pm', email: 'reports-pm@example.com' });
const AGENT = bearer({ sub: 'reports-cs', email: 'reports-cs@example.com' });
const ADMIN = bearer({ sub: 'reports-admin', email: 'reports-admin@example.com' });
const client = verifiedUser('reports-client');

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  await testApp.db.orm.insert(users).values([
    { subject: 'reports-pm', email: 'reports-pm@example.com', adminRoles: ['product_manager'] },
    { subject: 'reports-cs', email: 'reports-cs@example.com', adminRoles: ['customer_service'] },
    { subject: 'reports-admin', email: 'reports-admin@example.com', adminRoles: ['administrator'] },
  ]);
  expect((await request('POST', '/api/accounts', client, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const report = async (groupBy: string, who = PRODUCT_MANAGER) => {
  const today = rigaDate();
  const answer = await request(
    'GET',
    `/api/admin/reports/orders?groupBy=${groupBy}&dateFrom=${today}&dateTill=${today}`,
    who,
  );
  expect(answer.status).toBe(200);
  return answer.body as OrderReport;
};
const rowOf = (body: OrderReport, key: string) =>
  body.rows.find((row) => row.key === key) ?? { shipments: 0, orders: 0, revenueCents: 0 };

it('counts new orders and the revenue of paid ones per day, product, country and status', async () => {
  const today = rigaDate();
  const before = {
    day: await report('day'),
    product: await report('product'),
    country: await report('country'),
    status: await report('status'),
  };
  const paid = (await request('POST', '/api/orders', client, completed(parcelWorkflow))).body;
  const started = await request('POST', `${paid['@id']}/payments`, client, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const price = (await request('GET', paid['@id'], client)).body.price.amount as number;
  expect(price).toBeGreaterThan(0);
  expect((await request('POST', '/api/orders', client, completed(parcelWorkflow))).status).toBe(201);

  const day = await report('day');
  expect(day.rows.map((row) => row.key)).toEqual([today]);
  expect(rowOf(day, today).shipments - rowOf(before.day, today).shipments).toBe(2);
  expect(rowOf(day, today).orders - rowOf(before.day, today).orders).toBe(2);
  // Only the paid order is revenue.
  expect(rowOf(day, today).revenueCents - rowOf(before.day, today).revenueCents).toBe(price);
  expect(day.totals.revenueCents - before.day.totals.revenueCents).toBe(price);

  const product = await report('product');
  const productRow = product.rows.find((row) => row.key === String(parcelWorkflow));
  expect(productRow?.label).toEqual(expect.any(String));
  expect(productRow?.label).not.toBe(String(parcelWorkflow));
  expect(
    rowOf(product, String(parcelWorkflow)).shipments - rowOf(before.product, String(parcelWorkflow)).shipments,
  ).toBe(2);

  const country = await report('country');
  expect(rowOf(country, 'LV').revenueCents - rowOf(before.country, 'LV').revenueCents).toBe(price);

  const status = await report('status');
  expect(rowOf(status, 'paid').shipments - rowOf(before.status, 'paid').shipments).toBe(1);
  expect(rowOf(status, 'unfinished').shipments - rowOf(before.status, 'unfinished').shipments).toBe(1);
});

it('has a row for every day of the period, quiet days as zero, and defaults to the last 30 days', async () => {
  const week = await request('GET', '/api/admin/reports/orders?dateFrom=2020-01-01&dateTill=2020-01-07', ADMIN);
  expect(week.status).toBe(200);
  expect(week.body.rows.map((row: { key: string }) => row.key)).toEqual([
    '2020-01-01',
    '2020-01-02',
    '2020-01-03',
    '2020-01-04',
    '2020-01-05',
    '2020-01-06',
    '2020-01-07',
  ]);
  expect(week.body.totals).toEqual({ shipments: 0, orders: 0, revenueCents: 0 });
  const standard = await request('GET', '/api/admin/reports/orders', ADMIN);
  expect(standard.body).toMatchObject({
    groupBy: 'day',
    dateTill: rigaDate(),
    dateFrom: addCalendarDays(rigaDate(), -29),
  });
  expect(standard.body.rows).toHaveLength(30);
});

it('exports the same figures as an XLSX workbook with headings in the chosen language', async () => {
  const today = rigaDate();
  const json = await report('status');
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/reports/orders.xlsx?groupBy=status&dateFrom=${today}&dateTill=${today}&lang=lv`,
    headers: PRODUCT_MANAGER,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  expect(response.headers['content-disposition']).toContain(`pasutijumi-status-${today}-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Statuss', 'Sūtījumi', 'Pasūtījumi', 'Ieņēmumi, EUR']);
  const body = json.rows.map((row) => [row.label, row.shipments, row.orders, row.revenueCents / 100]);
  const read: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) read.push((row.values as unknown[]).slice(1));
  });
  expect(read).toEqual([...body, ['Kopā', json.totals.shipments, json.totals.orders, json.totals.revenueCents / 100]]);
});

it('is for product managers and administrators only', async () => {
  for (const url of ['/api/admin/reports/orders', '/api/admin/reports/orders.xlsx']) {
    expect((await request('GET', url)).status).toBe(401);
    expect((await request('GET', url, client)).status).toBe(403);
    expect((await request('GET', url, AGENT)).status).toBe(403);
    expect((await request('GET', url, PRODUCT_MANAGER)).status).toBe(200);
    expect((await request('GET', url, ADMIN)).status).toBe(200);
  }
});

it('refuses wrong dates, reversed or too long periods and unknown groupings', async () => {
  const cases: [string, string, string][] = [
    ['dateFrom=2026-13-01', 'dateFrom', 'INVALID_DATE'],
    ['dateTill=yesterday', 'dateTill', 'INVALID_DATE'],
    ['dateFrom=2026-03-02&dateTill=2026-03-01', 'dateTill', 'DATE_RANGE_REVERSED'],
    ['dateFrom=2024-01-01&dateTill=2025-12-31', 'dateTill', 'DATE_RANGE_TOO_LONG'],
    ['groupBy=weather', 'groupBy', 'INVALID_VALUE'],
  ];
  for (const [query, propertyPath, code] of cases) {
    const answer = await request('GET', `/api/admin/reports/orders?${query}`, PRODUCT_MANAGER);
    expect([query, answer.status]).toEqual([query, 400]);
    expect(answer.body.violations).toEqual([expect.objectContaining({ propertyPath, code })]);
  }
});
