/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { CMS_MESSAGES, CMS_PAGE_KEYS, MAX_CMS_BODY, MAX_CMS_TITLE } from '@portal/shared-contracts/cms';
import { eq } from 'drizzle-orm';
import { renderMarkdown } from '../../../src/modules/cms';
import { cmsBlocks } from '../../../src/modules/cms/schema';
import { seedBlocks, seedCmsBlocks } from '../../../src/modules/cms/seed';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';

// CMS blocks (issue 13 item 7): the information pages' texts, seeded in English and Latvian, read
// by anyone in the request's language as sanitised HTML, changed by administrators without a
// release, and never overwritten by the seed once changed.

let testApp: TestApp;
const request = requester(() => testApp);
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });
const user = verifiedUser('cms-reader');
const lv = { 'accept-language': 'lv' };
const en = { 'accept-language': 'en-US,en;q=0.9' };

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['cms'] });
}, 60_000);
afterAll(() => testApp?.close());

describe('reading the information pages', () => {
  it.each(CMS_PAGE_KEYS.map((key) => [key]))(
    'serves %s in English and in Latvian to visitors and users',
    async (key) => {
      const english = await request('GET', `/api/public/cms_blocks/${key}`, en);
      expect(english.status).toBe(200);
      expect(english.headers.vary).toBe('Accept-Language');
      expect(english.body).toMatchObject({ '@type': 'CmsBlock', key, locale: 'en' });
      const latvian = await request('GET', `/api/public/cms_blocks/${key}`, lv);
      expect(latvian.body).toMatchObject({ key, locale: 'lv' });
      expect(latvian.body.title).not.toBe(english.body.title);
      for (const page of [english.body, latvian.body]) {
        expect(page.html).toMatch(/^<(p|h2)>/);
        expect(page.html).toContain('<h2>');
        expect(page.html.length).toBeGreaterThan(1500);
        expect(page.html).not.toMatch(/lorem|ipsum|TODO|TBD/i);
      }
      // The signed-in twin answers the same.
      expect((await request('GET', `/api/cms_blocks/${key}`, { ...user, ...lv })).body.html).toBe(latvian.body.html);
    },
  );

  it('writes the SPEC facts the pages promise', async () => {
    const page = async (key: string, headers = en) =>
      (await request('GET', `/api/public/cms_blocks/${key}`, headers)).body;
    expect((await page('deadlines')).html).toContain('one working day after the item is handed over');
    expect((await page('deadlines', lv)).html).toContain('viena darba diena pēc sūtījuma nodošanas');
    expect((await page('terms')).html).toContain('Monday to Friday 8:00–19:00 and Saturday 9:00–17:00');
    expect((await page('cookie-policy')).html).toContain('<code>consent</code>');
    expect((await page('cookie-policy')).html).toContain('<th scope="col">');
    expect((await page('privacy-policy')).html).toContain('Data State Inspectorate');
    expect((await page('accessibility')).html).toContain('WCAG');
    expect((await page('prohibitions', lv)).html).toContain('narkotiskās un psihotropās vielas');
  });

  it('answers an unknown block with 404 and a malformed key with 400, never 500', async () => {
    const missing = await request('GET', '/api/public/cms_blocks/no-such-page', en);
    expect(missing.status).toBe(404);
    expect(missing.body['hydra:description']).toBe('Page not found.');
    for (const key of ['Terms', 'terms_', '-terms', 'a'.repeat(65), '..%2Fetc']) {
      expect((await request('GET', `/api/public/cms_blocks/${key}`, en)).status).toBe(400);
    }
    expect((await request('GET', '/api/public/cms_blocks/terms?locale=lv', en)).status).toBe(400);
  });
});

