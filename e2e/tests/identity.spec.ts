import type { Page } from '@playwright/test';
import { expect, test, withAuthConfig } from './fixtures';

// Sign-in through the development identity provider's own pages (infra/dev-idp), the user in the
// header, the profile, sign-out, login-required routes and the session watcher (SPEC §4).

const DEMO_PASSWORD = 'demo-password';

async function openSignIn(page: Page) {
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signInWithSmartId(page: Page, personalCode: string) {
  await page.locator('#smartid-code').fill(personalCode);
  await page.getByRole('button', { name: 'Continue with Smart-ID' }).click();
  await expect(page.getByTestId('verification-code')).toHaveText(/^\d{4}$/);
  await page.getByRole('button', { name: /Confirm in the Smart-ID app/ }).click();
}

async function signInWithEParaksts(page: Page, personalCode: string) {
  await page.locator('#eparaksts-code').fill(personalCode);
  await page.getByRole('button', { name: 'Continue with eParaksts mobile' }).click();
  await page.getByLabel('PIN1').fill('1234');
  await page.getByRole('button', { name: 'Confirm' }).click();
}

async function editProfileAndSignOut(page: Page, name: string, lastName: string, address: string) {
  await expect(page.getByTestId('user-name')).toHaveText(name);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  const form = page.getByTestId('profile-form');
  // The phone changes only with a code sent to the new number (settings.spec.ts).
  await expect(form.getByLabel('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('phone-change-start')).toBeVisible();

  // Invalid input is refused with the message under its field.
  const email = await form.getByLabel('E-mail').inputValue();
  await form.getByLabel('Last name').fill('Smith_2');
  await form.getByLabel('E-mail').fill('not-an-email');
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('Names may contain only Latin letters, dash, dot and apostrophe.')).toBeVisible();
  await expect(form.getByText('This value is not a valid email address.')).toBeVisible();

  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Shipping address').fill(address);
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible({ timeout: 20_000 });
  const firstName = name.split(' ')[0];
  await expect(page.getByTestId('user-name')).toHaveText(`${firstName} ${lastName}`);

  // Still there after a reload: read back from the API.
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel('Shipping address')).toHaveValue(address);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  // Through the provider's end-session endpoint back to the site origin.
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
}

test('signs in with e-mail and password (bot check on save), edits the profile and signs out', async ({ page }) => {
  await openSignIn(page);
  await signInWithPassword(page, 'anna@example.com');
  await editProfileAndSignOut(page, 'Anna Bērziņa', 'Bērziņa-Ozola', 'Brīvības iela 1, Rīga');
});

test('signs in with Smart-ID, edits the profile and signs out', async ({ page }) => {
  await openSignIn(page);
  await signInWithSmartId(page, '020285-10002');
  await editProfileAndSignOut(page, 'Jānis Ozols', "O'Zols", 'Elizabetes iela 2, Rīga');
});

test('signs in with eParaksts, edits the profile and signs out', async ({ page }) => {
  await openSignIn(page);
  await signInWithEParaksts(page, '030375-10003');
  await editProfileAndSignOut(page, 'Ilze Kalniņa', 'Kalniņa-Liepa', 'Krasta iela 3, Rīga');
});

test('wrong password stays on the provider page with a message', async ({ page }) => {
  await openSignIn(page);
  await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
});

test('registers a new e-mail user who gets a private account', async ({ page }) => {
  await openSignIn(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Zane');
  await page.getByLabel('Last name').fill('Jauna');
  await page.getByLabel('E-mail', { exact: true }).fill(`zane-${Date.now()}@example.com`);
  await page.getByLabel(/^Password/).fill('long-enough-password');
  await page.getByRole('button', { name: 'Create account and sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Zane Jauna');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: /Private account \(active\)/ })).toBeVisible();
});

test('a login-required route sends to sign-in and comes back', async ({ page }) => {
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await signInWithSmartId(page, '010190-10001');
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('profile-form')).toBeVisible();
});

test('the session dialog counts down and signs out when the idle time is over', async ({ page }) => {
  // The environment's configuration, shortened: 8 s idle, dialog 5 s before the end.
  await withAuthConfig(page, { authority: '/idp', clientId: 'portal-shell', idleSeconds: 8, warningSeconds: 5 });
  await openSignIn(page);
  await signInWithEParaksts(page, '010190-10001');
  await expect(page.getByTestId('user-name')).toBeVisible();
  const countdown = page.getByTestId('session-countdown');
  await expect(countdown).toBeVisible({ timeout: 10_000 });
  const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
  await expect(countdown).not.toHaveText(new RegExp(`\\b${first} second`), { timeout: 3_000 });
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});

test('continue in the session dialog keeps the user signed in', async ({ page }) => {
  await withAuthConfig(page, { authority: '/idp', clientId: 'portal-shell', idleSeconds: 8, warningSeconds: 6 });
  await openSignIn(page);
  await signInWithSmartId(page, '010190-10001');
  await expect(page.getByTestId('session-countdown')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByTestId('session-countdown')).toBeHidden();
  await expect(page.getByTestId('user-name')).toBeVisible();
});

test('a token the API refuses asks the user to sign in again', async ({ page }) => {
  await openSignIn(page);
  await signInWithSmartId(page, '010190-10001');
  await expect(page.getByTestId('user-name')).toBeVisible();
  // The API answers 401 as it does for an expired, forged or wrongly signed token.
  await page.route('**/api/my-user', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/ld+json',
      json: { '@type': 'hydra:Error', 'hydra:description': 'Full authentication is required to access this resource.' },
    }),
  );
  await page.reload();
  await expect(page.getByTestId('session-expired')).toBeVisible();
  // The provider still knows the user, so it answers at once and the shell loads the user again.
  const toProvider = page.waitForRequest(/\/idp\/auth\?/);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await toProvider;
});
