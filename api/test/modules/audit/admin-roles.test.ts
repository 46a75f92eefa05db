/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { ADMIN_ROLES, type AdminRole } from '@portal/shared-contracts/admin';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { NO_BODY, NO_QUERY } from '../../../src/http/route-schemas';
import { auditChange } from '../../../src/modules/audit';
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';

// Issue 14: back-office roles per route, and the audit trail of every admin change.

let testApp: TestApp;
type Headers = Record<string, string>;

const request = async (method: InjectOptions['method'], url: string, headers: Headers = {}, body?: unknown) => {
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  // Files (the discounts' XLSX export) are no JSON.
  const json = response.body && String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: json ? response.json() : undefined };
};

/** A signed-in user with exactly one back-office role (made-up people). */
const withRole = (role: AdminRole) => bearer({ sub: `role-${role}`, email: `${role}@example.com` });
const ORDINARY = bearer({ sub: 'ordinary-user', email: 'ordinary@example.com' });
const ADMIN = withRole('administrator');
const userIds = new Map<AdminRole, number>();

// Test routes declare their input like every API route (http/route-schemas.ts).
const TEST_ROUTE = { querystring: NO_QUERY, body: NO_BODY };
const TEST_THING_ROUTE = { ...TEST_ROUTE, params: z.object({ thingId: z.string() }) };

beforeAll(async () => {
  testApp = await startTestApp({
    extend: (app) => {
      // Test-only admin routes (administrators only, as they declare no role): one that describes
      // no change, one whose change cannot be kept as JSON.
      app.post('/api/admin/test_things/:thingId', { schema: TEST_THING_ROUTE }, async () => ({ ok: true }));
      app.post('/api/admin/test_unauditable', { schema: TEST_ROUTE }, async (request) => {
        auditChange(request, { entityType: 'test', entityId: 1, before: { size: 1n }, after: null });
        return { ok: true };
      });
    },
  });
  for (const role of ADMIN_ROLES) {
    const [row] = await testApp.db.orm
      .insert(users)
      .values({ subject: `role-${role}`, email: `${role}@example.com`, adminRoles: [role] })
      .returning({ id: users.id });
    userIds.set(role, row?.id ?? 0);
  }
}, 60_000);
afterAll(() => testApp?.close());

/** Every /api/admin route with the roles it declares besides administrators (none: administrators only). */
const ROUTES: [InjectOptions['method'], string, AdminRole[]][] = [
  ['GET', '/api/admin/tariffs', ['product_manager']],
  ['GET', '/api/admin/work_flows', ['product_manager']],
  ['POST', '/api/admin/work_flows', ['product_manager']],
  ['GET', '/api/admin/work_flows/999999', ['product_manager']],
  ['PUT', '/api/admin/work_flows/999999', ['product_manager']],
  ['POST', '/api/admin/work_flows/mass_edit', ['product_manager']],
  ['POST', '/api/admin/work_flows/999999/tariffs', ['product_manager']],
  ['GET', '/api/admin/service_locations', ['product_manager']],
  ['POST', '/api/admin/service_locations', ['product_manager']],
  ['POST', '/api/admin/service_locations/import', ['product_manager']],
  ['GET', '/api/admin/service_locations/omniva-0', ['product_manager']],
  ['PUT', '/api/admin/service_locations/omniva-0', ['product_manager']],
  ['POST', '/api/admin/service_locations/omniva-0/retire', ['product_manager']],
  ['POST', '/api/admin/service_locations/omniva-0/reactivate', ['product_manager']],
  ['GET', '/api/admin/cms_blocks', ['content_editor']],
  ['GET', '/api/admin/cms_blocks/no-such-block', ['content_editor']],
  ['PUT', '/api/admin/cms_blocks/no-such-block', ['content_editor']],
  ['POST', '/api/admin/cms_blocks/preview', ['content_editor']],
  ['GET', '/api/admin/complaints', ['customer_service']],
  ['GET', '/api/admin/complaints/999999', ['customer_service']],
  ['PATCH', '/api/admin/complaints/999999', ['customer_service']],
  ['POST', '/api/admin/complaints/999999/answer', ['customer_service']],
  ['GET', '/api/admin/complaints/999999/attachments/1', ['customer_service']],
  ['POST', '/api/admin/orders/no-such-key/refunds', ['customer_service']],
  ['GET', '/api/admin/discounts', ['product_manager']],
  ['POST', '/api/admin/discounts', ['product_manager']],
  ['GET', '/api/admin/discounts/export', ['product_manager']],
  ['GET', '/api/admin/discounts/999999', ['product_manager']],
  ['PUT', '/api/admin/discounts/999999', ['product_manager']],
  ['POST', '/api/admin/discounts/999999/deactivate', ['product_manager']],
  ['GET', '/api/admin/orders', ['customer_service']],
  ['POST', '/api/admin/orders', ['customer_service']],
  ['GET', '/api/admin/orders/AAAAAAAAAAAAAAAAAAAAAAAA', ['customer_service']],
  ['PUT', '/api/admin/orders/AAAAAAAAAAAAAAAAAAAAAAAA', ['customer_service']],
  ['POST', '/api/admin/orders/AAAAAAAAAAAAAAAAAAAAAAAA/cancel', ['customer_service']],
  ['GET', '/api/admin/reports/orders', ['product_manager']],
  ['GET', '/api/admin/reports/orders.xlsx', ['product_manager']],
  ['GET', '/api/admin/audit', []],
  ['GET', '/api/admin/notifications', ['content_editor']],
  ['GET', '/api/admin/notifications/export', ['content_editor']],
  ['GET', '/api/admin/notifications/999999', ['content_editor']],
  ['POST', '/api/admin/notifications', ['content_editor']],
  ['PUT', '/api/admin/notifications/999999', ['content_editor']],
  ['POST', '/api/admin/notifications/999999/send', ['content_editor']],
  ['GET', '/api/admin/notification_banner', ['content_editor']],
  ['PUT', '/api/admin/notification_banner', ['content_editor']],
  ['GET', '/api/admin/users', ['customer_service']],
  ['GET', '/api/admin/users/999999', ['customer_service']],
  ['PATCH', '/api/admin/users/999999', []],
  ['PATCH', '/api/admin/accounts/999999', []],
  ['GET', '/api/admin/company_applications', ['customer_service']],
  ['POST', '/api/admin/company_applications/999999/approve', []],
  ['POST', '/api/admin/company_applications/999999/reject', []],
  ['GET', '/api/admin/archive/deleted_profiles', ['customer_service']],
  ['GET', '/api/admin/archive/orders', ['customer_service']],
  ['GET', '/api/admin/calendar', []],
  ['PUT', '/api/admin/calendar/days_off/2026-12-01', []],
  ['DELETE', '/api/admin/calendar/days_off/2026-12-01', []],
  ['GET', '/api/admin/caches', []],
  ['POST', '/api/admin/caches/no_such_cache/clear', []],
  // Outside /api/admin but a back-office call all the same (SPEC §6).
  ['GET', '/api/service_locations/update_cache', ['product_manager']],
  // Unknown admin paths answer like known ones: administrators only.
  ['GET', '/api/admin/no-such-section', []],
];

