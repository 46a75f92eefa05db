/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { BEARER, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['hs-codes'] });
}, 60_000);
afterAll(() => testApp?.close());

interface Member {
  code: string;
  description: string;
  descriptionLv: string | null;
  level: number;
  parent: string | null;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), contentType: response.headers['content-type'] };
}

const search = (query: string) => get(`/api/public/hs_codes?search=${encodeURIComponent(query)}`);
const codes = (body: { 'hydra:member': Member[] }) => body['hydra:member'].map((member) => member.code);

describe('GET /api/public/hs_codes?search=', () => {
  it('finds codes by prefix, in code order, as a Hydra collection', async () => {
    const { status, body, contentType } = await search('4901');
    expect(status).toBe(200);
    expect(contentType).toBe('application/ld+json; charset=utf-8');
    expect(body).toMatchObject({
      '@context': '/api/contexts/HsCode',
      '@id': '/api/hs_codes',
      '@type': 'hydra:Collection',
      'hydra:totalItems': 4,
      tooMany: false,
    });
    expect(body.message).toBeUndefined();
    expect(body['hydra:view']).toBeUndefined();
    expect(codes(body)).toEqual(['4901', '490110', '490191', '490199']);
    expect(body['hydra:member'][3]).toEqual({
      '@id': '/api/hs_codes/490199',
      '@type': 'HsCode',
      code: '490199',
      description:
        'Printed matter; books, brochures, leaflets and similar printed matter n.e.c. in item no. 4901.10 or 4901.91',
      descriptionLv: expect.stringMatching(/^Iespiestas grāmatas/),
      level: 6,
      parent: '4901',
    });
  });

  it('ignores spaces and dots in a code, and finds the subheading of an 8- or 10-digit code', async () => {
    for (const query of ['4901.99', '4901 99', '49019900', '4901990000']) {
      expect(codes((await search(query)).body)).toEqual(['490199']);
    }
  });

  it('finds codes by words of the English description, every word having to match', async () => {
    const horses = (await search('horses')).body;
    expect(codes(horses)).toEqual(expect.arrayContaining(['0101', '010121', '010129', '0205']));
    for (const member of horses['hydra:member'] as Member[]) expect(member.description).toMatch(/\bhorses/i);

    const liveHorses = (await search('Live HORSES')).body;
    expect(codes(liveHorses)).toEqual(expect.arrayContaining(['0101', '010121']));
    expect(codes(liveHorses)).not.toContain('0205');
    for (const member of liveHorses['hydra:member'] as Member[]) expect(member.description).toMatch(/\blive\b/i);
  });

  it('matches word beginnings, not the middle of words', async () => {
    expect(codes((await search('hone')).body)).toEqual(expect.arrayContaining(['0409', '040900']));
    expect(codes((await search('oney')).body)).not.toContain('0409');
  });

  it('finds codes by Latvian words, with or without diacritics', async () => {
    const honey = (await search('medus')).body;
    expect(honey['hydra:member']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '0409', description: 'Honey; natural', descriptionLv: 'Dabiskais medus' }),
      ]),
    );
    const withMarks = (await search('ēzeļi')).body;
    const withoutMarks = (await search('EZELI')).body;
    expect(codes(withMarks)).toEqual(['0101', '010121', '010129', '010130', '010190']);
    expect(codes(withoutMarks)).toEqual(codes(withMarks));
    // A CN line read in its context ("citādi" = "other") follows its heading's name.
    expect(withMarks['hydra:member'][2].descriptionLv).toBe('Dzīvi zirgi, ēzeļi, mūļi un zirgēzeļi — citādi');
  });

  it('answers the first 50 of a search with more matches, saying so', async () => {
    const { status, body } = await search('other');
    expect(status).toBe(200);
    expect(body['hydra:member']).toHaveLength(50);
    expect(body['hydra:totalItems']).toBeGreaterThan(50);
    expect(body.tooMany).toBe(true);
    expect(body.message).toBe('Too many results: please narrow the search.');
    expect(codes(body)).toEqual([...codes(body)].sort());
  });

  it('answers an empty list when nothing matches', async () => {
    const { status, body } = await search('zzzqqq');
    expect(status).toBe(200);
    expect(body).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0, tooMany: false });
  });

  it('answers signed-in callers under /api and refuses anonymous ones there', async () => {
    expect((await get('/api/hs_codes?search=4901')).status).toBe(401);
    const signedIn = await get('/api/hs_codes?search=4901', BEARER);
    expect(signedIn.status).toBe(200);
    expect(codes(signedIn.body)).toEqual(['4901', '490110', '490191', '490199']);
  });

  it.each([
    ['no search', '', 'search', 'This value should not be null.'],
    ['an empty search', '?search=', 'search', 'This value should not be blank.'],
    ['spaces only', '?search=%20%20', 'search', 'This value should not be blank.'],
    [
      '101 characters',
      `?search=${'a'.repeat(101)}`,
      'search',
      'This value is too long. It should have 100 characters or less.',
    ],
    ['a line break', '?search=book%0Ashelf', 'search', 'This value contains characters that are not allowed.'],
    ['punctuation only', '?search=--%3B', 'search', 'The search should contain letters or digits.'],
    ['an unknown parameter', '?search=book&page=2', 'page', 'This field was not expected.'],
    ['two searches', '?search=book&search=shelf', 'search', expect.any(String)],
  ])('refuses %s with 400 and a violation', async (_, query, propertyPath, message) => {
    const { status, body } = await get(`/api/public/hs_codes${query}`);
    expect(status).toBe(400);
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath, message })]);
  });

  it('refuses a NUL character with 422, as every text field does (issue 19)', async () => {
    const { status, body } = await get('/api/public/hs_codes?search=book%00');
    expect(status).toBe(422);
    expect(body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'search',
        message: 'This value contains characters that are not allowed.',
      }),
    ]);
  });

  it('never answers 500 to odd searches', async () => {
    const odd = [
      '%',
      '%ff',
      '%E2%82',
      '🙂',
      "'; drop table x; --",
      '\\',
      '((',
      '*',
      '.',
      '0',
      'a'.repeat(100),
      '%C2%A0',
    ];
    for (const query of odd) {
      const { status } = await get(`/api/public/hs_codes?search=${query}`);
      expect([200, 400]).toContain(status);
    }
  });
});

