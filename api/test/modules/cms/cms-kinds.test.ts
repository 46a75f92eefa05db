/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { CMS_FOOTER_KEYS, CMS_TOOLTIP_KEYS } from '@portal/shared-contracts/cms';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';

// Issue 14 item 8: the footer's columns, the home page's adverts and news are CMS blocks of their
// own kinds, listed publicly by kind (active and showing now only), edited by content editors.

let now = new Date('2026-11-26T12:00:00Z');
let testApp: TestApp;
const request = requester(() => testApp);
const EDITOR = bearer({ sub: 'dev-editor', email: 'editor@example.com' });
const MANAGER = bearer({ sub: 'dev-manager', email: 'manager@example.com' });
const user = verifiedUser('cms-kinds-reader');
const lv = { 'accept-language': 'lv' };
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['cms'], now: () => now });
}, 60_000);
afterAll(() => testApp?.close());

const keys = (body: { 'hydra:member': { key: string }[] }) => body['hydra:member'].map((block) => block.key);

describe('the seeded blocks of each kind', () => {
  it('serves the footer’s columns in order, in both languages, with today’s links and hours', async () => {
    const english = await request('GET', '/api/public/cms_blocks?kind=footer', en);
    expect(english.status).toBe(200);
    expect(english.headers.vary).toBe('Accept-Language');
    expect(keys(english.body)).toEqual([...CMS_FOOTER_KEYS]);
    const [information, support] = english.body['hydra:member'];
    expect(information).toMatchObject({ kind: 'footer', locale: 'en', title: 'Information' });
    expect(information.html).toContain('<a href="/terms">Terms of use</a>');
    expect(support.html).toContain('Monday–Friday: 8:00–19:00');
    const latvian = await request('GET', '/api/public/cms_blocks?kind=footer', lv);
    expect(latvian.body['hydra:member'][0].title).toBe('Informācija');
    expect(latvian.body['hydra:member'][1].html).toContain('Sestdiena: 9:00–17:00');
    // The signed-in twin answers the same.
    expect((await request('GET', '/api/cms_blocks?kind=footer', { ...user, ...lv })).body).toEqual(latvian.body);
  });

  it('seeds the support contacts (footer and FAQ, issue 40 item 7) without inventing a number or address', async () => {
    const english = (await request('GET', '/api/public/cms_blocks/footer-support-contacts', en)).body;
    expect(english).toMatchObject({ key: 'footer-support-contacts', locale: 'en', title: 'Contact us' });
    expect(english.html).toContain('Complaints and requests: <a href="/complaint">the complaint and request form</a>');
    expect(english.html).toContain('<a href="/track">its tracking page</a>');
    // No phone number or e-mail address is in the shared data: none may appear until an administrator writes it.
    expect(english.html).not.toMatch(/\d{8}|@|tel:|mailto:/);
    const latvian = (await request('GET', '/api/public/cms_blocks/footer-support-contacts', lv)).body;
    expect(latvian.title).toBe('Sazinieties ar mums');
    expect(latvian.html).toContain(
      'Sūdzības un pieprasījumi: <a href="/complaint">sūdzību un pieprasījumu veidlapa</a>',
    );
  });

  it('serves the parcel locker advert with its link, and the news', async () => {
    const adverts = (await request('GET', '/api/public/cms_blocks?kind=advert', en)).body;
    expect(adverts['hydra:member']).toEqual([
      expect.objectContaining({
        key: 'advert-parcel-lockers',
        linkPath: '/postal-network',
        title: 'Send to a parcel locker',
      }),
    ]);
    expect(adverts['hydra:member'][0].html).toContain('31.5 kg');
    const news = (await request('GET', '/api/public/cms_blocks?kind=news', en)).body;
    expect(news['hydra:totalItems']).toBe(4);
    expect(keys(news)[0]).toBe('news-holidays-2026-12');
  });

  it('serves a tooltip block for every field that reads one, worded as the forms’ own texts', async () => {
    const tooltips = (await request('GET', '/api/public/cms_blocks?kind=tooltip', lv)).body;
    expect(keys(tooltips).sort()).toEqual([...CMS_TOOLTIP_KEYS].sort());
    const hsCode = tooltips['hydra:member'].find((block: { key: string }) => block.key === 'tooltip-hs-code');
    expect(hsCode.html).toBe('<p>Ierakstiet kodu vai preces aprakstošus vārdus un izvēlieties no saraksta.</p>');
  });

  it.each([
    ['kind=unknown', 'kind'],
    ['kind=page', 'kind'],
    ['', 'kind'],
    ['kind=news&itemsPerPage=0', 'itemsPerPage'],
    ['kind=news&locale=lv', 'locale'],
  ])('refuses ?%s with a violation (400, never 500)', async (query, propertyPath) => {
    const refused = await request('GET', `/api/public/cms_blocks?${query}`, en);
    expect(refused.status).toBe(400);
    expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath })]);
  });
});

