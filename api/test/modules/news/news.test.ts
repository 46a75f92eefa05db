/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { NEWS_SEED } from '../../../src/modules/cms';
import { BEARER, bearer, startTestApp, type TestApp } from '../../helpers';

// The portal's clock for these tests: before the Christmas holidays of 2026.
let now = new Date('2026-11-23T12:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['news', 'cms'], now: () => now });
}, 60_000);
afterAll(() => testApp?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), contentType: response.headers['content-type'] };
}

const titles = (body: { 'hydra:member': { title: string }[] }) => body['hydra:member'].map((item) => item.title);

describe('GET /api/public/news', () => {
  it('answers the newest three showing news as a Hydra collection, in English and Latvian', async () => {
    const { status, body, contentType } = await get('/api/public/news');
    expect(status).toBe(200);
    expect(contentType).toBe('application/ld+json; charset=utf-8');
    expect(body).toMatchObject({ '@context': '/api/contexts/News', '@id': '/api/news', '@type': 'hydra:Collection' });
    expect(body['hydra:totalItems']).toBe(4);
    expect(titles(body)).toEqual([
      'Christmas and New Year: holidays are not working days',
      'Sign in with Smart-ID or eParaksts',
      'From any post office to any parcel locker',
    ]);
    expect(body['hydra:member'][0]).toEqual({
      '@id': expect.stringMatching(/^\/api\/news\/\d+$/),
      '@type': 'News',
      id: expect.any(Number),
      title: 'Christmas and New Year: holidays are not working days',
      titleLv: 'Ziemassvētki un Jaunais gads: svētku dienas nav darba dienas',
      text: expect.stringContaining('24.12., 25.12., 26.12. and 31.12.2026 and 01.01.2027'),
      textLv: expect.stringContaining('svētku dienas'),
      html: expect.stringMatching(/^<p>24\.12\., 25\.12\./),
      htmlLv: expect.stringContaining('svētku dienas'),
      link: '/deadlines',
      publishedAt: '2026-11-20T08:00:00.000Z',
    });
    expect(body['hydra:view']).toMatchObject({ 'hydra:next': '/api/news?page=2' });
  });

  it('pages on and takes up to twenty per page', async () => {
    const second = await get('/api/public/news?page=2');
    expect(titles(second.body)).toEqual(['Longer opening hours in Riga']);
    const all = await get('/api/public/news?itemsPerPage=20');
    expect(all.body['hydra:member']).toHaveLength(4);
  });

  it('leaves out news past their end and news not yet published', async () => {
    now = new Date('2027-01-02T00:00:01Z');
    try {
      expect(titles((await get('/api/public/news?itemsPerPage=20')).body)).not.toContain(
        'Christmas and New Year: holidays are not working days',
      );
      now = new Date('2026-01-01T00:00:00Z');
      expect(titles((await get('/api/public/news?itemsPerPage=20')).body)).toEqual(['Longer opening hours in Riga']);
    } finally {
      now = new Date('2026-11-23T12:00:00Z');
    }
  });

  it.each([
    ['itemsPerPage=0', 'itemsPerPage', 'This value should be 1 or more.'],
    ['itemsPerPage=21', 'itemsPerPage', 'This value should be 20 or less.'],
    ['page=abc', 'page', 'This value should be a whole number.'],
    ['lang=lv', 'lang', 'This field was not expected.'],
  ])('refuses ?%s with a violation', async (query, propertyPath, message) => {
    const { status, body } = await get(`/api/public/news?${query}`);
    expect(status).toBe(400);
    expect(body.violations).toEqual([expect.objectContaining({ propertyPath, message })]);
  });

  it('has a signed-in twin that needs a token', async () => {
    expect((await get('/api/news')).status).toBe(401);
    const signedIn = await get('/api/news', BEARER);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body['hydra:totalItems']).toBe(4);
  });
});

describe('news as CMS blocks (kind news)', () => {
  const EDITOR = bearer({ sub: 'dev-editor', email: 'editor@example.com' });
  const card = {
    kind: 'news',
    titleEn: 'New parcel lockers in Valmiera',
    titleLv: 'Jauni pakomāti Valmierā',
    bodyEn: 'Two **new** parcel lockers.',
    bodyLv: 'Divi **jauni** pakomāti.',
    linkPath: '/postal-network',
  };

  it('shows a news block an editor adds first, rendered in both languages, and leaves it out once inactive', async () => {
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/cms_blocks/news-valmiera',
      headers: EDITOR,
      payload: card,
    });
    expect(saved.statusCode).toBe(201);
    // Saved without a date: it shows from its save, the newest card.
    expect(saved.json().publishedAt).toBe(now.toISOString());
    const first = (await get('/api/public/news')).body['hydra:member'][0];
    expect(first).toMatchObject({
      title: card.titleEn,
      titleLv: card.titleLv,
      html: '<p>Two <strong>new</strong> parcel lockers.</p>',
      htmlLv: '<p>Divi <strong>jauni</strong> pakomāti.</p>',
      link: '/postal-network',
    });
    const off = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/cms_blocks/news-valmiera',
      headers: EDITOR,
      payload: { ...card, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(titles((await get('/api/public/news?itemsPerPage=20')).body)).not.toContain(card.titleEn);
    expect((await get('/api/public/news?itemsPerPage=20')).body['hydra:totalItems']).toBe(4);
  });

  it('seeds every news item in both languages without prices', () => {
    for (const item of NEWS_SEED) {
      for (const text of [item.titleEn, item.titleLv, item.textEn, item.textLv]) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/€|EUR|\d+[.,]\d{2}\s*(eur|€)/i);
      }
    }
  });
});
