import { test as base, expect } from '@playwright/test';
import { choose } from './fixtures';

// These tests start without a consent cookie, so they use the plain Playwright test.
const test = base;

async function consentCookie(context: import('@playwright/test').BrowserContext) {
  const cookie = (await context.cookies()).find((item) => item.name === 'consent');
  return cookie ? { value: JSON.parse(decodeURIComponent(cookie.value)), expires: cookie.expires } : null;
}

test('the banner asks first, Accept all stores every flag for 365 days and it stays away', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();
  const stored = await consentCookie(context);
  expect(stored?.value).toEqual({ necessary: true, statistical: true, preferences: true, marketing: true });
  expect(((stored?.expires ?? 0) - Date.now() / 1000) / 86400).toBeGreaterThan(364);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('consent-banner')).toBeHidden();
});

test('Necessary only stores a refusal of the optional categories', async ({ page, context }) => {
  await page.goto('/');
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Necessary only' }).click();
  expect((await consentCookie(context))?.value).toEqual({
    necessary: true,
    statistical: false,
    preferences: false,
    marketing: false,
  });
});

test('a chosen set of categories is stored as chosen', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByTestId('consent-banner');
  await banner.getByRole('button', { name: 'Choose' }).click();
  await choose(banner.getByRole('checkbox', { name: 'Statistical' }));
  await banner.getByRole('button', { name: 'Save choice' }).click();
  expect((await consentCookie(context))?.value).toEqual({
    necessary: true,
    statistical: true,
    preferences: false,
    marketing: false,
  });
});

test('an invalid consent cookie is reset and the banner asks again', async ({ page, context, baseURL }) => {
  const broken = encodeURIComponent(JSON.stringify({ statistical: 'yes', preferences: true, marketing: false }));
  await context.addCookies([{ name: 'consent', value: broken, url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.getByTestId('consent-banner')).toBeVisible();
});

test('the footer reopens the cookie settings', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept all' }).click();
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByTestId('consent-banner')).toBeVisible();
});
