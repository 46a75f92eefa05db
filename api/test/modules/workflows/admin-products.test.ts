/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { ADMIN_ROLES, type AdminRole, WORKFLOW_MESSAGES } from '@portal/shared-contracts/admin';
import type { InjectOptions } from 'fastify';
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';

// Issue 14 item 4: products (work_flows) and their dated tariffs in the back office.

let testApp: TestApp;
type Headers = Record<string, string>;

const request = async (method: InjectOptions['method'], url: string, headers: Headers = {}, body?: unknown) => {
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
};

/** A signed-in user with exactly one back-office role (made-up people). */
const withRole = (role: AdminRole) => bearer({ sub: `products-${role}`, email: `products-${role}@example.com` });
const ORDINARY = bearer({ sub: 'products-ordinary', email: 'products-ordinary@example.com' });
const MANAGER = withRole('product_manager');
const ADMIN = withRole('administrator');
const userIds = new Map<AdminRole, number>();

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['workflows', 'prices'] });
  for (const role of ADMIN_ROLES) {
    const [row] = await testApp.db.orm
      .insert(users)
      .values({ subject: `products-${role}`, email: `products-${role}@example.com`, adminRoles: [role] })
      .returning({ id: users.id });
    userIds.set(role, row?.id ?? 0);
  }
}, 60_000);
afterAll(() => testApp?.close());

let keys = 0;
/** A new domestic parcel product with a label of its own, so tests never meet each other's data. */
const newProduct = (overrides: Record<string, unknown> = {}) => {
  keys += 1;
  return {
    seedKey: `test-parcel-${keys}-${Date.now()}`,
    isActive: true,
    label: `Test parcel ${keys}`,
    labelLv: `Testa paka ${keys}`,
    shipmentType: 'parcel',
    shipmentSubType: 'registered',
    shipmentSizeType: null,
    countryCode: 'LV',
    zone: 'LV',
    transferType: 'postOffice',
    receivingType: 'postOffice',
    maxWeight: 10_000,
    deliveryDays: 2,
    serviceOptions: ['insurance'],
    tariff: {
      validFrom: '2026-01-01',
      weightCosts: [
        { maxWeight: 2000, priceCents: 555 },
        { maxWeight: 10_000, priceCents: 999 },
      ],
    },
    ...overrides,
  };
};
const { seedKey: _key, tariff: _tariff, ...EDIT } = newProduct();

const create = async (overrides: Record<string, unknown> = {}) => {
  const created = await request('POST', '/api/admin/work_flows', MANAGER, newProduct(overrides));
  expect(created.status).toBe(201);
  return created.body as { id: number; label: string; seedKey: string } & Record<string, unknown>;
};

/** The labels the calculator offers for a domestic parcel of `weight` grams. */
const offered = async (weight = 1000) => {
  const { status, body } = await request(
    'POST',
    '/api/public/prices/by_country',
    {},
    {
      shipmentType: 'parcel',
      countryCodes: ['LV'],
      weight,
    },
  );
  expect(status).toBe(200);
  return body.workFlows as { id: number; label: string; price: { amount: number } | null }[];
};

const violationsOf = (body: { violations?: { propertyPath: string; message: string }[] }) =>
  Object.fromEntries((body.violations ?? []).map((violation) => [violation.propertyPath, violation.message]));

describe('access to /api/admin/work_flows', () => {
  const ROUTES: [InjectOptions['method'], string, unknown][] = [
    ['GET', '/api/admin/work_flows', undefined],
    ['GET', '/api/admin/work_flows/1', undefined],
    ['POST', '/api/admin/work_flows', {}],
    ['PUT', '/api/admin/work_flows/1', {}],
    ['POST', '/api/admin/work_flows/mass_edit', {}],
    ['POST', '/api/admin/work_flows/1/tariffs', {}],
  ];

  it.each(ROUTES)(
    '%s %s: anonymous 401, ordinary user and other roles 403, product managers and administrators pass',
    async (method, url, body) => {
      expect((await request(method, url, {}, body)).status).toBe(401);
      expect((await request(method, url, ORDINARY, body)).status).toBe(403);
      for (const role of ADMIN_ROLES) {
        const { status } = await request(method, url, withRole(role), body);
        if (role === 'product_manager' || role === 'administrator') {
          // Past the guard: 200 for reads, 422 for the empty bodies.
          expect([role, [200, 422].includes(status)]).toEqual([role, true]);
        } else expect([role, status]).toEqual([role, 403]);
      }
    },
  );
});

