/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { and, asc, between, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { serviceLocations } from '../../../src/modules/service-locations/schema';
import {
  LOCATIONS_REVALIDATE_MS,
  type ServiceLocationFilter,
  ServiceLocationService,
} from '../../../src/modules/service-locations/service';
import { bearer, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
}

/** The SQL the list answered with before its in-memory index: the reference for every filter. */
async function sqlIds(filter: ServiceLocationFilter): Promise<string[]> {
  const conditions: SQL[] = [eq(serviceLocations.active, true)];
  if (filter.countryCodes) conditions.push(inArray(serviceLocations.countryCode, filter.countryCodes));
  if (filter.types) conditions.push(inArray(serviceLocations.type, filter.types));
  if (filter.operators) conditions.push(inArray(serviceLocations.operator, filter.operators));
  if (filter.ownNetwork !== undefined) conditions.push(eq(serviceLocations.ownNetwork, filter.ownNetwork));
  if (filter.box) {
    conditions.push(between(serviceLocations.latitude, filter.box.minLatitude, filter.box.maxLatitude));
    conditions.push(between(serviceLocations.longitude, filter.box.minLongitude, filter.box.maxLongitude));
  }
  // A search word begins a word of the search text (search-rank.ts).
  for (const token of filter.searchTokens ?? []) {
    conditions.push(like(sql`' ' || ${serviceLocations.searchText}`, `% ${token}%`));
  }
  const near = filter.near;
  const order = near
    ? [
        sql`power(${serviceLocations.latitude} - ${near.latitude}::float8, 2) + power((${serviceLocations.longitude} - ${near.longitude}::float8) * ${Math.cos((near.latitude * Math.PI) / 180)}::float8, 2)`,
        asc(serviceLocations.id),
      ]
    : [asc(serviceLocations.name), asc(serviceLocations.id)];
  const rows = await testApp.db.orm
    .select({ id: serviceLocations.id })
    .from(serviceLocations)
    .where(and(...conditions))
    .orderBy(...order);
  return rows.map((row) => row.id);
}

describe('the in-memory location index', () => {
  it.each<[string, ServiceLocationFilter]>([
    ['no filter', {}],
    ['countries', { countryCodes: ['EE', 'LT'] }],
    ['a type', { types: ['postOffice'] }],
    ['operators', { operators: ['Omniva', 'Latvijas Pasts'] }],
    ['the own network', { ownNetwork: true }],
    ['not the own network', { ownNetwork: false }],
    ['a bounding box', { box: { minLongitude: 24.0, minLatitude: 56.9, maxLongitude: 24.2, maxLatitude: 57.0 } }],
    ['search words', { searchTokens: ['riga', 'iela'] }],
    ['a point', { near: { latitude: 56.95, longitude: 24.1 } }],
    [
      'everything together',
      { countryCodes: ['LV'], types: ['parcelLocker'], searchTokens: ['riga'], near: { latitude: 57, longitude: 24 } },
    ],
  ])('answers %s as the SQL it replaced, in the same order', async (_case, filter) => {
    const service = new ServiceLocationService(testApp.db.orm);
    const { items, totalItems } = await service.list(filter, { page: 1, itemsPerPage: 5000 });
    const expected = await sqlIds(filter);
    expect(totalItems).toBe(expected.length);
    if (filter.searchTokens && !filter.near) {
      // A search answers best first (search-rank.test.ts): the same places, in another order.
      expect(items.map((item) => item.id).sort()).toEqual([...expected].sort());
      return;
    }
    expect(items.map((item) => item.id)).toEqual(expected);
    const page = await service.list(filter, { page: 3, itemsPerPage: 7 });
    expect(page.items.map((item) => item.id)).toEqual(expected.slice(14, 21));
  });

  it('answers from memory until update_cache for a change made outside an import', async () => {
    const url = '/api/public/service_locations?q=abja%20postipunkt';
    const before = (await get(url)).body['hydra:member'][0].name;
    await testApp.db.orm
      .update(serviceLocations)
      .set({ name: 'Changed behind the cache' })
      .where(eq(serviceLocations.id, 'omniva-69494'));
    expect((await get(url)).body['hydra:member'][0].name).toBe(before);
    expect((await get('/api/service_locations/update_cache', bearer({ sub: 'dev-admin' }))).status).toBe(200);
    expect((await get('/api/public/service_locations/omniva-69494')).body.name).toBe('Changed behind the cache');
    expect((await get(url)).body['hydra:member'][0].name).toBe('Changed behind the cache');
  });

  it('sees a reload by another process after LOCATIONS_REVALIDATE_MS, answering meanwhile', async () => {
    let now = 1_000_000;
    const service = new ServiceLocationService(testApp.db.orm, () => now);
    const id = 'omniva-69494';
    const name = (await service.findById(id))?.name;
    // What the importer does in its own process: the row changes and so does its updated_at.
    await testApp.db.orm
      .update(serviceLocations)
      .set({ name: 'Reloaded elsewhere', searchText: 'reloaded elsewhere', updatedAt: new Date() })
      .where(eq(serviceLocations.id, id));
    now += LOCATIONS_REVALIDATE_MS - 1;
    expect((await service.findById(id))?.name).toBe(name);
    now += 2;
    expect((await service.findById(id))?.name).toBe(name);
    for (let attempt = 0; attempt < 100 && (await service.findById(id))?.name === name; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await service.findById(id))?.name).toBe('Reloaded elsewhere');
    // An unchanged table is checked, not reloaded.
    now += LOCATIONS_REVALIDATE_MS + 1;
    const { items } = await service.list({ searchTokens: ['reloaded', 'elsewhere'] }, { page: 1, itemsPerPage: 5 });
    expect(items.map((item) => item.id)).toEqual([id]);
  });
});
