import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import CmsEditorPage from './CmsEditorPage';

const TERMS = {
  '@id': '/api/admin/cms_blocks/terms',
  '@type': 'CmsBlock',
  key: 'terms',
  titleEn: 'Terms of use',
  titleLv: 'Lietošanas noteikumi',
  bodyEn: '# Terms\n\nText.',
  bodyLv: '# Noteikumi\n\nTeksts.',
  updatedAt: '2026-11-23T20:00:00.000Z',
};

function renderEditor(routes: Record<string, unknown>, route: string, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<CmsEditorPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route,
    path: '/admin/cms/editor/:id?',
  });
  return { ...view, calls };
}

jest.setTimeout(20_000);

describe('CmsEditorPage', () => {
  it('changes the Latvian text of a block, previews it as the API renders it and saves both languages', async () => {
    const { calls } = renderEditor(
      {
        'GET /api/admin/cms_blocks/terms': TERMS,
        'POST /api/admin/cms_blocks/preview': { html: '<h2>Jauni noteikumi</h2>' },
        'PUT /api/admin/cms_blocks/terms': { ...TERMS, bodyLv: '# Jauni noteikumi' },
      },
      '/admin/cms/editor/terms',
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    const body = await screen.findByLabelText(/^Teksts latviešu valodā/);
    expect(body).toHaveValue('# Noteikumi\n\nTeksts.');
    await user.clear(body);
    await user.click(body);
    await user.paste('# Jauni noteikumi');
    await user.click(screen.getByRole('button', { name: 'Priekšskatīt latviešu tekstu' }));
    expect(await screen.findByTestId('cms-preview-lv')).toContainHTML('<h2>Jauni noteikumi</h2>');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ markdown: '# Jauni noteikumi' });
    await user.click(screen.getByRole('button', { name: 'Saglabāt' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/admin/cms_blocks/terms',
      body: {
        titleEn: 'Terms of use',
        titleLv: 'Lietošanas noteikumi',
        bodyEn: '# Terms\n\nText.',
        bodyLv: '# Jauni noteikumi',
      },
    });
  });

  it('refuses HTML beside the field before sending, with the shared rule', async () => {
    const { calls } = renderEditor({ 'GET /api/admin/cms_blocks/terms': TERMS }, '/admin/cms/editor/terms');
    const user = userEvent.setup({ delay: null });
    const body = await screen.findByLabelText(/^Text in English/);
    await user.click(body);
    await user.paste('<script>alert(1)</script>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(body).toHaveAccessibleDescription(expect.stringContaining('HTML tags (such as <script>) are not allowed'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("creates a block under a new key and shows the API's violations beside their fields", async () => {
    const { calls } = renderEditor(
      {
        'PUT /api/admin/cms_blocks/holiday-hours': () => {
          throw violationsError([{ propertyPath: 'titleLv', message: 'This value can have at most 200 characters.' }]);
        },
      },
      '/admin/cms/editor',
    );
    const user = userEvent.setup({ delay: null });
    const key = screen.getByLabelText(/^Key/);
    await user.click(key);
    await user.paste('Holiday hours');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(key).toHaveAccessibleDescription(expect.stringContaining('lower-case Latin letters'));
    expect(screen.getByLabelText(/^Title in Latvian/)).toHaveAccessibleDescription(
      expect.stringContaining('This value should not be blank.'),
    );
    await user.clear(key);
    await user.paste('holiday-hours');
    for (const [label, text] of [
      [/^Title in English/, 'Holiday hours'],
      [/^Title in Latvian/, 'Svētku darba laiks'],
      [/^Text in English/, 'Closed on 24 December.'],
      [/^Text in Latvian/, 'Slēgts 24. decembrī.'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(/^Title in Latvian/)).toHaveAccessibleDescription(
      expect.stringContaining('This value can have at most 200 characters.'),
    );
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/api/admin/cms_blocks/holiday-hours');
  });

  it('writes a news card: the kind from the list, a link, dates typed DD.MM.YYYY, and the switch', async () => {
    const { calls } = renderEditor(
      { 'PUT /api/admin/cms_blocks/news-valmiera': { ...TERMS, key: 'news-valmiera', kind: 'news' } },
      '/admin/cms/editor?kind=news',
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('radio', { name: 'News' })).toBeChecked();
    const type = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await type(/^Key/, 'news-valmiera');
    await type(/^Title in English/, 'New parcel lockers');
    await type(/^Title in Latvian/, 'Jauni pakomāti');
    await type(/^Text in English/, 'Two new lockers.');
    await type(/^Text in Latvian/, 'Divi jauni pakomāti.');
    await type(/^Link/, 'javascript:alert(1)');
    await type(/^Shown from/, '01.12.2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The shared rule refuses the link before any request.
    expect(await screen.findByLabelText(/^Link/)).toHaveAccessibleDescription(
      expect.stringContaining('Give a page of the portal'),
    );
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText(/^Link/));
    await type(/^Link/, '/postal-network');
    await user.click(screen.getByLabelText(/^Shown on the portal/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'news', active: false, linkPath: '/postal-network', expiresAt: null });
    expect(new Date(body.publishedAt as string).getDate()).toBe(1);
  });
});