describe('products', () => {
  it('creates a product that the calculator offers at once, with its first tariff', async () => {
    await offered(); // the catalogue is loaded before the change
    const created = await create();
    expect(created).toMatchObject({
      label: expect.stringMatching(/^Test parcel/),
      isActive: true,
      deliveryDays: 2,
      serviceOptions: ['insurance'],
      weightCosts: [
        { maxWeight: 2000, priceCents: 555, validFrom: '2026-01-01', source: 'administrator', placeholder: false },
        { maxWeight: 10_000, priceCents: 999, validFrom: '2026-01-01', source: 'administrator', placeholder: false },
      ],
    });
    const product = (await offered()).find((workflow) => workflow.id === created.id);
    expect(product?.label).toBe(created.label);
    expect(product?.price?.amount).toBeGreaterThan(0);
    const shown = await request('GET', `/api/admin/work_flows/${created.id}`, MANAGER);
    expect(shown.body).toMatchObject({ id: created.id, seedKey: created.seedKey, labelLv: expect.any(String) });
  });

  it('lists products with server-side paging, sorting and filters', async () => {
    const created = await create({ label: 'Zz sorting test parcel' });
    const { status, body } = await request(
      'GET',
      '/api/admin/work_flows?label=Zz%20sorting&shipmentType=parcel&isActive=true&_order[label]=desc&rowsPerPage=2',
      MANAGER,
    );
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(1);
    expect(body['hydra:member'].map((member: { id: number }) => member.id)).toEqual([created.id]);
    const paged = await request('GET', '/api/admin/work_flows?rowsPerPage=3&page=2&_order[id]=asc', MANAGER);
    expect(paged.body['hydra:member'].map((member: { id: number }) => member.id)).toEqual([4, 5, 6]);
    expect((await request('GET', '/api/admin/work_flows?_order[nothing]=asc', MANAGER)).status).toBe(400);
  });

  it('deactivates a product: the calculator no longer offers it, and offers it again once reactivated', async () => {
    const created = await create();
    expect((await offered()).some((workflow) => workflow.id === created.id)).toBe(true);
    const edited = await request('PUT', `/api/admin/work_flows/${created.id}`, MANAGER, {
      ...EDIT,
      label: created.label,
      isActive: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.isActive).toBe(false);
    expect((await offered()).some((workflow) => workflow.id === created.id)).toBe(false);

    const mass = await request('POST', '/api/admin/work_flows/mass_edit', MANAGER, {
      ids: [created.id],
      changes: { isActive: true, deliveryDays: 3 },
    });
    expect(mass.status).toBe(200);
    expect(mass.body['hydra:member']).toMatchObject([{ id: created.id, isActive: true, deliveryDays: 3 }]);
    expect((await offered()).some((workflow) => workflow.id === created.id)).toBe(true);
  });

  it('sets a dated tariff: a new row beside the old ones, priced today, a future one scheduled', async () => {
    const created = await create();
    const url = `/api/admin/work_flows/${created.id}/tariffs`;
    const today = await request('POST', url, MANAGER, {
      validFrom: '2026-02-01',
      weightCosts: [{ maxWeight: 2000, priceCents: 600 }],
    });
    expect(today.status).toBe(200);
    expect(today.body.weightCosts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ maxWeight: 2000, priceCents: 555, validFrom: '2026-01-01' }),
        expect.objectContaining({ maxWeight: 2000, priceCents: 600, validFrom: '2026-02-01', source: 'administrator' }),
      ]),
    );
    const future = await request('POST', url, ADMIN, {
      validFrom: '2099-01-01',
      weightCosts: [{ maxWeight: 2000, priceCents: 900 }],
    });
    expect(future.status).toBe(200);
    const product = (await offered()).find((workflow) => workflow.id === created.id);
    // The 2026-02-01 figure prices today (the test clock is after it); the 2099 one waits.
    expect(product?.price?.amount).toBeLessThan(900);
    expect(product?.price?.amount).toBeGreaterThan(0);
  });

  it('writes one audit row per change, with who and the values before and after', async () => {
    const created = await create();
    const id = created.id;
    await request('PUT', `/api/admin/work_flows/${id}`, MANAGER, { ...EDIT, label: 'Audited parcel' });
    await request('POST', '/api/admin/work_flows/mass_edit', ADMIN, { ids: [id], changes: { isActive: false } });
    await request('POST', `/api/admin/work_flows/${id}/tariffs`, MANAGER, {
      validFrom: '2026-03-01',
      weightCosts: [{ maxWeight: 2000, priceCents: 610 }],
    });
    // Reads and refused changes write nothing.
    await request('GET', `/api/admin/work_flows/${id}`, MANAGER);
    await request('PUT', `/api/admin/work_flows/${id}`, MANAGER, { ...EDIT, maxWeight: -5 });
    await request('PUT', `/api/admin/work_flows/${id}`, withRole('content_editor'), EDIT);

    const trail = async (query: string) => (await request('GET', `/api/admin/audit?${query}`, ADMIN)).body;
    const products = await trail(`entityType=work_flow&itemsPerPage=100&user=${userIds.get('product_manager')}`);
    const mine = products['hydra:member'].filter((entry: { entityId: string }) => entry.entityId === String(id));
    expect(mine).toMatchObject([
      { method: 'PUT', status: 200, before: { label: created.label }, after: { label: 'Audited parcel' } },
      { method: 'POST', status: 201, before: null, after: { id, label: created.label } },
    ]);
    const mass = await trail(`entityType=work_flow&entityId=${id}&user=${userIds.get('administrator')}`);
    expect(mass['hydra:member']).toMatchObject([
      {
        route: '/api/admin/work_flows/mass_edit',
        before: { products: [{ id, isActive: true }] },
        after: { products: [{ id, isActive: false }] },
      },
    ]);
    const tariffs = await trail(`entityType=work_flow_tariff&entityId=${id}`);
    expect(tariffs['hydra:totalItems']).toBe(1);
    expect(tariffs['hydra:member'][0].after.tariff).toMatchObject({ validFrom: '2026-03-01' });
  });
});

