/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { gunzipSync } from 'node:zlib';
import { BEARER, bearer, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

type Member = { id: string; countryCode: string; type: string; operator: string; latitude: number; longitude: number };
const members = (body: { 'hydra:member': Member[] }) => body['hydra:member'];
const ids = (body: { 'hydra:member': Member[] }) => members(body).map((member) => member.id);

describe('GET /api/public/service_locations', () => {
  it('answers the seeded network as a Hydra collection, 30 a page by name', async () => {
    const { status, body, headers } = await get('/api/public/service_locations');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(body['hydra:totalItems']).toBe(3764);
    expect(members(body)).toHaveLength(30);
    expect(body['hydra:view']['hydra:next']).toBe('/api/service_locations?page=2');
  });

  it('holds a location with every field and its hours as a schedule', async () => {
    const { body } = await get('/api/public/service_locations/omniva-69494');
    expect(body).toMatchObject({
      '@id': '/api/service_locations/omniva-69494',
      '@type': 'ServiceLocation',
      id: 'omniva-69494',
      countryCode: 'EE',
      type: 'postOffice',
      operator: 'Omniva',
      ownNetwork: false,
      name: 'Abja-Paluoja postipunkt',
      address: 'Pärnu mnt 21, Abja-Paluoja linn, Mulgi vald, Viljandi maakond',
      city: 'Abja-Paluoja linn',
      postCode: null,
      latitude: 58.126151,
      longitude: 25.353927,
      openingHours: 'E,T,K,N,R 09:00-17:00 L,P SULETUD',
      active: true,
    });
    expect(body.openingSchedule.days[0]).toEqual({ day: 1, ranges: [{ from: '09:00', to: '17:00' }] });
    expect(body.openingSchedule.days[6]).toEqual({ day: 7, ranges: [] });
  });

  it('filters on country', async () => {
    const { body } = await get('/api/public/service_locations?countryCode=ee&itemsPerPage=500');
    expect(body['hydra:totalItems']).toBe(382 + 84 + 340 + 282 + 166 + 85 + 60);
    expect(members(body).every((member) => member.countryCode === 'EE')).toBe(true);
    const two = await get('/api/public/service_locations?countryCode=LV,LT');
    expect(two.body['hydra:totalItems']).toBe(3764 - body['hydra:totalItems']);
  });

  it('filters on type, and on country and type together', async () => {
    const offices = await get('/api/public/service_locations?type=postOffice&itemsPerPage=500');
    // Omniva's Estonian post offices and the three Latvijas Pasts post offices of the Unisend list (classify.ts).
    expect(offices.body['hydra:totalItems']).toBe(84 + 3);
    expect(members(offices.body).every((member) => member.type === 'postOffice')).toBe(true);
    const estonianLockers = await get('/api/public/service_locations?countryCode=EE&type=parcelLocker');
    expect(estonianLockers.body['hydra:totalItems']).toBe(382 + 340 + 282 + 166 + 85 + 60);
    const latvianOffices = await get('/api/public/service_locations?countryCode=LV&type=postOffice');
    expect(ids(latvianOffices.body).sort()).toEqual(['unisend-8689', 'unisend-8763', 'unisend-8802']);
  });

  it('filters on operator and on the own network', async () => {
    const own = await get('/api/public/service_locations?ownNetwork=true&itemsPerPage=500');
    expect(own.body['hydra:totalItems']).toBe(137);
    expect(members(own.body).every((member) => member.operator === 'Latvijas Pasts')).toBe(true);
    const venipak = await get(
      `/api/public/service_locations?operator=${encodeURIComponent('Venipak,Itella SmartPost')}`,
    );
    expect(venipak.body['hydra:totalItems']).toBe(166 + 282);
  });

  it('filters on a bounding box', async () => {
    // Around Riga's centre.
    const { body } = await get('/api/public/service_locations?bbox=24.0,56.9,24.2,57.0&itemsPerPage=500');
    expect(body['hydra:totalItems']).toBeGreaterThan(50);
    for (const member of members(body)) {
      expect(member.latitude).toBeGreaterThanOrEqual(56.9);
      expect(member.latitude).toBeLessThanOrEqual(57.0);
      expect(member.longitude).toBeGreaterThanOrEqual(24.0);
      expect(member.longitude).toBeLessThanOrEqual(24.2);
    }
    expect(members(body).every((member) => member.countryCode === 'LV')).toBe(true);
    expect((await get('/api/public/service_locations?bbox=0,0,1,1')).body['hydra:totalItems']).toBe(0);
  });

  it('searches name, address, city and post code, ignoring diacritics and case', async () => {
    const withMarks = await get('/api/public/service_locations?q=R%C4%ABga&itemsPerPage=500');
    const without = await get('/api/public/service_locations?q=riga&itemsPerPage=500');
    expect(withMarks.body['hydra:totalItems']).toBeGreaterThan(150);
    expect(ids(without.body)).toEqual(ids(withMarks.body));

    const postCode = await get('/api/public/service_locations?q=LV-1082');
    expect(postCode.body['hydra:totalItems']).toBeGreaterThan(0);
    const panevezys = await get('/api/public/service_locations?q=panevezys');
    expect(panevezys.body['hydra:totalItems']).toBeGreaterThan(0);
    const both = await get('/api/public/service_locations?q=Abja%20postipunkt');
    expect(ids(both.body)).toContain('omniva-69494');
  });

  it('answers a search best first: the places in Rīga before a "Rīgas iela" elsewhere, none in Vilnius', async () => {
    const { body } = await get('/api/public/service_locations?q=Riga&itemsPerPage=50');
    type Found = Member & { city: string; address: string };
    const found = members(body) as Found[];
    expect(found).toHaveLength(50);
    expect(found.every((place) => place.city === 'Rīga' || / Rīga$/.test(place.address))).toBe(true);
    const all = members((await get('/api/public/service_locations?q=Riga&itemsPerPage=500')).body) as Found[];
    expect(all.some((place) => place.countryCode !== 'LV')).toBe(false);
  });

  it('orders by distance from a point', async () => {
    const { body } = await get('/api/public/service_locations?near=58.126151,25.353927&itemsPerPage=3');
    expect(ids(body)[0]).toBe('omniva-69494');
  });

  it('pages with links that keep the filters', async () => {
    const first = await get('/api/public/service_locations?countryCode=EE&itemsPerPage=100');
    expect(first.body['hydra:view']['hydra:next']).toBe(
      '/api/service_locations?countryCode=EE&itemsPerPage=100&page=2',
    );
    const second = await get('/api/public/service_locations?countryCode=EE&itemsPerPage=100&page=2');
    expect(ids(second.body).some((id) => ids(first.body).includes(id))).toBe(false);
    const past = await get('/api/public/service_locations?page=1000');
    expect(past.status).toBe(200);
    expect(members(past.body)).toEqual([]);
  });

  it.each([
    ['an inverted bounding box', 'bbox=28,58,20,55', 'bbox'],
    ['an absurd bounding box', 'bbox=-500,55,28,9999', 'bbox'],
    ['a bounding box of words', 'bbox=north,east,south,west', 'bbox'],
    ['a bounding box of NaN', 'bbox=NaN,NaN,NaN,NaN', 'bbox'],
    ['an unknown type', 'type=postBox', 'type[0]'],
    ['an unknown type in a list', 'type=parcelLocker,boat', 'type[1]'],
    ['a bad country code', 'countryCode=Latvia', 'countryCode[0]'],
    ['a huge search string', `q=${'a'.repeat(5000)}`, 'q'],
    ['a search without letters or digits', 'q=%20-%20', 'q'],
    ['an unknown parameter', 'order[name]=asc', 'order[name]'],
    ['itemsPerPage above 500', 'itemsPerPage=501', 'itemsPerPage'],
    ['a bad point', 'near=1000,1000', 'near'],
    ['a repeated parameter', 'type=postOffice&type=parcelLocker', 'type'],
  ])('refuses %s with 400', async (_case, query, propertyPath) => {
    const { status, body } = await get(`/api/public/service_locations?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ '@type': 'hydra:Error', status: 400 });
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath })]);
  });

  it('never answers 500 for a very long query string', async () => {
    const { status } = await get(`/api/public/service_locations?q=${'%C4%81'.repeat(3000)}`);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});

describe('GET /api/public/service_locations/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/public/service_locations/omniva-0')).status).toBe(404);
    const malformed = await get(`/api/public/service_locations/${encodeURIComponent('drop table;')}`);
    expect(malformed.status).toBe(400);
    expect((await get('/api/public/service_locations/omniva-69494?x=1')).status).toBe(400);
  });
});

describe('GET /api/public/service_locations/markers', () => {
  it('answers every active location in the compact form, gzip when asked', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/public/service_locations/markers',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(150 * 1024);
    const payload = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(payload.markers).toHaveLength(3764);
    expect(payload.countries).toEqual(['EE', 'LT', 'LV']);
    expect(payload.ownOperators).toEqual(['Latvijas Pasts']);
    // The bundled snapshot lacks the operator's post offices: the map says it shows part of the network.
    expect(payload.ownNetworkPartial).toBe(true);
    expect(payload.operators).toHaveLength(8);
    const [id, type, operator, country, latitude, longitude] = payload.markers.find(
      (marker: unknown[]) => marker[0] === 'omniva-69494',
    );
    expect([
      id,
      payload.types[type],
      payload.operators[operator],
      payload.countries[country],
      latitude,
      longitude,
    ]).toEqual(['omniva-69494', 'postOffice', 'Omniva', 'EE', 58.12615, 25.35393]);
  });

  it('answers plain JSON without accept-encoding, and 304 for a known ETag', async () => {
    const plain = await get('/api/public/service_locations/markers');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.markers).toHaveLength(3764);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/public/service_locations/markers',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/service_locations/update_cache', () => {
  it('asks anonymous callers to authenticate and has no public twin', async () => {
    expect((await get('/api/service_locations/update_cache')).status).toBe(401);
    expect((await get('/api/public/service_locations/update_cache')).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses signed-in callers who are not administrators (SPEC §6)', async () => {
    expect((await get('/api/service_locations/update_cache', BEARER)).status).toBe(403);
    expect((await get('/api/service_locations/%75pdate_cache', BEARER)).status).toBe(403);
  });

  it('clears the cache for an administrator (the seeded demo administrator)', async () => {
    const { status, body } = await get('/api/service_locations/update_cache', bearer({ sub: 'dev-admin' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ cleared: true });
  });
});

describe('the authenticated twin /api/service_locations', () => {
  it('asks anonymous callers to authenticate and answers a bearer as the public twin', async () => {
    expect((await get('/api/service_locations?countryCode=LV')).status).toBe(401);
    expect(await get('/api/service_locations?countryCode=LV&type=parcelLocker', BEARER)).toMatchObject({
      body: (await get('/api/public/service_locations?countryCode=LV&type=parcelLocker')).body,
    });
  });
});
