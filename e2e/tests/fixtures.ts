import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Stores a consent choice so the banner does not cover the page (tests of the banner skip this). */
export async function giveConsent(context: BrowserContext, baseURL: string, preferences = false) {
  const consent = { necessary: true, statistical: false, preferences, marketing: false };
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify(consent)), url: baseURL }]);
}

/** Replaces the remotes file for this page only, as an operator editing the file would. */
export async function withRemotes(page: Page, edit: (file: RemotesFile) => void) {
  await withRemotesFile(page, (file) => {
    if (!file) throw new Error('the gateway gave no remotes file');
    edit(file);
    return file;
  });
}

const BOOT_BLOCK = /(<script type="application\/json" id="portal-boot">)(.*?)(<\/script>)/s;

interface BootData {
  remotes?: RemotesFile;
  auth?: Record<string, unknown>;
}

/**
 * Rewrites the data the gateway writes into each page of the portal (infra/gateway/boot-page.ts)
 * for this test's page: the portal's own pages only; form posts, the API's and the provider's
 * pages go their way.
 */
async function rewriteBootData(page: Page, edit: (boot: BootData) => BootData) {
  await page.route('**/*', async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.resourceType() !== 'document' || request.method() !== 'GET' || /^\/(api|idp)\//.test(pathname))
      return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const html = await response.text();
    const block = BOOT_BLOCK.exec(html);
    if (!block) return route.fulfill({ response });
    const boot = edit(JSON.parse(block[2] ?? '{}') as BootData);
    const data = JSON.stringify(boot).replace(/</g, '\\u003c');
    // The body goes back decoded: the gateway's compression headers no longer apply to it.
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({
      status: response.status(),
      headers,
      body: html.replace(BOOT_BLOCK, (_, open, _data, close) => `${open}${data}${close}`),
    });
  });
}

/**
 * Rewrites the remotes file this page is given: in the page itself and at /remotes.json (the
 * shell's fallback). `undefined` from `rewrite` means no file at all (the block without it,
 * /remotes.json answering 404).
 */
export async function withRemotesFile(page: Page, rewrite: (file: RemotesFile | undefined) => unknown) {
  await page.route('**/remotes.json', async (route) => {
    try {
      const response = await route.fetch();
      const rewritten = rewrite(response.ok() ? ((await response.json()) as RemotesFile) : undefined);
      if (rewritten === undefined) await route.fulfill({ status: 404, body: 'gone' });
      else await route.fulfill({ response, json: rewritten });
    } catch {
      // The page went on to another address while this was under way: nobody waits for it.
    }
  });
  await rewriteBootData(page, (boot) => ({ ...boot, remotes: rewrite(boot.remotes) as RemotesFile | undefined }));
}

/**
 * This page's identity configuration (in the page's data and at /auth-config.json), e.g. shorter
 * session timings. The page's data is changed in the browser as the page is read, not by
 * rewriting the answer: the provider sends the browser back to /auth/callback with a redirect,
 * and Playwright does not route the requests of a redirect.
 */
export async function withAuthConfig(page: Page, auth: Record<string, unknown>) {
  await page.route('**/auth-config.json', (route) => route.fulfill({ json: auth }));
  await page.addInitScript((config) => {
    const observer = new MutationObserver(() => {
      const block = document.getElementById('portal-boot');
      if (!block) return;
      observer.disconnect();
      block.textContent = JSON.stringify({ ...JSON.parse(block.textContent || '{}'), auth: config });
    });
    observer.observe(document, { childList: true, subtree: true });
  }, auth);
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

/**
 * Signs in a demo user of the development provider with e-mail and password, starting at
 * `startAt`; answers the access token the portal then sends to the API.
 */
export async function signInWithPassword(page: Page, email: string, startAt = '/'): Promise<string> {
  await page.goto(startAt);
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  const myUser = page.waitForRequest((request) => request.url().endsWith('/api/my-user'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  return (await myUser).headers().authorization ?? '';
}

/**
 * Axe finds nothing in these regions of the page (none given: the whole page), outside the
 * `exclude` ones; a failure lists each rule with its elements. Axe is asked for violations only
 * (`resultTypes`): it then stops collecting every passing and inapplicable element, which the
 * test never reads and which made most of a scan's work and of the answer sent back.
 * Not in CI's second run (E2E_DATABASE_ONLY, PostgreSQL): the markup axe judges is the same on
 * either database, the first run judges every page, and the scans cost about a fifth of the
 * second run's browser time.
 */
export async function expectNoAxeViolations(
  page: Page,
  regions: readonly string[] = ['main'],
  exclude: readonly string[] = [],
): Promise<void> {
  if (process.env.E2E_DATABASE_ONLY) return;
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const region of regions) builder = builder.include(region);
  for (const region of exclude) builder = builder.exclude(region);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Registers a new e-mail user at the development identity provider; the portal signs them in. */
export async function registerNewUser(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Testere');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(/^Password/).fill('long-enough-password');
  await page.getByRole('button', { name: 'Create account and sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText(`${name} Testere`);
  return email;
}