describe('changing a block (administrators only)', () => {
  const edited = {
    titleEn: 'Delivery deadlines (winter)',
    titleLv: 'Piegādes termiņi (ziemā)',
    bodyEn: '## Holidays\n\nNo deliveries on **24.12.2026**.',
    bodyLv: '## Svētki\n\n**24.12.2026** sūtījumus nepiegādā.',
  };

  it('shows an administrator’s change at once, in both languages, and the seed never takes it back', async () => {
    const saved = await request('PUT', '/api/admin/cms_blocks/deadlines', ADMIN, edited);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'deadlines', ...edited });
    const english = await request('GET', '/api/public/cms_blocks/deadlines', en);
    expect(english.body).toMatchObject({
      title: 'Delivery deadlines (winter)',
      html: '<h2>Holidays</h2>\n<p>No deliveries on <strong>24.12.2026</strong>.</p>',
    });
    expect((await request('GET', '/api/public/cms_blocks/deadlines', lv)).body.title).toBe('Piegādes termiņi (ziemā)');

    await seedCmsBlocks(testApp.db.orm);
    expect((await request('GET', '/api/admin/cms_blocks/deadlines', ADMIN)).body).toMatchObject(edited);
  });

  it('creates a new block with PUT and lists every block for the back office', async () => {
    const created = await request('PUT', '/api/admin/cms_blocks/parcel-locker-guide', ADMIN, edited);
    expect(created.status).toBe(201);
    const list = await request('GET', '/api/admin/cms_blocks', ADMIN);
    expect(list.body['hydra:totalItems']).toBe(seedBlocks().length + 1);
    expect(list.body['hydra:member'].map((block: { key: string }) => block.key)).toContain('parcel-locker-guide');
  });

  it.each([
    ['a blank Latvian title', { ...edited, titleLv: ' ' }, 'titleLv', 'cms.blank'],
    ['no English body', { ...edited, bodyEn: null }, 'bodyEn', 'cms.blank'],
    ['a title over the limit', { ...edited, titleEn: 'x'.repeat(MAX_CMS_TITLE + 1) }, 'titleEn', 'cms.title_too_long'],
    ['a body over the limit', { ...edited, bodyLv: 'x'.repeat(MAX_CMS_BODY + 1) }, 'bodyLv', 'cms.body_too_long'],
    ['an unknown field', { ...edited, html: '<p>x</p>' }, 'html', 'UNEXPECTED_FIELD'],
  ])('refuses %s beside the field and changes nothing', async (_name, body, path, code) => {
    const before = (await request('GET', '/api/admin/cms_blocks/terms', ADMIN)).body;
    const refused = await request('PUT', '/api/admin/cms_blocks/terms', ADMIN, body);
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: path, code })]);
    expect((await request('GET', '/api/admin/cms_blocks/terms', ADMIN)).body).toEqual(before);
  });

  it('lets nobody else change or read the sources: users 403, visitors 401, no public twin', async () => {
    for (const [method, url] of [
      ['PUT', '/api/admin/cms_blocks/terms'],
      ['GET', '/api/admin/cms_blocks/terms'],
      ['GET', '/api/admin/cms_blocks'],
    ] as const) {
      expect((await request(method, url, user, method === 'PUT' ? edited : undefined)).status).toBe(403);
      expect((await request(method, url, {}, method === 'PUT' ? edited : undefined)).status).toBe(401);
      expect(
        (await request(method, url.replace('/api/', '/api/public/'), {}, method === 'PUT' ? edited : undefined)).status,
      ).toBe(401);
    }
    expect((await request('GET', '/api/public/cms_blocks/terms', en)).body.title).toBe('Terms of use');
  });

  it('never lets a block carry scripts, event handlers, frames, images or foreign styles', async () => {
    const hostile = {
      ...edited,
      bodyEn: [
        '# Heading one',
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="position:fixed" onclick="alert(3)">styled</p>',
        '[click](javascript:alert(4)) [mail](mailto:info@example.lv) [site](https://example.lv) [faq](/faq)',
      ].join('\n\n'),
    };
    // Saving refuses the HTML beside the field (422, never 500), and nothing is kept…
    const refused = await request('PUT', '/api/admin/cms_blocks/terms', ADMIN, hostile);
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'bodyEn', code: 'cms.markup', message: CMS_MESSAGES.markup }),
    ]);
    expect((await request('GET', '/api/admin/cms_blocks/terms', ADMIN)).body.bodyEn).not.toContain('<script>');
    // …and a text that reached the table another way (an older release, the database) is still
    // sanitised when rendered: the public page never gets a script from content.
    await testApp.db.orm.update(cmsBlocks).set({ bodyEn: hostile.bodyEn }).where(eq(cmsBlocks.key, 'terms'));
    const { html } = (await request('GET', '/api/public/cms_blocks/terms', en)).body;
    expect(html).not.toMatch(/<script|alert\(1\)|<img|onerror|<iframe|style=|onclick|javascript:/i);
    expect(html).toContain('<h2>Heading one</h2>');
    expect(html).toContain('<a href="mailto:info@example.lv">mail</a>');
    expect(html).toContain('<a href="https://example.lv" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="/faq">faq</a>');
  });
});

describe('the editor preview', () => {
  it('renders Markdown as the public page will, sanitised, and saves nothing', async () => {
    const ordinary = bearer({ sub: 'cms-preview-user', email: 'preview@example.com' });
    const preview = await request('POST', '/api/admin/cms_blocks/preview', ADMIN, {
      markdown: '# Title\n\n**bold** <script>alert(1)</script> [x](javascript:alert(2))',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<h2>Title</h2>');
    expect(preview.body.html).toContain('<strong>bold</strong>');
    expect(preview.body.html).not.toMatch(/<script|alert\(1\)|javascript:/);
    expect((await request('GET', '/api/admin/cms_blocks/preview', ADMIN)).status).toBe(404);
    // Bad input is 422 with the field named; a signed-in user without a back-office role is 403.
    const tooLong = await request('POST', '/api/admin/cms_blocks/preview', ADMIN, {
      markdown: 'x'.repeat(MAX_CMS_BODY + 1),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.violations[0].propertyPath).toBe('markdown');
    expect((await request('POST', '/api/admin/cms_blocks/preview', ADMIN, { html: 'x' })).status).toBe(422);
    expect((await request('POST', '/api/admin/cms_blocks/preview', ordinary, { markdown: 'x' })).status).toBe(403);
  });
});

describe('renderMarkdown', () => {
  it('keeps tables, lists and emphasis, and drops what is not on the list', () => {
    expect(renderMarkdown('| A | B |\n| --- | --- |\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th scope="col">A</th>\n<th scope="col">B</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody></table>',
    );
    expect(renderMarkdown('- *one*\n- **two**')).toBe(
      '<ul>\n<li><em>one</em></li>\n<li><strong>two</strong></li>\n</ul>',
    );
    expect(renderMarkdown('###### deep')).toBe('<h4>deep</h4>');
    expect(renderMarkdown('<style>body{display:none}</style>text')).toBe('text');
  });
});
