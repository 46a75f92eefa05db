/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { users } from '../../../src/modules/identity/schema';
import { serviceLocations } from '../../../src/modules/service-locations/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester } from '../orders/order-fixtures';

// The back office's cache index (issue 14 item 9): administrators see the API's in-memory caches
// and clear one; the next read comes from the database; each clear is audited.

let testApp: TestApp;
const request = requester(() => testApp);
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
const MANAGER = bearer({ sub: 'caches-manager', email: 'caches-manager@example.com' });
const NOW = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => NOW });
  await testApp.db.orm
    .insert(users)
    .values({ subject: 'caches-manager', email: 'caches-manager@example.com', adminRoles: ['product_manager'] });
}, 60_000);
afterAll(() => testApp?.close());

const names = async (query: string) =>
  (await request('GET', `/api/public/service_locations?${query}`)).body['hydra:member'].map(
    (place: { name: string }) => place.name,
  );

it('lists the caches and clears the service-location cache: a row written behind its back shows only then', async () => {
  const listed = await request('GET', '/api/admin/caches', ADMIN);
  expect(listed.status).toBe(200);
  expect(listed.body['hydra:member']).toEqual([
    { '@id': '/api/admin/caches/service_locations', '@type': 'Cache', name: 'service_locations', clearedAt: null },
    { '@id': '/api/admin/caches/workflows', '@type': 'Cache', name: 'workflows', clearedAt: null },
  ]);

  // The cache is warm; a place written straight into the table (as another process would) is not seen yet.
  expect(await names('countryCode=LV&q=Kešatmiņas')).toEqual([]);
  await testApp.db.orm.insert(serviceLocations).values({
    id: 'cache-test-1',
    countryCode: 'LV',
    type: 'postOffice',
    operator: 'Latvijas Pasts',
    ownNetwork: true,
    name: 'Kešatmiņas pasta nodaļa',
    address: 'Testa iela 9, Rīga',
    city: 'Rīga',
    latitude: 56.95,
    longitude: 24.1,
    searchText: 'kesatminas pasta nodala testa iela 9 riga',
  });
  expect(await names('countryCode=LV&q=Kešatmiņas')).toEqual([]);

  const cleared = await request('POST', '/api/admin/caches/service_locations/clear', ADMIN, {});
  expect(cleared.status).toBe(200);
  expect(cleared.body).toMatchObject({ name: 'service_locations', clearedAt: NOW.toISOString() });
  expect(await names('countryCode=LV&q=Kešatmiņas')).toEqual(['Kešatmiņas pasta nodaļa']);

  const trail = await request('GET', '/api/admin/audit?entityType=cache&entityId=service_locations', ADMIN);
  expect(trail.body['hydra:member']).toMatchObject([
    {
      method: 'POST',
      route: '/api/admin/caches/:name/clear',
      before: { clearedAt: null },
      after: { clearedAt: NOW.toISOString() },
    },
  ]);
  expect((await request('POST', '/api/admin/caches/workflows/clear', ADMIN, {})).status).toBe(200);
});

it('answers an unknown cache 404 and a malformed name 400, and is the administrators’', async () => {
  const unknown = await request('POST', '/api/admin/caches/no_such_cache/clear', ADMIN, {});
  expect(unknown.status).toBe(404);
  expect(unknown.body['hydra:description']).toBe('Cache not found.');
  const malformed = await request('POST', '/api/admin/caches/Bad-Name/clear', ADMIN, {});
  expect(malformed.status).toBe(400);
  expect(malformed.body.violations[0].propertyPath).toBe('name');
  expect((await request('GET', '/api/admin/caches?x=1', ADMIN)).status).toBe(400);
  expect((await request('GET', '/api/admin/caches', MANAGER)).status).toBe(403);
  expect((await request('POST', '/api/admin/caches/workflows/clear', MANAGER, {})).status).toBe(403);
  expect((await request('GET', '/api/admin/caches', {})).status).toBe(401);
});
