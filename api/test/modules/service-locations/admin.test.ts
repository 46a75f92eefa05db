/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { readFile } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { importLocations } from '../../../src/modules/service-locations/importer';
import { SEED_FILE } from '../../../src/modules/service-locations/seed';
import { bearer, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
}, 60_000);
afterAll(() => testApp?.close());

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

const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
const USER = bearer({ sub: 'ordinary-user', email: 'ordinary@example.com' });

/** A test post office (made-up name, in Rīga's centre). */
const OFFICE = {
  countryCode: 'LV',
  type: 'postOffice',
  operator: 'Latvijas Pasts',
  name: 'Test pasta nodaļa',
  address: 'Testa iela 1, Rīga',
  city: 'Rīga',
  postCode: 'LV-1050',
  latitude: 56.9496,
  longitude: 24.1052,
  openingHours: 'P.-Pk. 8:00-18:00',
};

const markerIds = async () =>
  new Set(
    (await request('GET', '/api/public/service_locations/markers')).body.markers.map((marker: unknown[]) => marker[0]),
  );

describe('/api/admin/service_locations', () => {
  it.each([
    ['GET', '/api/admin/service_locations'],
    ['POST', '/api/admin/service_locations'],
    ['PUT', '/api/admin/service_locations/omniva-69494'],
    ['POST', '/api/admin/service_locations/omniva-69494/retire'],
  ] as const)('%s %s: 401 without a token, 403 for an ordinary user', async (method, url) => {
    expect((await request(method, url, {}, OFFICE)).status).toBe(401);
    const refused = await request(method, url, USER, OFFICE);
    expect(refused.status).toBe(403);
    expect(refused.body['hydra:description']).toBe('Access Denied.');
    expect((await request(method, url.replace('/api/', '/api/public/'), {}, OFFICE)).status).toBe(401);
  });

  it('creates a post office that the map and the search show at once', async () => {
    await markerIds(); // the cache is built before the change
    const created = await request('POST', '/api/admin/service_locations', ADMIN, OFFICE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...OFFICE, ownNetwork: true, active: true });
    expect(created.body.id).toMatch(/^admin-[0-9a-f]{16}$/);
    expect(created.body.source).toMatch(/^administrator admin@example\.com, \d{4}-\d{2}-\d{2}$/);
    expect((await markerIds()).has(created.body.id)).toBe(true);
    const found = await request('GET', '/api/public/service_locations?q=Test%20pasta&type=postOffice');
    expect(found.body['hydra:member'].map((place: { id: string }) => place.id)).toEqual([created.body.id]);
  });

  it('edits, retires and reactivates a place, never deleting it', async () => {
    const { body: created } = await request('POST', '/api/admin/service_locations', ADMIN, OFFICE);
    const url = `/api/admin/service_locations/${created.id}`;
    const edited = await request('PUT', url, ADMIN, { ...OFFICE, name: 'Test pasta nodaļa 2', openingHours: null });
    expect(edited.status).toBe(200);
    expect((await request('GET', `/api/public/service_locations/${created.id}`)).body).toMatchObject({
      name: 'Test pasta nodaļa 2',
      openingHours: null,
    });

    const retired = await request('POST', `${url}/retire`, ADMIN);
    expect(retired.body).toMatchObject({ active: false });
    expect(retired.body.retiredAt).not.toBeNull();
    expect((await markerIds()).has(created.id)).toBe(false);
    expect((await request('GET', `/api/public/service_locations/${created.id}`)).body.active).toBe(false);
    const listed = await request('GET', '/api/admin/service_locations?status=retired&q=Test%20pasta', ADMIN);
    expect(listed.body['hydra:member'].map((place: { id: string }) => place.id)).toContain(created.id);

    expect((await request('POST', `${url}/reactivate`, ADMIN)).body).toMatchObject({ active: true, retiredAt: null });
    expect((await markerIds()).has(created.id)).toBe(true);
  });

  it('lists every place by name with search, filters and paging', async () => {
    const { status, body } = await request(
      'GET',
      '/api/admin/service_locations?countryCode=LV&type=postOffice&itemsPerPage=2',
      ADMIN,
    );
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(5);
    expect(body['hydra:member']).toHaveLength(2);
    expect(body['hydra:view']['hydra:next']).toBe(
      '/api/admin/service_locations?countryCode=LV&type=postOffice&itemsPerPage=2&page=2',
    );
    const baldone = await request('GET', '/api/admin/service_locations?q=baldones%20pasta', ADMIN);
    expect(baldone.body['hydra:member'][0]).toMatchObject({ id: 'unisend-8763', type: 'postOffice' });
    expect((await request('GET', '/api/admin/service_locations?status=gone', ADMIN)).status).toBe(400);
  });

  it('answers bad input with violations beside each field', async () => {
    const { status, body } = await request('POST', '/api/admin/service_locations', ADMIN, {
      ...OFFICE,
      countryCode: 'DE',
      type: 'boat',
      name: '  ',
      postCode: '1050',
      latitude: 'north',
      longitude: 10,
      extra: 1,
    });
    expect(status).toBe(422);
    const byPath = Object.fromEntries(
      body.violations.map((violation: { propertyPath: string; message: string }) => [
        violation.propertyPath,
        violation.message,
      ]),
    );
    expect(byPath).toMatchObject({
      countryCode: 'This value should be one of: LV, LT, EE.',
      type: 'This value should be parcelLocker or postOffice.',
      name: 'This value should not be blank.',
      latitude: 'This value should be a number.',
      extra: 'This field was not expected.',
    });
    const wrongCode = await request('POST', '/api/admin/service_locations', ADMIN, { ...OFFICE, postCode: '1050' });
    expect(wrongCode.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'postCode',
        message: expect.stringMatching(/^This value should be a post code/),
      }),
    ]);
    const outside = await request('POST', '/api/admin/service_locations', ADMIN, { ...OFFICE, longitude: 10 });
    expect(outside.body.violations[0]).toMatchObject({
      propertyPath: 'longitude',
      message: 'This place should lie in Latvia, Lithuania or Estonia.',
    });
    expect((await request('PUT', '/api/admin/service_locations/omniva-0000000', ADMIN, OFFICE)).status).toBe(404);
    expect((await request('POST', '/api/admin/service_locations/not an id/retire', ADMIN)).status).toBe(400);
  });

  it('a full reload from a file keeps the places administrators added', async () => {
    const { body: created } = await request('POST', '/api/admin/service_locations', ADMIN, OFFICE);
    const report = await importLocations(testApp.db.orm, JSON.parse(await readFile(SEED_FILE, 'utf8')));
    expect(report.retired).toBe(0);
    expect((await request('GET', `/api/public/service_locations/${created.id}`)).body.active).toBe(true);
  });
});
