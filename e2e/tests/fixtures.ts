import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Stores a consent choice so the banner does not cover the page (tests of the banner skip this). */
export async function giveConsent(context: BrowserContext, baseURL: string, preferences = false) {
  const consent = { necessary: true, statistical: false, preferences, marketing: false };
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify(consent)), url: baseURL }]);
}

/** Replaces /remotes.json for this page only, as an operator editing the file would. */
export async function withRemotes(page: Page, edit: (file: RemotesFile) => void) {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const file = (await response.json()) as RemotesFile;
    edit(file);
    await route.fulfill({ response, json: file });
  });
}

export interface RemotesFile {
  environment: string;
  maintenance?: boolean;
  remotes: { name: string; scope: string; manifest: string; enabled: boolean; description?: unknown }[];
}

export function remote(file: RemotesFile, name: string) {
  const entry = file.remotes.find((item) => item.name === name);
  if (!entry) throw new Error(`no remote ${name} in remotes.json`);
  return entry;
}

export const test = base.extend<{ consented: undefined }>({
  consented: [
    async ({ context, baseURL }, use) => {
      await giveConsent(context, baseURL ?? '');
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in and answers the name the header shows. */
export async function signInAsCompanyUser(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // Smart-ID (simulated) signs in the company user with a verified identity (identity.spec.ts).
  await page.locator('#smartid-code').fill('020285-10002');
  await page.getByRole('button', { name: 'Continue with Smart-ID' }).click();
  await page.getByRole('button', { name: /Confirm in the Smart-ID app/ }).click();
  // The identity spec may rename this demo user meanwhile (tests share one database): read the name shown.
  await expect(page.getByTestId('user-name')).toHaveText(/^Jānis /);
  return (await page.getByTestId('user-name').textContent()) ?? '';
}
