import { expect, test } from './fixtures';

// Issue 18: the page carries the remotes file and the identity configuration, and asks the
// browser for the route's remote at once (preload), so the first screen waits for no chain of
// requests.

test('the tracking page starts without asking for remotes.json or auth-config.json, its remote preloaded', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/track')).text();
  expect(html).toContain('<script type="application/json" id="portal-boot">');
  expect(html).toContain(
    '<link rel="preload" href="/remotes/mf-tracking/mf-manifest.json" as="fetch" crossorigin="anonymous">',
  );
  expect(html).toContain('<link rel="preload" href="/remotes/mf-tracking/remoteEntry.js" as="script">');

  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) unusedPreloads.push(message.text());
  });
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  expect(asked).not.toContain('/remotes.json');
  expect(asked).not.toContain('/auth-config.json');
  // Each preloaded file is asked for once: the runtime took the preloaded answer.
  expect(asked.filter((pathname) => pathname === '/remotes/mf-tracking/mf-manifest.json')).toHaveLength(1);
  expect(asked.filter((pathname) => pathname === '/remotes/mf-tracking/remoteEntry.js')).toHaveLength(1);
  expect(unusedPreloads).toEqual([]);
});

test('the home page preloads the remotes of its widgets', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('href="/remotes/mf-tracking/mf-manifest.json"');
  expect(html).toContain('href="/remotes/mf-order-flow/mf-manifest.json"');
});
