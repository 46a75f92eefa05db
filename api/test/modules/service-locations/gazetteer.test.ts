/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { importLocations } from '../../../src/modules/service-locations/importer';
import { startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['service-locations'] });
}, 60_000);
afterAll(() => testApp?.close());

interface Place {
  kind: string;
  name: string;
  area: string;
  postCodes: string[];
  latitude: number;
  longitude: number;
}

async function places(query: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/public/places?${query}` });
  return { status: response.statusCode, body: response.json() };
}

const members = (body: { 'hydra:member': Place[] }) => body['hydra:member'];

describe('GET /api/public/places (the map gazetteer, issue 40 item 3)', () => {
  it('finds a parish that has no post office or locker, by its short or full name', async () => {
    const network = await testApp.app.inject({ method: 'GET', url: '/api/public/service_locations?q=Seces' });
    expect(network.json()['hydra:totalItems']).toBe(0);

    for (const query of ['Seces', 'seces pagasts', 'Seces pag.']) {
      const { status, body } = await places(`q=${encodeURIComponent(query)}`);
      expect(status).toBe(200);
      expect(members(body)[0]).toMatchObject({
        '@type': 'Place',
        kind: 'parish',
        name: 'Seces pag.',
        area: 'Aizkraukles nov.',
        postCodes: ['LV-5124'],
        latitude: 56.6114,
        longitude: 25.3608,
      });
    }
  });

  it('finds a post code written either way, and its localities after it', async () => {
    for (const query of ['LV-5124', 'lv 5124', '5124']) {
      const { body } = await places(`q=${encodeURIComponent(query)}`);
      const [first, ...rest] = members(body);
      expect(first).toMatchObject({ kind: 'postCode', name: 'LV-5124', latitude: 56.6114, longitude: 25.3608 });
      expect(first?.area).toContain('Sece');
      expect(rest.map((place) => place.name)).toEqual(expect.arrayContaining(['Sece', 'Ziedāni']));
      expect(rest.every((place) => place.postCodes.includes('LV-5124'))).toBe(true);
    }
    const riga = members((await places('q=LV-1050')).body)[0];
    expect(riga).toMatchObject({ kind: 'postCode', name: 'LV-1050', area: 'Riga', latitude: 56.946 });
  });

  it('ignores diacritics and case, and puts the place named exactly first', async () => {
    const { body } = await places('q=ZIEDANI');
    expect(members(body)[0]).toMatchObject({ kind: 'locality', name: 'Ziedāni' });
    const municipality = members((await places('q=Ogres%20novads')).body)[0];
    expect(municipality).toMatchObject({ kind: 'municipality', name: 'Ogres nov.' });
    // "Ogre" is the town; the municipality and its parishes come after it.
    const ogre = members((await places('q=ogre')).body);
    expect(ogre[0]).toMatchObject({ kind: 'locality', name: 'Ogre', postCodes: ['LV-5003'] });
  });

  it('pages its matches and finds nothing for a place that is not in Latvia', async () => {
    const first = await places('q=pag&itemsPerPage=5');
    expect(members(first.body)).toHaveLength(5);
    expect(first.body['hydra:totalItems']).toBeGreaterThan(400);
    expect(first.body['hydra:view']['hydra:next']).toBe('/api/places?q=pag&itemsPerPage=5&page=2');
    const second = await places('q=pag&itemsPerPage=5&page=2');
    expect(members(second.body)[0]?.name).not.toBe(members(first.body)[0]?.name);
    const none = await places('q=Tallinn');
    expect(none.body['hydra:totalItems']).toBe(0);
  });

  it('refuses a search without a letter or digit, and unknown parameters', async () => {
    const blank = await places('q=%20-%20');
    expect(blank.status).toBe(400);
    expect(blank.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'q', message: 'This value should contain a letter or a digit.' }),
    ]);
    expect((await places('q=Riga&itemsPerPage=51')).status).toBe(400);
    expect((await places('q=Riga&near=1,2')).status).toBe(400);
  });

  it('answers signed-in callers at /api/places and refuses anonymous ones there', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/places?q=Riga' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the markers\' ownNetworkPartial (the map\'s "only part of the network" notice)', () => {
  const partial = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/api/public/service_locations/markers' })).json()
      .ownNetworkPartial;

  it("is true with the bundled data and false once the operator's post offices are imported", async () => {
    expect(await partial()).toBe(true);
    await importLocations(
      testApp.db.orm,
      [
        {
          id: 'lvpasts-1050',
          countryCode: 'LV',
          type: 'postOffice',
          operator: 'Latvijas Pasts',
          name: 'Rīgas 50. pasta nodaļa',
          address: 'Brīvības iela 1, Rīga',
          city: 'Rīga',
          postCode: 'LV-1050',
          latitude: 56.95,
          longitude: 24.11,
          openingHours: null,
          source: "the operator's post-office list (test)",
        },
      ],
      { scope: 'partial' },
    );
    expect(await partial()).toBe(false);
  });
});
