/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { hydraCollection } from '@portal/shared-contracts';
import { countrySchema } from '@portal/shared-contracts/countries';
import { seedCountries } from '../../../src/modules/countries/seed';
import { BEARER, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['countries'] });
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), contentType: response.headers['content-type'] };
}

const codes = (body: { 'hydra:member': { code: string }[] }) => body['hydra:member'].map((country) => country.code);

describe('GET /api/public/countries', () => {
  it('answers every seeded country as a Hydra collection in code order', async () => {
    const { status, body, contentType } = await get('/api/public/countries');
    expect(status).toBe(200);
    expect(contentType).toBe('application/ld+json; charset=utf-8');
    expect(body).toMatchObject({
      '@context': '/api/contexts/Country',
      '@id': '/api/countries',
      '@type': 'hydra:Collection',
    });
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(240);
    expect(body['hydra:member']).toHaveLength(body['hydra:totalItems']);
    expect(codes(body)).toEqual([...codes(body)].sort());
    expect(body['hydra:view']).toBeUndefined();
  });

  it('answers the list the portal loads at start in the shape of the shared contract', async () => {
    const { body } = await get('/api/public/countries?active=true&itemsPerPage=300');
    expect(hydraCollection(countrySchema).safeParse(body).error).toBeUndefined();
  });

  it('holds the seeded facts of Latvia, Lithuania and Germany', async () => {
    const { body } = await get('/api/public/countries?groups.name=EU');
    const byCode = new Map(body['hydra:member'].map((country: { code: string }) => [country.code, country]));
    expect(byCode.get('LV')).toEqual({
      '@id': '/api/countries/LV',
      '@type': 'Country',
      code: 'LV',
      name: 'Latvia',
      nameLv: 'Latvija',
      countryAliasNames: [],
      phonePrefix: '371',
      groups: [{ name: 'Baltic' }, { name: 'EU' }, { name: 'Latvia' }],
      active: true,
      type: 6,
    });
    expect(byCode.get('LT')).toMatchObject({ nameLv: 'Lietuva', phonePrefix: '370', type: 7 });
    expect(byCode.get('DE')).toMatchObject({ groups: [{ name: 'EU' }], type: null });
    expect(body['hydra:totalItems']).toBe(27);
  });

  it('filters on active', async () => {
    const inactive = await get('/api/public/countries?active=false');
    expect(codes(inactive.body)).toContain('AQ');
    expect(inactive.body['hydra:member'].every((country: { active: boolean }) => !country.active)).toBe(true);

    const active = await get('/api/public/countries?active=true');
    const all = await get('/api/public/countries');
    expect(active.body['hydra:totalItems'] + inactive.body['hydra:totalItems']).toBe(all.body['hydra:totalItems']);
    expect(codes(active.body)).toContain('LV');
    expect(codes(active.body)).not.toContain('AQ');
  });

  it('filters on a group and on not being in a group', async () => {
    expect(codes((await get('/api/public/countries?groups.name=Baltic')).body)).toEqual(['EE', 'LT', 'LV']);

    const outsideLatvia = await get('/api/public/countries?groups.name[neq]=Latvia');
    expect(codes(outsideLatvia.body)).toEqual(expect.arrayContaining(['EE', 'LT', 'DE', 'US']));
    expect(codes(outsideLatvia.body)).not.toContain('LV');

    const balticButNotLatvia = await get('/api/public/countries?groups.name=Baltic&groups.name%5Bneq%5D=Latvia');
    expect(codes(balticButNotLatvia.body)).toEqual(['EE', 'LT']);

    expect((await get('/api/public/countries?groups.name=Nowhere')).body['hydra:totalItems']).toBe(0);
  });

  it('pages with hydra:view links that keep the filters', async () => {
    const first = await get('/api/public/countries?active=true&itemsPerPage=100');
    const total = first.body['hydra:totalItems'];
    const lastPage = Math.ceil(total / 100);
    expect(first.body['hydra:member']).toHaveLength(100);
    expect(first.body['hydra:view']).toEqual({
      '@id': '/api/countries?active=true&itemsPerPage=100&page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/countries?active=true&itemsPerPage=100&page=1',
      'hydra:last': `/api/countries?active=true&itemsPerPage=100&page=${lastPage}`,
      'hydra:next': '/api/countries?active=true&itemsPerPage=100&page=2',
    });

    const second = await get(first.body['hydra:view']['hydra:next'].replace('/api/', '/api/public/'));
    expect(second.body['hydra:view']['hydra:previous']).toBe('/api/countries?active=true&itemsPerPage=100&page=1');
    expect(codes(second.body)[0]! > codes(first.body)[99]!).toBe(true);

    const last = await get(`/api/public/countries?active=true&itemsPerPage=100&page=${lastPage}`);
    expect(last.body['hydra:member']).toHaveLength(total - (lastPage - 1) * 100);
    expect(last.body['hydra:view']['hydra:next']).toBeUndefined();
  });

  it('answers an empty page past the last one', async () => {
    const { status, body } = await get('/api/public/countries?page=999999999');
    expect(status).toBe(200);
    expect(body['hydra:member']).toEqual([]);
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(240);
  });

  it.each([
    ['an unknown parameter', 'order[name]=asc', 'order[name]', 'UNEXPECTED_FIELD'],
    ['a non-boolean active', 'active=yes', 'active', 'INVALID_VALUE'],
    ['itemsPerPage above 300', 'itemsPerPage=301', 'itemsPerPage', 'TOO_BIG'],
    ['itemsPerPage of 0', 'itemsPerPage=0', 'itemsPerPage', 'TOO_SMALL'],
    ['a page that is not a number', 'page=two', 'page', 'INVALID_FORMAT'],
    ['a repeated parameter', 'page=1&page=2', 'page', 'INVALID_TYPE'],
    ['an empty group name', 'groups.name=', 'groups.name', 'TOO_SMALL'],
  ])('refuses %s with 400 and the parameter as violation', async (_case, query, propertyPath, code) => {
    const { status, body } = await get(`/api/public/countries?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ '@type': 'hydra:Error', status: 400, 'hydra:title': 'Bad Request' });
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath, code })]);
  });
});

describe('GET /api/public/countries/{code}', () => {
  it('answers one country, whatever the case of the code', async () => {
    const { status, body } = await get('/api/public/countries/ee');
    expect(status).toBe(200);
    expect(body).toMatchObject({ '@id': '/api/countries/EE', code: 'EE', nameLv: 'Igaunija', type: 7 });
  });

  it.each(['LVA', 'L1', '%20%20'])('refuses the code "%s" with 400', async (code) => {
    const { status, body } = await get(`/api/public/countries/${code}`);
    expect(status).toBe(400);
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath: 'code', code: 'INVALID_FORMAT' })]);
  });

  it('answers 404 for a well-formed code that is no country', async () => {
    const { status, body } = await get('/api/public/countries/QQ');
    expect(status).toBe(404);
    expect(body).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'Country "QQ" not found.' });
  });

  it('refuses query parameters it does not know', async () => {
    expect((await get('/api/public/countries/LV?active=true')).status).toBe(400);
  });
});

describe('the authenticated twin /api/countries', () => {
  it('asks anonymous callers to authenticate', async () => {
    for (const url of ['/api/countries', '/api/countries/LV']) {
      const { status, body } = await get(url);
      expect(status).toBe(401);
      expect(body).toEqual({
        '@type': 'hydra:Error',
        'hydra:title': 'Unauthorized',
        'hydra:description': 'Full authentication is required to access this resource.',
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('answers a bearer the same as the public twin', async () => {
    expect(await get('/api/countries?groups.name=Baltic', BEARER)).toEqual(
      await get('/api/public/countries?groups.name=Baltic'),
    );
    expect((await get('/api/countries/LV', BEARER)).body.code).toBe('LV');
  });
});

describe('seedCountries', () => {
  it('changes nothing when the countries are already there', async () => {
    const before = (await get('/api/public/countries')).body;
    await seedCountries(testApp.db.orm);
    expect((await get('/api/public/countries')).body).toEqual(before);
  });
});
