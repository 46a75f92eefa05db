/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { FastifyInstance } from 'fastify';
import { users } from '../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from './helpers';

// Issue 17 item 2: two API instances on one database. What one instance changes, the other's
// caches drop at once (PostgreSQL NOTIFY; PGlite's in-process notify when both share it), instead
// of after their 30-second expiry.

let firstInstance: TestApp;
let secondInstance: TestApp;
let first: FastifyInstance;
let second: FastifyInstance;
const MANAGER = bearer({ sub: 'instances-manager', email: 'instances-manager@example.com' });
const ADMIN = bearer({ sub: 'instances-admin', email: 'instances-admin@example.com' });

beforeAll(async () => {
  firstInstance = await startTestApp();
  secondInstance = await startTestApp({ sharing: firstInstance });
  first = firstInstance.app;
  second = secondInstance.app;
  await firstInstance.db.orm.insert(users).values([
    { subject: 'instances-manager', email: 'instances-manager@example.com', adminRoles: ['product_manager'] },
    { subject: 'instances-admin', email: 'instances-admin@example.com', adminRoles: ['administrator'] },
  ]);
}, 60_000);
afterAll(async () => {
  await secondInstance.close();
  await firstInstance.close();
});

/** The products an instance's calculator offers for a domestic parcel of 1 kg. */
async function offeredBy(app: FastifyInstance): Promise<number[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/prices/by_country',
    payload: { shipmentType: 'parcel', countryCodes: ['LV'], weight: 1000 },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().workFlows as { id: number }[]).map((workflow) => workflow.id);
}

/** Waits up to ten seconds for `condition` (a notice arrives asynchronously, in milliseconds; a busy CI machine can take longer). */
async function eventually(condition: () => Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

it('a product deactivated through one instance is no longer offered by the other, and is again once reactivated', async () => {
  const [product] = await offeredBy(second);
  expect(product).toBeDefined();
  const edit = (isActive: boolean) =>
    first.inject({
      method: 'POST',
      url: '/api/admin/work_flows/mass_edit',
      headers: MANAGER,
      payload: { ids: [product], changes: { isActive } },
    });

  expect((await edit(false)).statusCode).toBe(200);
  expect(await eventually(async () => !(await offeredBy(second)).includes(product as number))).toBe(true);
  expect((await edit(true)).statusCode).toBe(200);
  expect(await eventually(async () => (await offeredBy(second)).includes(product as number))).toBe(true);
});

it("an administrator's cache clear on one instance clears the other's too", async () => {
  const clearedAt = async (app: FastifyInstance) => {
    const response = await app.inject({ url: '/api/admin/caches', headers: ADMIN });
    expect(response.statusCode).toBe(200);
    const caches = response.json()['hydra:member'] as { name: string; clearedAt: string | null }[];
    return caches.find((cache) => cache.name === 'service_locations')?.clearedAt ?? null;
  };
  expect(await clearedAt(second)).toBeNull();
  const cleared = await first.inject({
    method: 'POST',
    url: '/api/admin/caches/service_locations/clear',
    headers: ADMIN,
  });
  expect(cleared.statusCode).toBe(200);
  expect(await eventually(async () => (await clearedAt(second)) !== null)).toBe(true);
});
