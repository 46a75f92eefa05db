import { createHash, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Locator, type Page, type Request } from '@playwright/test';

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
  queries?: FirstScreenQuery[];
}

/** A public API answer the page came with (shared-contracts `FirstScreenQuery`). */
export interface FirstScreenQuery {
  queryKey: unknown[];
  data: unknown;
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
      // The gateway rendered the first screen for the data it wrote: with other data, the page
      // comes as for a page the gateway did not render (an empty root), which the browser renders.
      body: html
        .replace(BOOT_BLOCK, (_, open, _data, close) => `${open}${data}${close}`)
        .replace(
          /<div id="root" data-first-screen="[^"]*"[^>]*>[\s\S]*<\/div>(\s*<noscript>)/,
          '<div id="root"></div>$1',
        ),
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
 * Replaces the public API answers this page comes with (the notification banner, the footer's
 * columns: infra/gateway/first-screen.ts), as if the API had answered them so, for this test's
 * page only. The page then comes without the gateway's markup, which was drawn with the real ones:
 * the browser draws it from these.
 */
export async function withFirstScreenQueries(page: Page, edit: (queries: FirstScreenQuery[]) => FirstScreenQuery[]) {
  await rewriteBootData(page, (boot) => ({ ...boot, queries: edit(boot.queries ?? []) }));
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

/** The requests of a test's browser context still open, and the last ones started, with their times. */
class RequestLog {
  private readonly open = new Map<Request, number>();
  private readonly recent: string[] = [];
  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      this.open.set(request, Date.now());
      this.recent.push(`${new Date().toISOString().slice(11, 23)} ${request.method()} ${request.url()}`);
      if (this.recent.length > 15) this.recent.shift();
    });
    const ended = (request: Request) => this.open.delete(request);
    context.on('requestfinished', ended);
    context.on('requestfailed', ended);
  }
  describe() {
    const now = Date.now();
    const open = [...this.open].map(([request, since]) => `${request.method()} ${request.url()} (${now - since} ms)`);
    return `open: ${open.join(', ') || 'none'}; last started: ${this.recent.join(', ')}`;
  }
}
const requestLogs = new WeakMap<BrowserContext, RequestLog>();

/**
 * Waits until the page's network is quiet (no request for 500 ms). When it never is, the error
 * names the requests still open and the last ones started: a not-found page once waited 30 s in
 * CI after other specs, and passed alone, so what kept it busy must be on record next time.
 */
export async function waitForQuietNetwork(page: Page, timeout = 20_000) {
  try {
    await page.waitForLoadState('networkidle', { timeout });
  } catch (error) {
    const log = requestLogs.get(page.context());
    throw new Error(`the network never went quiet in ${timeout} ms; ${log?.describe() ?? 'no request log'}`, {
      cause: error,
    });
  }
}

