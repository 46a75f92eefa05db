/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { ADMIN_ROLES, type AdminRole, DISCOUNT_CODES, DISCOUNT_MESSAGES } from '@portal/shared-contracts/admin';
import { addCalendarDays } from '@portal/shared-contracts/calendar';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { rigaDate } from '../../../src/calendar';
import { discounts } from '../../../src/modules/discounts/schema';
import { users } from '../../../src/modules/identity/schema';
import { orders } from '../../../src/modules/orders/schema';
import { workFlows } from '../../../src/modules/workflows/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';

// Issue 14 item 5 (discounts in the back office: every SPEC §5 rule, access, audit, export) and
// issue 13 item 6 (a registered user's loyalty discounts, SPEC §4). Each test makes its own codes.

let testApp: TestApp;
type Headers = Record<string, string>;

const withRole = (role: AdminRole) => bearer({ sub: `discount-${role}`, email: `discount-${role}@example.com` });
const ORDINARY = bearer({ sub: 'discount-ordinary', email: 'discount-ordinary@example.com' });
const ADMIN = withRole('administrator');
const MANAGER = withRole('product_manager');
const today = rigaDate();
const day = (days: number) => addCalendarDays(today, days);
let letterId = 0;
let serial = 0;
/** A fresh code per call, so tests never meet each other's periods. */
const freshCode = (prefix = 'T') => `${prefix}${Date.now().toString(36).toUpperCase()}${serial++}`;

const request = async (method: InjectOptions['method'], url: string, headers: Headers = {}, body?: unknown) => {
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const json =
    response.headers['content-type']?.toString().includes('json') && response.body ? response.json() : undefined;
  return { status: response.statusCode, body: json, raw: response.rawPayload, headers: response.headers };
};

const discount = (overrides: Record<string, unknown> = {}) => ({
  code: freshCode(),
  kind: 'code',
  type: 'percentage',
  value: 1000,
  frequency: 'each',
  frequencyIndex: null,
  status: 'active',
  maxCount: null,
  leftCount: null,
  validFrom: today,
  validTill: day(30),
  userType: 'all',
  ...overrides,
});

const violationsOf = (body: { violations?: { propertyPath: string; code: string; message: string }[] }) =>
  (body.violations ?? []).map(({ propertyPath, code }) => [propertyPath, code]);

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['discounts', 'prices'] });
  for (const role of ADMIN_ROLES) {
    await testApp.db.orm
      .insert(users)
      .values({ subject: `discount-${role}`, email: `discount-${role}@example.com`, adminRoles: [role] });
  }
  const rows = await testApp.db.orm.select({ id: workFlows.id, seedKey: workFlows.seedKey }).from(workFlows);
  letterId = rows.find((row) => row.seedKey === 'parcel-lv-post-office-registered')!.id;
}, 60_000);
afterAll(() => testApp?.close());

describe('access to /api/admin/discounts', () => {
  const ROUTES: [InjectOptions['method'], string][] = [
    ['GET', '/api/admin/discounts'],
    ['GET', '/api/admin/discounts/export'],
    ['POST', '/api/admin/discounts'],
    ['GET', '/api/admin/discounts/999999'],
    ['PUT', '/api/admin/discounts/999999'],
    ['POST', '/api/admin/discounts/999999/deactivate'],
  ];
  it.each(ROUTES)('%s %s: product managers and administrators only', async (method, url) => {
    expect((await request(method, url, {}, {})).status).toBe(401);
    expect((await request(method, url, ORDINARY, {})).status).toBe(403);
    for (const role of ADMIN_ROLES) {
      const { status } = await request(method, url, withRole(role), {});
      if (role === 'product_manager' || role === 'administrator') {
        expect([role, [401, 403].includes(status)]).toEqual([role, false]);
      } else expect([role, status]).toEqual([role, 403]);
    }
  });
});

