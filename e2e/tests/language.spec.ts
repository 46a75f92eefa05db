import { expect, giveConsent, test } from './fixtures';

test('the language switch changes shell and remote texts to Latvian and back', async ({ page }) => {
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Track' })).toBeVisible();

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtījumu izsekošana');
  await expect(
    page.getByRole('navigation', { name: 'Galvenā navigācija' }).getByRole('link', { name: 'Izsekot' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expect(page).toHaveTitle(/^Sūtījumu izsekošana/);

  await page.getByTestId('language-switch').getByText('EN').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('?locale=lv opens the portal in Latvian; other values are ignored', async ({ page }) => {
  await page.goto('/?locale=lv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtiet un izsekojiet vēstules un pakas');
  await page.goto('/?locale=de');
  // Without preferences consent the choice lives in local storage, and 'de' is not accepted.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtiet un izsekojiet vēstules un pakas');
});

test('without preferences consent the locale is kept in local storage, not in a cookie', async ({ page, context }) => {
  await page.goto('/');
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('lv');
  expect((await context.cookies()).find((cookie) => cookie.name === 'locale')).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtiet un izsekojiet vēstules un pakas');
});

test('with preferences consent the locale is kept in a 365-day cookie', async ({ page, context, baseURL }) => {
  await context.clearCookies();
  await giveConsent(context, baseURL ?? '', true);
  await page.goto('/');
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  const cookie = (await context.cookies()).find((item) => item.name === 'locale');
  expect(cookie?.value).toBe('lv');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
});

test('an English message from the API is shown in Latvian through the lv catalogue', async ({ page }) => {
  await page.route('**/api/public/countries?**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/ld+json',
      json: {
        '@type': 'hydra:Error',
        'hydra:title': 'Internal Server Error',
        'hydra:description': 'Internal server error',
        status: 500,
      },
    }),
  );
  await page.goto('/?locale=lv');
  await expect(page.getByTestId('order-card').getByRole('alert')).toContainText(
    'Valstu sarakstu neizdevās ielādēt: Iekšēja servera kļūda.',
  );
});
