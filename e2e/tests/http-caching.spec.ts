import { expect, test } from './fixtures';

// Issue 18, HTTP: hashed files are cached for a year, entry files and the remotes file are
// re-checked, and JSON answers travel compressed (the portal as `npm start` serves it).

const YEAR = 'public, max-age=31536000, immutable';

test('hashed files are immutable for a year; the page, remote entries and remotes.json are re-checked', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const mainScript = /src="\/?(main\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
  expect(mainScript).toBeDefined();

  const script = await request.get(`/${mainScript}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe(YEAR);

  const entry = await request.get('/remotes/mf-tracking/remoteEntry.js', { headers: { 'accept-encoding': 'br' } });
  expect(entry.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/remotes/mf-tracking/mf-manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/remotes.json')).headers()['cache-control']).toBe('no-store');
});

test('JSON answers of the API travel compressed', async ({ request }) => {
  const countries = await request.get('/api/public/countries?itemsPerPage=300', {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(countries.ok()).toBe(true);
  expect(countries.headers()['content-encoding']).toBe('br');
  expect(((await countries.json()) as { 'hydra:member': unknown[] })['hydra:member'].length).toBeGreaterThan(100);
});
