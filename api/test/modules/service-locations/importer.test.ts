/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { readFile } from 'node:fs/promises';
import { importLocations, LocationImportError } from '../../../src/modules/service-locations/importer';
import { SEED_FILE, seedServiceLocations } from '../../../src/modules/service-locations/seed';
import { startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
let seed: Record<string, unknown>[];
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
  seed = JSON.parse(await readFile(SEED_FILE, 'utf8'));
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
}
const total = async (query = '') => (await get(`/api/public/service_locations?${query}`)).body['hydra:totalItems'];
const markerIds = async () =>
  new Set((await get('/api/public/service_locations/markers')).body.markers.map((marker: unknown[]) => marker[0]));

describe('importLocations', () => {
  it('reloading the same file changes nothing and keeps every id', async () => {
    const report = await importLocations(testApp.db.orm, seed);
    expect(report).toEqual({ inserted: 0, updated: 0, unchanged: 3764, reactivated: 0, retired: 0 });
    expect(await total()).toBe(3764);
  });

  it('updates changed places, adds new ones and retires removed ones without deleting them', async () => {
    const [first, second, ...rest] = seed;
    const cachedBefore = await markerIds();
    const renamed = { ...first, name: 'Renamed locker' };
    const added = { ...second, id: 'omniva-1234567', name: 'A new Omniva locker' };
    const report = await importLocations(testApp.db.orm, [renamed, added, ...rest]);
    expect(report).toEqual({ inserted: 1, updated: 1, unchanged: 3762, reactivated: 0, retired: 1 });

    const retiredId = second!.id as string;
    const retired = await get(`/api/public/service_locations/${retiredId}`);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ id: retiredId, active: false });
    expect(await total()).toBe(3764);
    expect((await get(`/api/public/service_locations/${first!.id}`)).body.name).toBe('Renamed locker');

    // The reload clears the API's location cache: the retired place is gone from the map at once.
    expect(cachedBefore.has(retiredId)).toBe(true);
    const after = await markerIds();
    expect(after.has(retiredId)).toBe(false);
    expect(after.has('omniva-1234567')).toBe(true);

    const back = await importLocations(testApp.db.orm, seed);
    expect(back).toMatchObject({ reactivated: 1, updated: 1, retired: 1 });
    expect((await get(`/api/public/service_locations/${retiredId}`)).body.active).toBe(true);
  });

  it('a partial file retires only in the operators and types it holds', async () => {
    const office = {
      id: 'lvpasts-1',
      countryCode: 'LV',
      type: 'postOffice',
      operator: 'Latvijas Pasts',
      name: 'Test post office',
      address: 'Test street 1, Rīga',
      city: 'Rīga',
      postCode: 'LV-1000',
      latitude: 56.95,
      longitude: 24.1,
      openingHours: 'I-V 09-18 h; VI-VII 10-14 h',
      source: 'test',
    };
    const before = await total();
    const report = await importLocations(testApp.db.orm, [office], { scope: 'partial' });
    expect(report).toMatchObject({ inserted: 1, retired: 0 });
    expect(await total()).toBe(before + 1);
    const stored = await get('/api/public/service_locations/lvpasts-1');
    expect(stored.body).toMatchObject({ ownNetwork: true, type: 'postOffice' });
    expect(stored.body.openingSchedule.days[5]).toEqual({ day: 6, ranges: [{ from: '10:00', to: '14:00' }] });
    // Beside the three of the Unisend list (classify.ts), which a file of another source leaves alone.
    expect(await total('countryCode=LV&type=postOffice')).toBe(4);
  });

  it('refuses a file with a bad record and changes nothing', async () => {
    const before = await total();
    const bad = [{ ...seed[0], latitude: 'north' }, { ...seed[1], type: 'boat' }, seed[2], seed[2]];
    await expect(importLocations(testApp.db.orm, bad)).rejects.toThrow(LocationImportError);
    await expect(importLocations(testApp.db.orm, bad)).rejects.toThrow(
      /\[0\]\.latitude[\s\S]*\[1\]\.type[\s\S]*occurs more than once/,
    );
    await expect(importLocations(testApp.db.orm, { not: 'an array' })).rejects.toThrow(LocationImportError);
    expect(await total()).toBe(before);
  });

  it('seeding an installation that has locations changes nothing', async () => {
    const before = await total();
    await seedServiceLocations(testApp.db.orm);
    expect(await total()).toBe(before);
  });
});
