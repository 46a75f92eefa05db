import type { Page } from '@playwright/test';
import { expect, test, withAuthConfig } from './fixtures';

// Issue 21: a sign-out that holds (the provider's own session ends through its end-session
// endpoint) and the admin routes refused to everyone without the admin flag (SPEC §2, §4).

const DEMO_PASSWORD = 'demo-password';

async function signInWithPassword(page: Page, email: string, path = '/') {
  await page.goto(path);
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-name')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
}

test('after sign-out, a login-required page asks for the password again', async ({ page }) => {
  await signInWithPassword(page, 'anna@example.com');
  await signOut(page);
  await page.goto('/user/profile');
  // The provider's sign-in page, not the profile of the user who just left.
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-form')).toHaveCount(0);
});

test('the end-session page signs out at once, in Latvian for a Latvian browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'lv-LV', baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  // The page the provider answers on its end-session endpoint, read on its way to the browser.
  let html = '';
  await page.route(/\/idp\/session\/end(\?|$)/, async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'GET') html = await response.text();
    await route.fulfill({ response });
  });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect(html).toContain('<html lang="lv">');
  expect(html).toContain('Notiek atslēgšanās no pasta portāla');
  expect(html).toContain('name="logout" value="yes"');
  await context.close();
});

test('the session watcher signs out at the provider too', async ({ page }) => {
  // Six idle seconds, then the provider's sign-out: on a loaded machine the redirects take longer.
  test.setTimeout(60_000);
  await withAuthConfig(page, { authority: '/idp', clientId: 'portal-shell', idleSeconds: 6, warningSeconds: 3 });
  await signInWithPassword(page, 'anna@example.com');
  // The shell shows "Sign in" as soon as it forgets the user, then sends the browser through the
  // provider's end-session page: wait until the provider has confirmed the sign-out and sent the
  // browser back, or the next navigation would cut the sign-out short (seen in a CI run).
  const providerSignedOut = page.waitForResponse((response) => response.url().includes('/idp/session/end/confirm'), {
    timeout: 50_000,
  });
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 40_000 });
  await providerSignedOut;
  await expect(page).not.toHaveURL(/\/idp\//);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

test('an ordinary user is refused at /admin, in English and in Latvian', async ({ page }) => {
  await signInWithPassword(page, 'anna@example.com');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await expect(page.getByTestId('admin-link')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin');
  await expect(page.getByTestId('access-denied')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/admin/work_flows?locale=lv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piekļuve liegta');
  await expect(page.getByText('Jūsu kontam tai nav piekļuves.')).toBeVisible();
});

test('a visitor at /admin is sent to sign in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
});

test('an administrator reaches /admin through the user menu', async ({ page }) => {
  await signInWithPassword(page, 'admin@example.com');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');
  await expect(page.getByTestId('access-denied')).toHaveCount(0);
});