describe('validation: a clear message beside the field, never a 500', () => {
  it('refuses negative weights in the product and in its tariff', async () => {
    const { status, body } = await request(
      'POST',
      '/api/admin/work_flows',
      MANAGER,
      newProduct({
        maxWeight: -100,
        tariff: { validFrom: '2026-01-01', weightCosts: [{ maxWeight: -20, priceCents: 100 }] },
      }),
    );
    expect(status).toBe(422);
    expect(violationsOf(body)).toMatchObject({
      maxWeight: WORKFLOW_MESSAGES.weightNegative,
      'tariff.weightCosts[0].maxWeight': WORKFLOW_MESSAGES.weightNegative,
    });
    const created = await create();
    const tariff = await request('POST', `/api/admin/work_flows/${created.id}/tariffs`, MANAGER, {
      validFrom: '2026-05-01',
      weightCosts: [{ maxWeight: -1, priceCents: -3 }],
    });
    expect(tariff.status).toBe(422);
    expect(violationsOf(tariff.body)).toEqual({
      'weightCosts[0].maxWeight': WORKFLOW_MESSAGES.weightNegative,
      'weightCosts[0].priceCents': WORKFLOW_MESSAGES.priceNegative,
    });
  });

  it('refuses steps out of order or above the maximum weight, unknown countries and a key used twice', async () => {
    const unordered = await request(
      'POST',
      '/api/admin/work_flows',
      MANAGER,
      newProduct({
        tariff: {
          validFrom: '2026-01-01',
          weightCosts: [
            { maxWeight: 5000, priceCents: 100 },
            { maxWeight: 2000, priceCents: 100 },
            { maxWeight: 20_000, priceCents: 100 },
          ],
        },
      }),
    );
    expect(unordered.status).toBe(422);
    expect(violationsOf(unordered.body)).toEqual({
      'tariff.weightCosts[1].maxWeight': WORKFLOW_MESSAGES.ascending,
      'tariff.weightCosts[2].maxWeight': WORKFLOW_MESSAGES.aboveMaxWeight,
    });
    const country = await request('POST', '/api/admin/work_flows', MANAGER, newProduct({ countryCode: 'QQ' }));
    expect(country.status).toBe(422);
    expect(violationsOf(country.body)).toEqual({ countryCode: 'Unknown country.' });
    const first = await create();
    const again = await request('POST', '/api/admin/work_flows', MANAGER, newProduct({ seedKey: first.seedKey }));
    expect(violationsOf(again.body)).toEqual({ seedKey: 'This key is already used.' });
  });

  it('refuses a published figure’s day, junk bodies and unknown products without a 500', async () => {
    const junk = await request('PUT', '/api/admin/work_flows/1', MANAGER, { ...EDIT, maxWeight: 'heavy', extra: 1 });
    expect(junk.status).toBe(422);
    expect(Object.keys(violationsOf(junk.body)).sort()).toEqual(['extra', 'maxWeight']);
    expect((await request('PUT', '/api/admin/work_flows/999999', MANAGER, EDIT)).status).toBe(404);
    expect((await request('GET', '/api/admin/work_flows/abc', MANAGER)).status).toBe(400);
    const mass = await request('POST', '/api/admin/work_flows/mass_edit', MANAGER, { ids: [999999], changes: {} });
    expect(mass.status).toBe(422);
    expect(violationsOf(mass.body)).toEqual({ changes: WORKFLOW_MESSAGES.noChange });
    const unknown = await request('POST', '/api/admin/work_flows/mass_edit', MANAGER, {
      ids: [999999],
      changes: { isActive: false },
    });
    expect(violationsOf(unknown.body)).toEqual({ 'ids[0]': 'Workflow "999999" not found.' });
    // The domestic parcel's 2026-01-01 figure is published: a tariff on that day must take a later date.
    const published = await request('GET', '/api/admin/work_flows?rowsPerPage=300', MANAGER);
    const parcel = published.body['hydra:member'].find(
      (member: { seedKey: string }) => member.seedKey === 'parcel-lv-post-office-registered',
    );
    const clash = await request('POST', `/api/admin/work_flows/${parcel.id}/tariffs`, MANAGER, {
      validFrom: '2026-01-01',
      weightCosts: [{ maxWeight: 1000, priceCents: 700 }],
    });
    expect(clash.status).toBe(422);
    expect(Object.keys(violationsOf(clash.body))).toEqual(['weightCosts[0].validFrom']);
  });
});