describe('access matrix of every /api/admin route', () => {
  it.each(ROUTES)('%s %s', async (method, url, declared) => {
    expect((await request(method, url, {}, {})).status).toBe(401);
    const ordinary = await request(method, url, ORDINARY, {});
    expect(ordinary.status).toBe(403);
    expect(ordinary.body['hydra:description']).toBe('Access Denied.');
    for (const role of ADMIN_ROLES) {
      const { status } = await request(method, url, withRole(role), {});
      const allowed = role === 'administrator' || declared.includes(role);
      // Allowed callers reach the handler: it answers (200, or 400/404/422 for the made-up ids and
      // empty bodies), never the guard's 401/403.
      if (allowed) expect([role, [401, 403].includes(status)]).toEqual([role, false]);
      else expect([role, status]).toEqual([role, 403]);
    }
  });

  it('covers every /api/admin route the API has', () => {
    const registered = routesOf(testApp.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.includes(' /api/admin/') && !route.includes('/api/admin/test_'),
    );
    expect(registered.length).toBeGreaterThanOrEqual(14);
    const covered = ROUTES.map(([method, url]) => `${method} ${url}`);
    for (const route of registered) {
      const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
      expect([route, covered.some((entry) => pattern.test(entry))]).toEqual([route, true]);
    }
  });

  it('tells the screens the roles: /api/my-user carries them, isAdmin means any role', async () => {
    const editor = (await request('GET', '/api/my-user', withRole('content_editor'))).body;
    expect(editor).toMatchObject({ isAdmin: true, adminRoles: ['content_editor'] });
    const ordinary = (await request('POST', '/api/my-user', ORDINARY)).body;
    expect(ordinary).toMatchObject({ isAdmin: false, adminRoles: [] });
  });
});

const OFFICE = {
  countryCode: 'LV',
  type: 'postOffice',
  operator: 'Latvijas Pasts',
  name: 'Audit test office',
  address: 'Testa iela 2, Rīga',
  city: 'Rīga',
  postCode: 'LV-1050',
  latitude: 56.95,
  longitude: 24.1,
  openingHours: null,
};
const trail = async (query: string, headers: Headers = ADMIN) => request('GET', `/api/admin/audit?${query}`, headers);