describe('writing discounts', () => {
  it('creates, shows, edits and deactivates a discount, one audit row per change', async () => {
    const body = discount({ code: ` ${freshCode('spring').toLowerCase()} `, maxCount: 10, leftCount: 7 });
    const created = await request('POST', '/api/admin/discounts', MANAGER, body);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      code: body.code.trim().toUpperCase(),
      usageCount: 3,
      maxCount: 10,
      leftCount: 7,
      status: 'active',
    });
    expect((await request('GET', `/api/admin/discounts/${id}`, MANAGER)).body.code).toBe(created.body.code);

    const edited = await request('PUT', `/api/admin/discounts/${id}`, ADMIN, {
      ...body,
      value: 2500,
      maxCount: 10,
      leftCount: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ value: 2500, usageCount: 3, leftCount: 7 });

    const ended = await request('POST', `/api/admin/discounts/${id}/deactivate`, MANAGER, {});
    expect(ended.body.status).toBe('inactive');

    const trail = await request('GET', `/api/admin/audit?entityType=discount&entityId=${id}`, ADMIN);
    expect(trail.body['hydra:totalItems']).toBe(3);
    const entries = trail.body['hydra:member'].reverse();
    expect(entries.map((entry: { method: string }) => entry.method)).toEqual(['POST', 'PUT', 'POST']);
    expect(entries[0]).toMatchObject({ before: null, after: { value: 1000 } });
    expect(entries[1]).toMatchObject({ before: { value: 1000 }, after: { value: 2500 } });
    expect(entries[2]).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
  });

  it('answers 404 for a discount that does not exist and writes no audit row', async () => {
    expect((await request('PUT', '/api/admin/discounts/999999', ADMIN, discount())).status).toBe(404);
    expect((await request('POST', '/api/admin/discounts/999999/deactivate', ADMIN, {})).status).toBe(404);
    const trail = await request('GET', '/api/admin/audit?entityType=discount&entityId=999999', ADMIN);
    expect(trail.body['hydra:totalItems']).toBe(0);
  });

  it.each([
    ['a code of unreadable characters', { code: 'SPRING 10%' }, 'code', DISCOUNT_CODES.unreadableCode],
    ['a code with diacritics', { code: 'ATLAIDE-Ā' }, 'code', DISCOUNT_CODES.unreadableCode],
    ['an empty code', { code: '  ' }, 'code', DISCOUNT_CODES.codeRequired],
    ['a left count above the max count', { maxCount: 5, leftCount: 6 }, 'leftCount', DISCOUNT_CODES.leftAboveMax],
    ['a left count without a max count', { leftCount: 6 }, 'leftCount', DISCOUNT_CODES.leftAboveMax],
    [
      'a date-to before the date-from',
      { validFrom: day(5), validTill: day(4) },
      'validTill',
      DISCOUNT_CODES.tillBeforeFrom,
    ],
    ['a period in the past', { validFrom: day(-10), validTill: day(-1) }, 'validTill', DISCOUNT_CODES.pastPeriod],
    ['a start in the past', { validFrom: day(-1), validTill: day(3) }, 'validFrom', DISCOUNT_CODES.pastPeriod],
    ['a date that does not exist', { validTill: '2026-02-30' }, 'validTill', DISCOUNT_CODES.invalidDate],
    ['a percentage above 100', { value: 10_001 }, 'value', DISCOUNT_CODES.valueRange],
    ['a percentage of 0', { value: 0 }, 'value', DISCOUNT_CODES.valueRange],
    ['Nth shipment without N', { frequency: 'nth' }, 'frequencyIndex', DISCOUNT_CODES.frequencyIndexRequired],
    [
      'loyalty without N',
      { kind: 'loyalty', userType: 'registered' },
      'frequencyIndex',
      DISCOUNT_CODES.frequencyIndexRequired,
    ],
    ['loyalty for all users', { kind: 'loyalty', frequencyIndex: 3 }, 'userType', DISCOUNT_CODES.loyaltyRegisteredOnly],
  ])('refuses %s with a clear message (422)', async (_case, overrides, propertyPath, code) => {
    const { status, body } = await request('POST', '/api/admin/discounts', MANAGER, discount(overrides));
    expect(status).toBe(422);
    expect(violationsOf(body)).toContainEqual([propertyPath, code]);
    expect(body.violations.every((violation: { message: string }) => violation.message.length > 10)).toBe(true);
  });

  it('refuses a value of the wrong kind as an invalid choice (422), never 500', async () => {
    const { status, body } = await request('POST', '/api/admin/discounts', MANAGER, discount({ type: 'half' }));
    expect(status).toBe(422);
    expect(violationsOf(body).map(([path]) => path)).toContain('type');
  });

  it('refuses a code already active in an overlapping period, but not in a later one or once inactive', async () => {
    const code = freshCode('DUP');
    const first = await request('POST', '/api/admin/discounts', MANAGER, discount({ code, validTill: day(10) }));
    expect(first.status).toBe(201);
    const overlapping = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      discount({ code: code.toLowerCase(), validFrom: day(10), validTill: day(20) }),
    );
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.violations).toContainEqual({
      propertyPath: 'code',
      message: DISCOUNT_MESSAGES.codeActiveInPeriod,
      code: DISCOUNT_CODES.codeActiveInPeriod,
    });
    const later = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      discount({ code, validFrom: day(11), validTill: day(20) }),
    );
    expect(later.status).toBe(201);
    // Editing one period to overlap the other is refused just the same.
    const moved = await request('PUT', `/api/admin/discounts/${later.body.id}`, MANAGER, {
      ...discount({ code, validFrom: day(5), validTill: day(20) }),
    });
    expect(violationsOf(moved.body)).toContainEqual(['code', DISCOUNT_CODES.codeActiveInPeriod]);
    const inactive = await request('POST', '/api/admin/discounts', MANAGER, discount({ code, status: 'inactive' }));
    expect(inactive.status).toBe(201);
  });

  it('refuses loyalty periods that overlap another active loyalty discount (whatever workflows)', async () => {
    const loyalty = (overrides: Record<string, unknown>) =>
      discount({ kind: 'loyalty', userType: 'registered', frequencyIndex: 5, ...overrides });
    // Far in the future, so that this test's periods meet no other test's loyalty discount.
    const first = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      loyalty({ validFrom: day(400), validTill: day(430) }),
    );
    expect(first.status).toBe(201);
    const overlapping = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      loyalty({ validFrom: day(420), validTill: day(450) }),
    );
    expect(overlapping.status).toBe(422);
    expect(violationsOf(overlapping.body)).toContainEqual(['validFrom', DISCOUNT_CODES.loyaltyOverlap]);
    const after = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      loyalty({ validFrom: day(431), validTill: day(450) }),
    );
    expect(after.status).toBe(201);
    // An ordinary code in the same period is no loyalty discount: allowed.
    const plain = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      discount({ validFrom: day(420), validTill: day(425) }),
    );
    expect(plain.status).toBe(201);
  });
});

