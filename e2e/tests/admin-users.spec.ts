import type { Browser, Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, registerNewUser, signInWithPassword, test } from './fixtures';

// Issue 14 item 2 and issue 13 item 3: an administrator finds a user in the back office and
// blocks them, after which the portal refuses that person; a person deletes their own profile and
// cannot sign in to it again.

async function administratorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithPassword(page, 'admin@example.com');
  return page;
}

test('an administrator blocks a user in the back office; the portal then refuses them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const email = await registerNewUser(page, 'Blocked');
  const admin = await administratorPage(browser, baseURL ?? '');

  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Users');
  await admin.getByLabel('Search by e-mail, name or ID').fill(email);
  await expect(admin.getByTestId('users-count')).toHaveText('1 user');
  await admin.getByTestId('users-table').getByRole('link', { name: email }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Blocked Testere');
  await expect(admin.getByTestId('user-accounts-table')).toContainText('Private');
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Edit' }).click();
  await choose(admin.getByRole('checkbox', { name: 'Blocked', exact: true }));
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByTestId('user-status')).toHaveText('Blocked');
  await admin.context().close();

  await page.reload();
  await expect(page.getByTestId('sign-in-refused')).toHaveText('Your user is blocked. Contact customer support.');
  await expect(page.getByTestId('user-name')).toHaveCount(0);
});

test('a person deletes their profile and cannot sign in to it again (lv)', async ({ page }) => {
  test.slow();
  const email = await registerNewUser(page, 'Aizejosais');
  await page.goto('/user/profile?locale=lv');
  await page.getByRole('button', { name: 'Dzēst manu profilu' }).click();
  await page.getByRole('button', { name: 'Jā, dzēst manu profilu' }).click();
  // Signed out through the provider's end-session endpoint, back at the site origin.
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // The provider's page speaks the portal's language (issue 40: ui_locales of the sign-in).
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await page.getByLabel('E-pasts', { exact: true }).fill(email);
  await page.getByLabel(/^Parole/).fill('long-enough-password');
  await page.getByRole('button', { name: 'Pieslēgties', exact: true }).click();
  await expect(page.getByTestId('sign-in-refused')).toHaveText('Šis profils ir dzēsts.');
});
