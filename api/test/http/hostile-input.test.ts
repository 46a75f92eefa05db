/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { InjectOptions } from 'fastify';
import { users } from '../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../helpers';

// Issue 36: the answers 500 that a fuzz of every operation found (R1-R5; R6 is in
// db/unavailable.test.ts), each as the request that found it. Bad input is 400 or 422, never 500.

let testApp: TestApp;
const CUSTOMER = bearer({ sub: 'hostile-customer', email: 'hostile-customer@example.com' });
const ADMIN = bearer({ sub: 'hostile-admin', email: 'hostile-admin@example.com' });
const BEYOND_INTEGER = 2_147_483_648;

beforeAll(async () => {
  testApp = await startTestApp();
  await testApp.db.orm
    .insert(users)
    .values({ subject: 'hostile-admin', email: 'hostile-admin@example.com', adminRoles: ['administrator'] });
  await call('POST', '/api/accounts', CUSTOMER, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());

async function call(method: InjectOptions['method'], url: string, headers: Record<string, string>, body?: unknown) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...headers, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
    ...(body === undefined ? {} : { payload: body as string }),
  });
  return { status: response.statusCode, json: () => response.json(), headers: response.headers };
}

const violationPaths = (body: { violations?: { propertyPath: string }[] }) =>
  (body.violations ?? []).map((violation) => violation.propertyPath);

describe('R1: ids beyond the integer range inside arrays', () => {
  it.each([
    ['contacts to delete', 'POST', '/api/contacts/bulk_delete', { ids: [BEYOND_INTEGER] }, 'ids[0]'],
    ["a new contact's groups", 'POST', '/api/contacts', { name: 'Anna', groupIds: [BEYOND_INTEGER] }, 'groupIds[0]'],
  ] as const)('%s answer 422 naming the element', async (_what, method, url, body, path) => {
    const response = await call(method, url, CUSTOMER, body);
    expect(response.status).toBe(422);
    expect(violationPaths(response.json())).toContain(path);
  });

  it("the products' mass edit answers 422 naming the element", async () => {
    const response = await call('POST', '/api/admin/work_flows/mass_edit', ADMIN, {
      ids: [BEYOND_INTEGER],
      changes: { isActive: false },
    });
    expect(response.status).toBe(422);
    expect(violationPaths(response.json())).toContain('ids[0]');
  });
});

describe("R2: a discount's counts beyond the integer range", () => {
  it.each(['maxCount', 'leftCount', 'frequencyIndex', 'value'])('%s answers 422, not 500', async (field) => {
    const response = await call('PUT', '/api/admin/discounts/1', ADMIN, {
      code: 'HOSTILE',
      type: 'percentage',
      value: 1000,
      validFrom: '2026-01-01',
      validTill: '2026-12-31',
      [field]: BEYOND_INTEGER,
    });
    expect(response.status).toBe(422);
    expect(violationPaths(response.json())).toEqual([field]);
  });
});

describe('R3: empty dates in the reports', () => {
  it.each([
    '/api/admin/reports/orders?dateFrom=',
    '/api/admin/reports/orders?dateTill=&groupBy=country',
    '/api/admin/reports/orders.xlsx?dateTill=',
  ])('%s is the default period', async (url) => {
    expect((await call('GET', url, ADMIN)).status).toBe(200);
  });

  it('an empty date of the order search is no date; an empty choice is a 400, never a 500', async () => {
    expect((await call('GET', '/api/admin/orders?dateFrom=&dateTill=', ADMIN)).status).toBe(200);
    expect((await call('GET', '/api/admin/orders?status=', ADMIN)).status).toBe(400);
  });
});

describe('R4: the CMS preview of an empty text', () => {
  it('renders nothing, twice (the second time from the cache)', async () => {
    for (let turn = 0; turn < 2; turn++) {
      const response = await call('POST', '/api/admin/cms_blocks/preview', ADMIN, { markdown: '' });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ html: '' });
    }
  });
});

describe('R5: deeply nested JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('3,000 nested arrays from an anonymous caller answer 400 before any handler', async () => {
    const response = await call('POST', '/api/public/client-errors', {}, nested(3_000));
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      '@type': 'hydra:Error',
      violations: [{ propertyPath: '', code: 'JSON_TOO_DEEP' }],
    });
  });

  it('a body at the limit is parsed and judged by its schema; one level more is refused', async () => {
    expect((await call('POST', '/api/public/client-errors', {}, nested(64))).status).toBe(422);
    expect((await call('POST', '/api/public/client-errors', {}, nested(65))).status).toBe(400);
  });

  it('brackets inside strings do not count', async () => {
    const body = JSON.stringify({
      shipmentType: 'letter',
      countryCodes: ['LV'],
      weight: 20,
      discountCode: '['.repeat(49),
    });
    expect((await call('POST', '/api/public/prices/by_country', {}, body)).status).not.toBe(400);
  });

  it('40 bodies of 200 KB of nesting are each refused', async () => {
    const body = nested(100_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call('POST', '/api/public/client-errors', {}, body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(400));
  });
});
