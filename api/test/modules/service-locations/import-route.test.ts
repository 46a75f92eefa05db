/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { users } from '../../../src/modules/identity/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester } from '../orders/order-fixtures';

// The back office's location import (issue 14 item 9): the file the importer command takes, sent
// by a product manager; checked whole before anything changes, and shown on the map at once.

let testApp: TestApp;
const request = requester(() => testApp);
const MANAGER = bearer({ sub: 'import-manager', email: 'import-manager@example.com' });
const EDITOR = bearer({ sub: 'import-editor', email: 'import-editor@example.com' });
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });

const place = (id: string, name: string) => ({
  id,
  countryCode: 'LV',
  type: 'parcelLocker',
  operator: 'Importa operators',
  name,
  address: 'Importa iela 1, Rīga',
  city: 'Rīga',
  postCode: 'LV-1050',
  latitude: 56.95,
  longitude: 24.1,
  openingHours: null,
  source: 'back-office import test',
});

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
  await testApp.db.orm.insert(users).values([
    { subject: 'import-manager', email: 'import-manager@example.com', adminRoles: ['product_manager'] },
    { subject: 'import-editor', email: 'import-editor@example.com', adminRoles: ['content_editor'] },
  ]);
}, 60_000);
afterAll(() => testApp?.close());

const search = async (q: string) =>
  (await request('GET', `/api/public/service_locations?countryCode=LV&q=${encodeURIComponent(q)}`)).body[
    'hydra:member'
  ].map((found: { id: string }) => found.id);

it('imports a partial file: its places show at once, a second import reports them unchanged, each audited', async () => {
  expect(await search('Importa pakomāts')).toEqual([]);
  const file = [place('importtest-1', 'Importa pakomāts Viens'), place('importtest-2', 'Importa pakomāts Divi')];
  const first = await request('POST', '/api/admin/service_locations/import?scope=partial', MANAGER, file);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ scope: 'partial', records: 2, inserted: 2, updated: 0, retired: 0 });
  expect((await search('Importa pakomāts')).sort()).toEqual(['importtest-1', 'importtest-2']);

  // The same source without the second place: a partial file retires what left it, within its source only.
  const second = await request('POST', '/api/admin/service_locations/import', MANAGER, [file[0]]);
  expect(second.body).toMatchObject({ scope: 'partial', records: 1, unchanged: 1, retired: 1 });
  expect(await search('Importa pakomāts')).toEqual(['importtest-1']);
  expect((await search('Rīga')).length).toBeGreaterThan(1);

  const trail = await request('GET', '/api/admin/audit?entityType=service_location_import', ADMIN);
  expect(trail.body['hydra:member']).toMatchObject([
    { method: 'POST', after: { scope: 'partial', records: 1, retired: 1 } },
    { method: 'POST', after: { scope: 'partial', records: 2, inserted: 2 } },
  ]);
});

it('refuses a bad file beside the record and field (422), changes nothing, never 500', async () => {
  const bad = [place('importtest-3', 'Importa pakomāts Trīs'), { ...place('importtest-4', 'X'), latitude: 'north' }];
  const refused = await request('POST', '/api/admin/service_locations/import', MANAGER, bad);
  expect(refused.status).toBe(422);
  expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: '[1].latitude' })]);
  expect(await search('Importa pakomāts Trīs')).toEqual([]);

  const notArray = await request('POST', '/api/admin/service_locations/import', MANAGER, { id: 'x' });
  expect(notArray.status).toBe(422);
  expect(notArray.body.violations[0]).toMatchObject({
    propertyPath: 'file',
    message: 'The file should hold a JSON array of locations.',
  });
  expect((await request('POST', '/api/admin/service_locations/import?scope=some', MANAGER, [])).status).toBe(400);
  const duplicate = await request('POST', '/api/admin/service_locations/import', MANAGER, [
    place('importtest-5', 'A'),
    place('importtest-5', 'B'),
  ]);
  expect(duplicate.status).toBe(422);
  expect(duplicate.body.violations[0].propertyPath).toBe('[1].id');
});

it('is the locations section’s: a content editor is refused', async () => {
  expect((await request('POST', '/api/admin/service_locations/import', EDITOR, [])).status).toBe(403);
  expect((await request('POST', '/api/admin/service_locations/import', {}, [])).status).toBe(401);
});