describe('editing blocks of a kind', () => {
  const advert = {
    kind: 'advert',
    titleEn: 'Courier at your door',
    titleLv: 'Kurjers pie durvīm',
    bodyEn: 'Order a courier pick-up.',
    bodyLv: 'Pasūtiet kurjeru.',
    linkPath: 'https://pasts.lv/kurjers',
  };

  it('lets a content editor change the footer in Latvian; the public footer shows it, the seed keeps it', async () => {
    const source = (await request('GET', '/api/admin/cms_blocks/footer-support', EDITOR)).body;
    expect(source).toMatchObject({ kind: 'footer', active: true });
    const changed = await request('PUT', '/api/admin/cms_blocks/footer-support', EDITOR, {
      titleEn: source.titleEn,
      titleLv: source.titleLv,
      bodyEn: source.bodyEn,
      bodyLv: 'Zvaniet mums: **67008001**.',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ kind: 'footer', active: true });
    const footer = (await request('GET', '/api/public/cms_blocks?kind=footer', lv)).body['hydra:member'];
    expect(footer[1].html).toBe('<p>Zvaniet mums: <strong>67008001</strong>.</p>');
  });

  it('shows an advert from its publication date until it ends, and never while inactive', async () => {
    const created = await request('PUT', '/api/admin/cms_blocks/advert-courier', EDITOR, {
      ...advert,
      publishedAt: '2026-12-01',
      expiresAt: '2026-12-31',
    });
    expect(created.status).toBe(201);
    const shown = async () => keys((await request('GET', '/api/public/cms_blocks?kind=advert', en)).body);
    expect(await shown()).not.toContain('advert-courier');
    now = new Date('2026-12-02T12:00:00Z');
    try {
      expect(await shown()).toContain('advert-courier');
      await request('PUT', '/api/admin/cms_blocks/advert-courier', EDITOR, { ...advert, active: false });
      expect(await shown()).not.toContain('advert-courier');
      // An inactive block is no page either.
      expect((await request('GET', '/api/public/cms_blocks/advert-courier', en)).status).toBe(404);
    } finally {
      now = new Date('2026-11-26T12:00:00Z');
    }
  });

  it.each([
    ['an unknown kind', { kind: 'banner' }, 'kind', 'cms.kind'],
    ['a link to another scheme', { linkPath: 'javascript:alert(1)' }, 'linkPath', 'cms.link'],
    ['a protocol-relative link', { linkPath: '//evil.example' }, 'linkPath', 'cms.link'],
    ['a date that is none', { publishedAt: '2026-13-45' }, 'publishedAt', 'cms.date'],
    [
      'an end before the start',
      { publishedAt: '2026-12-10', expiresAt: '2026-12-01' },
      'expiresAt',
      'cms.expires_before_published',
    ],
    ['HTML in an advert', { bodyLv: '<b onclick="x">Pasūtiet</b>' }, 'bodyLv', 'cms.markup'],
  ])('refuses %s beside the field (422)', async (_name, change, propertyPath, code) => {
    const refused = await request('PUT', '/api/admin/cms_blocks/advert-refused', EDITOR, { ...advert, ...change });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath, code })]);
    expect((await request('GET', '/api/admin/cms_blocks/advert-refused', EDITOR)).status).toBe(404);
  });

  it('refuses a wrongly typed field with 422 and lets only content editors and administrators write', async () => {
    const typed = await request('PUT', '/api/admin/cms_blocks/advert-x', EDITOR, { ...advert, active: 'yes' });
    expect(typed.status).toBe(422);
    expect(typed.body.violations).toEqual([expect.objectContaining({ propertyPath: 'active' })]);
    expect((await request('PUT', '/api/admin/cms_blocks/advert-x', MANAGER, advert)).status).toBe(403);
    expect((await request('PUT', '/api/admin/cms_blocks/advert-x', user, advert)).status).toBe(403);
    expect((await request('PUT', '/api/admin/cms_blocks/advert-x', {}, advert)).status).toBe(401);
    expect((await request('PUT', '/api/public/cms_blocks/advert-x', {}, advert)).status).not.toBe(200);
  });
});
