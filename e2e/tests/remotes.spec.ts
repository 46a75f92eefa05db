import { REMOTE_ORIGIN_PORT } from '../playwright.config';
import { expect, remote, test, withRemotes, withRemotesFile } from './fixtures';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('remotes load lazily: only the visited page’s remote is fetched', async ({ page }) => {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/(mf-[a-z-]+)\//);
    if (match?.[1]) fetched.add(match[1]);
  });
  await page.goto('/tariff-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price calculator');
  expect([...fetched].sort()).toEqual(['mf-calculator']);
});

test('a disabled remote shows "temporarily unavailable", its navigation hides, the rest works', async ({ page }) => {
  await withRemotes(page, (file) => {
    remote(file, 'mf-calculator').enabled = false;
  });
  await page.goto('/tariff-calculator');
  await expect(page.getByTestId('remote-unavailable-mf-calculator')).toContainText(
    'The price calculator is temporarily unavailable',
  );
  // The page keeps its title, in the remote's own words from its description.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price calculator');
  await expect(page).toHaveTitle(/^Price calculator \|/);
  await expect(nav(page).getByRole('link', { name: 'Price calculator' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Track' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
});

test('a remote whose server is down is contained and the rest of the portal keeps working', async ({ page }) => {
  await withRemotes(page, (file) => {
    // Nothing listens on port 9: the manifest fetch fails as it does when a CDN is down.
    remote(file, 'mf-tracking').manifest = 'http://127.0.0.1:9/mf-manifest.json';
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send and track letters and parcels');
  await expect(page.getByTestId('remote-unavailable-mf-tracking')).toBeVisible();
  // The home page's other widget, from another remote, still works.
  await expect(page.getByTestId('order-card')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Track' })).toHaveCount(0);
  await page.goto('/track');
  await expect(page.getByTestId('remote-unavailable-mf-tracking')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Price calculator' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price calculator');
});

test('a remote served from its own origin loads (CORS) on its page and as a home widget', async ({ page }) => {
  const origin = `http://127.0.0.1:${REMOTE_ORIGIN_PORT}`;
  const fromOtherOrigin: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.ok()) fromOtherOrigin.push(new URL(response.url()).pathname);
  });
  await withRemotes(page, (file) => {
    remote(file, 'mf-tracking').manifest = `${origin}/mf-manifest.json`;
  });
  await page.goto('/');
  await expect(page.getByTestId('tracking-card')).toBeVisible();
  await page.getByRole('textbox', { name: 'Shipment number' }).fill('rr123456785lv');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track\?number=RR123456785LV$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  // The entry beside the manifest, and the remote's chunks, come from that origin.
  expect(fromOtherOrigin).toContain('/remoteEntry.js');
  expect(fromOtherOrigin.some((path) => path.endsWith('.js') && path !== '/remoteEntry.js')).toBe(true);
});

test('a missing remotes.json leaves the shell pages working and says what is unavailable', async ({ page }) => {
  await withRemotesFile(page, () => undefined);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expect(page.getByTestId('manifest-unavailable')).toBeVisible();
  await expect(nav(page).getByRole('link')).toHaveCount(0);
  // Without the remotes' descriptions the shell cannot tell a remote's page from a wrong address:
  // it says the portal part is unavailable rather than "not found" (it knows no remote by itself).
  await page.goto('/track');
  await expect(page.getByTestId('remote-unavailable-portal')).toBeVisible();
  await page.goto('/deadlines');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery times');
});

test('an invalid remotes.json is treated like a missing one', async ({ page }) => {
  await withRemotesFile(page, () => ({ remotes: 'nope' }));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send and track letters and parcels');
  await expect(page.getByTestId('manifest-unavailable')).toBeVisible();
});

test('maintenance mode in remotes.json shows the maintenance page', async ({ page }) => {
  await withRemotes(page, (file) => {
    file.maintenance = true;
  });
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Improvements in progress');
});

test('the home card searches countries from the API with the fuzzy search', async ({ page }) => {
  await page.goto('/');
  const country = page.getByRole('combobox', { name: 'Destination country' });
  await expect(country).toBeEnabled();
  await country.fill('lietuva');
  await page.getByRole('option', { name: 'Lithuania' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/orders\/parcel\?country=LT$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send a parcel');
});