describe('GET /api/public/hs_codes/{code}', () => {
  it('answers a subheading, a heading and a chapter', async () => {
    const subheading = await get('/api/public/hs_codes/010129');
    expect(subheading.status).toBe(200);
    expect(subheading.body).toMatchObject({
      '@id': '/api/hs_codes/010129',
      code: '010129',
      description: 'Horses; live, other than pure-bred breeding animals',
      level: 6,
      parent: '0101',
    });
    expect((await get('/api/public/hs_codes/0409')).body).toMatchObject({ level: 4, parent: '04' });
    expect((await get('/api/public/hs_codes/01')).body).toMatchObject({
      level: 2,
      parent: null,
      descriptionLv: 'DZĪVI DZĪVNIEKI',
    });
    expect((await get('/api/hs_codes/01', BEARER)).status).toBe(200);
  });

  it('answers 404 "HS code not found." for a code not in HS 2022', async () => {
    // 010110: an HS 2012 subheading, split in 2017; 999999: UN Comtrade's "not specified".
    for (const code of ['010110', '999999', '99', '49019900']) {
      const { status, body } = await get(`/api/public/hs_codes/${code}`);
      expect(status).toBe(404);
      expect(body['hydra:description']).toBe('HS code not found.');
    }
  });

  it('refuses a code that is not 2 to 10 digits with 400', async () => {
    for (const code of ['abc', '1', '4901.99', '12345678901']) {
      const { status, body } = await get(`/api/public/hs_codes/${code}`);
      expect(status).toBe(400);
      expect(body.violations).toEqual([expect.objectContaining({ propertyPath: 'code' })]);
    }
  });
});
