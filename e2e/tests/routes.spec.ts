import { LOGIN_REQUIRED, ROUTES } from '../support/spec-routes';
import { expect, expectNoAxeViolations, test, waitForQuietNetwork } from './fixtures';

for (const [path, heading] of ROUTES) {
  test(`${path} shows "${heading}"`, async ({ page }) => {
    // The gateway knows the portal's routes (issue 40): a page of the portal answers 200.
    expect((await page.goto(path))?.status()).toBe(200);
    if (LOGIN_REQUIRED.test(path)) {
      // The development identity provider's Smart-ID simulation, as the demo administrator.
      await expect(page).toHaveURL(/\/idp\/interaction\//);
      await page.locator('#smartid-code').fill('030375-10003');
      await page.getByRole('button', { name: 'Continue with Smart-ID' }).click();
      await page.getByRole('button', { name: /Confirm in the Smart-ID app/ }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
  });
}

test('an unknown path answers 404 with the not-found page and a link home', async ({ page }) => {
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a path inside a remote that the remote does not know shows not-found, with 404', async ({ page }) => {
  // Only the remote knows: the gateway learns it from the first screen its Node build draws.
  expect((await page.goto('/orders/boat'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('navigation scrolls to the top and keeps the layout', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Track' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the mobile menu closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Price calculator' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price calculator');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const path of ['/', '/track', '/no/such/page', '/my-orders']) {
  test(`${path} has no accessibility violations (axe)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForQuietNetwork(page);
    await expectNoAxeViolations(page, []);
  });
}