describe('listing and exporting', () => {
  it('pages, filters and sorts on the server', async () => {
    const prefix = freshCode('LIST');
    for (const [index, value] of [300, 100, 200].entries()) {
      await request('POST', '/api/admin/discounts', MANAGER, discount({ code: `${prefix}-${index}`, value }));
    }
    const page1 = await request(
      'GET',
      `/api/admin/discounts?code=${prefix}&sort=value&direction=asc&itemsPerPage=2`,
      MANAGER,
    );
    expect(page1.status).toBe(200);
    expect(page1.body['hydra:totalItems']).toBe(3);
    expect(page1.body['hydra:member'].map((item: { value: number }) => item.value)).toEqual([100, 200]);
    const page2 = await request(
      'GET',
      `/api/admin/discounts?code=${prefix.toLowerCase()}&sort=value&direction=asc&itemsPerPage=2&page=2`,
      MANAGER,
    );
    expect(page2.body['hydra:member'].map((item: { value: number }) => item.value)).toEqual([300]);
    const inactive = await request('GET', `/api/admin/discounts?code=${prefix}&status=inactive`, MANAGER);
    expect(inactive.body['hydra:totalItems']).toBe(0);
    expect((await request('GET', '/api/admin/discounts?sort=secret', MANAGER)).status).toBe(400);
    expect((await request('GET', '/api/admin/discounts?code=%25', MANAGER)).status).toBe(400);
  });

  it('exports the filtered discounts as XLSX in the request language', async () => {
    const code = freshCode('XLSX');
    await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      discount({ code, type: 'fixedPrice', value: 250, maxCount: 4 }),
    );
    const file = await request('GET', `/api/admin/discounts/export?code=${code}`, {
      ...MANAGER,
      'accept-language': 'lv',
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('discounts.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Kods');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(code);
    expect(row.getCell(3).value).toBe('īpaša cena');
    expect(row.getCell(4).value).toBe(2.5);
    expect(row.getCell(10).value).toBe(4);
    expect(row.getCell(11).value).toBe(today.split('-').reverse().join('.'));
  });
});

describe('loyalty discounts of a registered user', () => {
  const line = { workFlow: 0, attributes: { weight: 1000, countryCode: 'LV' } };
  const price = (code: string, headers: Headers = {}) =>
    request('POST', headers.authorization ? '/api/prices/by_order' : '/api/public/prices/by_order', headers, {
      discountCode: code,
      orderLines: [{ ...line, workFlow: `/api/work_flows/${letterId}` }],
    });

  it('is assigned after N paid orders, listed with the new-discount flag, and applies only for its holder', async () => {
    const code = freshCode('LOYAL');
    // Far out, clear of the other test's loyalty periods; made current below by a direct update.
    const created = await request(
      'POST',
      '/api/admin/discounts',
      MANAGER,
      discount({
        code,
        kind: 'loyalty',
        userType: 'registered',
        frequencyIndex: 2,
        value: 2000,
        validFrom: day(200),
        validTill: day(210),
      }),
    );
    expect(created.status).toBe(201);
    await testApp.db.orm.update(discounts).set({ validFrom: today }).where(eq(discounts.id, created.body.id));

    const holder = bearer({ sub: 'loyal-user', email: 'loyal@example.com' });
    const [user] = await testApp.db.orm
      .insert(users)
      .values({ subject: 'loyal-user', email: 'loyal@example.com' })
      .returning({ id: users.id });
    const service = testApp.app.services.discounts;
    // The orders module counts the user's paid orders in the settlement and passes the count.
    let paidOrders = 0;
    const payOrder = async () => {
      await testApp.db.orm
        .insert(orders)
        .values({ userId: user!.id, status: 'paid', paidAt: new Date(), key: freshCode('K') });
      paidOrders += 1;
      return testApp.db.orm.transaction((tx) => service.assignLoyalty(tx, user!.id, paidOrders, new Date()));
    };
    expect(await payOrder()).toEqual([]);
    expect((await request('GET', '/api/user_discounts', holder)).body['hydra:member']).toEqual([]);
    expect(await payOrder()).toEqual([created.body.id]);
    // A third order (or a replayed callback) assigns nothing twice.
    expect(await payOrder()).toEqual([]);

    const mine = await request('GET', '/api/user_discounts', holder);
    expect(mine.body['hydra:member']).toMatchObject([{ code, value: 2000, seenAt: null, usable: true }]);
    const assignment = mine.body['hydra:member'][0].id;
    expect((await request('POST', `/api/user_discounts/${assignment}/seen`, ORDINARY, {})).status).toBe(404);
    expect((await request('POST', `/api/user_discounts/${assignment}/seen`, holder, {})).status).toBe(204);
    expect((await request('GET', '/api/user_discounts', holder)).body['hydra:member'][0].seenAt).not.toBeNull();
    expect((await request('GET', '/api/user_discounts')).status).toBe(401);

    const full = await price('', holder);
    const held = await price(code.toLowerCase(), holder);
    expect(held.body.discountCodeIsValid).toBe(true);
    expect(held.body.price.amount).toBeLessThan(full.body.price.amount);
    expect((await price(code, ORDINARY)).body.discountCodeIsValid).toBe(false);
    expect((await price(code)).body.discountCodeIsValid).toBe(false);
  });
});