export const test = base.extend<{ consented: undefined; requestLog: undefined }>({
  consented: [
    async ({ context, baseURL }, use) => {
      await giveConsent(context, baseURL ?? '');
      await use(undefined);
    },
    { auto: true },
  ],
  requestLog: [
    async ({ context }, use) => {
      requestLogs.set(context, new RequestLog(context));
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Chooses a radio button or ticks a checkbox as a visitor does: one click, then its state. Not
 * Playwright's `check()`, which reads the state right after its click: a click made before React
 * has taken the gateway's markup over is held and replayed by the shell
 * (shell/src/remotes/held-interactions.ts), so on a busy machine `check()` failed while the
 * visitor's choice was kept (CI: order-page.spec, in both database runs).
 */
export async function choose(control: Locator) {
  if (!(await control.isChecked())) await control.click();
  await expect(control).toBeChecked();
}

/** One form the development provider's sign-in asks for: its step (the form's action) and fields. */
type ProviderStep = { step: string; form: Record<string, string> };

/**
 * Signs a user in at the development provider without opening its pages, then opens `startAt`
 * signed in. It runs what the shell's oidc-client-ts runs (the authorization code flow with PKCE:
 * authorize, the provider's forms, the token call) through the page's own request context, so the
 * provider's session cookie lands in the browser as after a sign-in on its pages, and writes the
 * tokens where oidc-client-ts keeps them before the portal's first script runs; the portal then
 * starts as it does for a visitor who comes back signed in (POST /api/my-user and the accounts).
 * The provider's pages and the shell's callback are tested where sign-in is the subject
 * (identity.spec, access.spec); every other spec needs only to be signed in, and this spares it two
 * portal loads and a provider page per sign-in. Answers the `Bearer …` value the portal sends.
 */
async function signInThroughProvider(page: Page, steps: ProviderStep[], startAt = '/'): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const authority = `${origin}/idp`;
  const clientId = 'portal-shell';
  const redirectUri = `${origin}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const discovery = (await (await page.request.get(`${authority}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile api',
    state: randomBytes(16).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const next = async (response: Awaited<ReturnType<Page['request']['get']>>) => {
    const location = response.headers().location;
    if (!location)
      throw new Error(`the provider answered ${response.status()} without a redirect: ${await response.text()}`);
    return new URL(location, origin).toString();
  };
  const interaction = await next(await page.request.get(authorize.toString(), { maxRedirects: 0 }));
  let location = interaction;
  for (const { step, form } of steps) {
    const response = await page.request.post(`${interaction}/${step}`, { form, maxRedirects: 0 });
    if (response.status() >= 400) throw new Error(`the provider refused ${step}: ${response.status()}`);
    if (response.headers().location) location = await next(response);
  }
  // The provider's own redirects (the finished interaction, an implied consent) until the portal's callback.
  while (!location.startsWith(redirectUri))
    location = await next(await page.request.get(location, { maxRedirects: 0 }));
  const code = new URL(location).searchParams.get('code') ?? '';
  const tokens = (await (
    await page.request.post(discovery.token_endpoint, {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
      },
    })
  ).json()) as {
    id_token: string;
    access_token: string;
    refresh_token?: string;
    token_type: string;
    scope: string;
    expires_in: number;
  };
  // The profile as oidc-client-ts keeps it: the ID token's claims without the protocol's own.
  const profile = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString());
  for (const claim of ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash']) delete profile[claim];
  const stored = JSON.stringify({
    id_token: tokens.id_token,
    session_state: null,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
  // Written once per sign-in (its own marker), before the portal's scripts: a later sign-out stays one.
  await page.addInitScript(
    ({ key, value, marker }) => {
      if (window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem(marker, 'written');
    },
    {
      key: `oidc.user:${authority}:${clientId}`,
      value: stored,
      marker: `e2e-sign-in:${randomBytes(8).toString('hex')}`,
    },
  );
  await page.goto(startAt);
  await expect(page.getByTestId('user-name')).toBeVisible();
  return `Bearer ${tokens.access_token}`;
}

/** Signs in the demo company user (Smart-ID, a verified identity) and answers the name the header shows. */
export async function signInAsCompanyUser(page: Page): Promise<string> {
  await signInWithSmartIdCode(page, '020285-10002');
  // The identity spec may rename this demo user meanwhile (tests share one database): read the name shown.
  await expect(page.getByTestId('user-name')).toHaveText(/^Jānis /);
  return (await page.getByTestId('user-name').textContent()) ?? '';
}

/** Signs in with the provider's Smart-ID simulation (the identity is verified), then opens `startAt`. */
export async function signInWithSmartIdCode(page: Page, personalCode: string, startAt = '/'): Promise<string> {
  return signInThroughProvider(
    page,
    [
      { step: 'smartid', form: { personalCode } },
      { step: 'smartid/confirm', form: {} },
    ],
    startAt,
  );
}

/**
 * Signs in a demo user of the development provider with e-mail and password, then opens
 * `startAt`; answers the access token the portal then sends to the API.
 */
export async function signInWithPassword(page: Page, email: string, startAt = '/'): Promise<string> {
  return signInThroughProvider(page, [{ step: 'password', form: { email, password: 'demo-password' } }], startAt);
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
  // Judged once transitions are over: a dialog fading in has text at part opacity, which axe
  // reads as too little contrast (seen on a Mantine modal scanned during its 200 ms fade).
  // Endless animations (a loader's spin) never end and are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
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
  await signInThroughProvider(page, [
    { step: 'register', form: { givenName: name, familyName: 'Testere', email, password: 'long-enough-password' } },
  ]);
  await expect(page.getByTestId('user-name')).toHaveText(`${name} Testere`);
  return email;
}