describe('the audit trail', () => {
  it('keeps one row per admin change, with who, what and the values before and after', async () => {
    const manager = withRole('product_manager');
    const created = await request('POST', '/api/admin/service_locations', manager, OFFICE);
    expect(created.status).toBe(201);
    const id = created.body.id;
    await request('PUT', `/api/admin/service_locations/${id}`, manager, { ...OFFICE, name: 'Renamed office' });
    const retired = await request('POST', `/api/admin/service_locations/${id}/retire`, manager, {});
    expect(retired.status).toBe(200);
    // Reads and refused or failed changes write nothing.
    await request('GET', `/api/admin/service_locations/${id}`, manager);
    await request('PUT', `/api/admin/service_locations/${id}`, manager, { ...OFFICE, latitude: 'north' });
    await request('PUT', `/api/admin/service_locations/${id}`, withRole('content_editor'), OFFICE);

    const { status, body } = await trail(`entityType=service_location&entityId=${id}`);
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(3);
    const [retire, rename, create] = body['hydra:member'];
    const managerId = userIds.get('product_manager');
    expect(create).toMatchObject({
      userId: managerId,
      user: `/api/users/${managerId}`,
      method: 'POST',
      route: '/api/admin/service_locations',
      path: '/api/admin/service_locations',
      status: 201,
      before: null,
      after: { id, name: 'Audit test office', active: true },
    });
    expect(rename).toMatchObject({
      method: 'PUT',
      route: '/api/admin/service_locations/:id',
      before: { name: 'Audit test office' },
      after: { name: 'Renamed office' },
    });
    expect(retire).toMatchObject({
      route: '/api/admin/service_locations/:id/retire',
      before: { active: true },
      after: { active: false },
    });
    expect(Date.parse(create.at)).toBeLessThanOrEqual(Date.parse(retire.at));
  });

  it('keeps a CMS edit by a content editor, with the block before and after', async () => {
    const editor = withRole('content_editor');
    const block = { titleEn: 'Audit', titleLv: 'Audits', bodyEn: 'First', bodyLv: 'Pirmais' };
    expect((await request('PUT', '/api/admin/cms_blocks/audit-test', editor, block)).status).toBe(201);
    expect(
      (await request('PUT', '/api/admin/cms_blocks/audit-test', editor, { ...block, bodyEn: 'Second' })).status,
    ).toBe(200);
    const { body } = await trail(`entityType=cms_block&entityId=audit-test&user=${userIds.get('content_editor')}`);
    expect(body['hydra:member']).toMatchObject([
      { status: 200, before: { bodyEn: 'First' }, after: { bodyEn: 'Second' } },
      { status: 201, before: null, after: { bodyEn: 'First' } },
    ]);
  });

  it('keeps a change that no route described, without values', async () => {
    expect((await request('POST', '/api/admin/test_things/abc-1', ADMIN, {})).status).toBe(200);
    const { body } = await trail('entityType=test_things');
    expect(body['hydra:member']).toMatchObject([
      { route: '/api/admin/test_things/:thingId', entityId: 'abc-1', before: null, after: null },
    ]);
  });

  it('never loses a change silently: a change the audit cannot keep answers with an error', async () => {
    const { status } = await request('POST', '/api/admin/test_unauditable', ADMIN, {});
    expect(status).toBe(500);
    expect((await trail('entityType=test')).body['hydra:totalItems']).toBe(0);
  });

  it('searches by user and date range and pages on the server', async () => {
    const manager = withRole('product_manager');
    for (let index = 0; index < 3; index += 1)
      await request('POST', '/api/admin/service_locations', manager, { ...OFFICE, name: `Paged office ${index}` });
    const everyone = await trail('itemsPerPage=2');
    const total = everyone.body['hydra:totalItems'];
    expect(total).toBeGreaterThanOrEqual(5);
    expect(everyone.body['hydra:member']).toHaveLength(2);
    const page2 = await trail('itemsPerPage=2&page=2');
    expect(page2.body['hydra:member']).toHaveLength(2);
    expect(page2.body['hydra:member'][0].id).toBeLessThan(everyone.body['hydra:member'][1].id);

    const byManager = await trail(`user=${userIds.get('product_manager')}&itemsPerPage=100`);
    expect(
      byManager.body['hydra:member'].every(
        (entry: { userId: number }) => entry.userId === userIds.get('product_manager'),
      ),
    ).toBe(true);
    expect(byManager.body['hydra:totalItems']).toBeLessThan(total);

    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`from=2020-01-01&until=${addDays(today, 1)}`)).body['hydra:totalItems']).toBe(total);
    expect((await trail('from=2020-01-01&until=2020-12-31')).body['hydra:totalItems']).toBe(0);
    expect((await trail(`from=${addDays(today, 2)}`)).body['hydra:totalItems']).toBe(0);
  });

  it('answers bad search input with 400 and violations', async () => {
    const cases: [string, string][] = [
      ['from=01.02.2026', 'from'],
      ['until=2026-02-31', 'until'],
      ['from=2026-03-01&until=2026-02-01', 'until'],
      ['user=abc', 'user'],
      ['itemsPerPage=1000', 'itemsPerPage'],
      ['colour=red', 'colour'],
    ];
    for (const [query, propertyPath] of cases) {
      const { status, body } = await trail(query);
      expect([query, status]).toEqual([query, 400]);
      expect(body.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toContain(
        propertyPath,
      );
    }
  });
});

/**
 * "METHOD /path" of every route in Fastify's printed tree, where a child line holds only the
 * rest of its parent's path (`│   └── /:id (GET, HEAD, PUT)`); HEAD twins left out.
 */
function routesOf(tree: string): string[] {
  const stack: { depth: number; path: string }[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]?.length ?? 0;
    while ((stack.at(-1)?.depth ?? -1) >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
