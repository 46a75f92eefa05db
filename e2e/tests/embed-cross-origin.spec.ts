import { CHROMIUM_EXECUTABLE, PORT, REMOTE_ORIGIN_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

// Issue 19: the embeds documented for other sites work from another origin. The page below stands
// for another site at http://localhost:<port> (intercepted: the portal itself is 127.0.0.1, another
// origin to the browser): it loads the loaders and the remotes from the portal and calls the
// portal's public API across origins, which the portal allows for the origins of CORS_ORIGINS
// (playwright.config.ts) and no others.

const PORTAL = `http://127.0.0.1:${PORT}`;

// The test fulfils the other site's page itself, so Chromium knows no address for it and treats it
// as public; its Local Network Access check would then refuse the page's calls to the portal on
// 127.0.0.1 (in reality both are public sites). This file alone switches that check off.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-features=LocalNetworkAccessChecks'],
  },
});
const SHOP = `http://localhost:${PORT}`;

function shopPage(loader: string, mount: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Our shop</h1><div id="widget" data-testid="embed-host"></div></main>
<script src="${PORTAL}/embed/dist/${loader}"></script>
<script>${mount}</script></body></html>`;
}

test('the calculator embedded on another origin prices through the public API (CORS)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${SHOP}/shop/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: shopPage(
        'calculator-embed.js',
        `PostalCalculator.mount(document.getElementById('widget'), { locale: 'en',
          manifest: '${PORTAL}/remotes/mf-calculator/mf-manifest.json', apiBaseUrl: '${PORTAL}', portalUrl: '${PORTAL}' });`,
      ),
    }),
  );
  await page.goto(`${SHOP}/shop/prices.html`);
  const host = page.getByTestId('embed-host');
  await expect(host.getByRole('heading', { level: 2 })).toHaveText('Price calculator');
  await host.getByRole('combobox', { name: 'Destination countries' }).fill('Latv');
  await page.getByRole('option', { name: 'Latvia', exact: true }).click();
  await host.getByRole('textbox', { name: 'Weight, kg' }).fill('1');
  const answer = page.waitForResponse(`${PORTAL}/api/public/prices/by_country`);
  await host.getByRole('button', { name: 'Calculate' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe(SHOP);
  await expect(
    host.getByRole('row', { name: /Parcel, post office to post office, Latvia/ }).getByTestId('price'),
  ).toHaveText(/^\d+,\d{2} €$/);
  expect(errors).toEqual([]);
});

test('tracking embedded on another origin looks a number up through the public API (CORS)', async ({ page }) => {
  await page.route(`${SHOP}/shop/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: shopPage(
        'tracking-embed.js',
        `PostalTracking.mount(document.getElementById('widget'), { locale: 'en', number: 'RR123456785LV',
          manifest: '${PORTAL}/remotes/mf-tracking/mf-manifest.json', apiBaseUrl: '${PORTAL}', portalUrl: '${PORTAL}' });`,
      ),
    }),
  );
  const lookup = page.waitForResponse(`${PORTAL}/api/public/tracking/RR123456785LV`);
  await page.goto(`${SHOP}/shop/track.html`);
  const response = await lookup;
  // An unknown number: the API answered (404) and the browser let the page read it.
  expect(response.status()).toBe(404);
  expect(response.headers()['access-control-allow-origin']).toBe(SHOP);
  await expect(
    page.getByTestId('embed-host').getByRole('heading', { level: 2, name: 'Track a shipment' }),
  ).toBeVisible();
});

test('a site that is not allowed cannot read the public API', async ({ page }) => {
  // localhost on the remote test server's port: an origin not in CORS_ORIGINS.
  const other = `http://localhost:${REMOTE_ORIGIN_PORT}`;
  await page.route(`${other}/other/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Other</title><p>Other site</p>' }),
  );
  await page.goto(`${other}/other/index.html`);
  const outcome = await page.evaluate(async (portal) => {
    try {
      await fetch(`${portal}/api/public/countries`);
      return 'read';
    } catch {
      return 'blocked';
    }
  }, PORTAL);
  expect(outcome).toBe('blocked');
});
