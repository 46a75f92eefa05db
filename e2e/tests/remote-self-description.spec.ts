import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORT } from '../playwright.config';
import { REPO_ROOT, runBuild, serveFolder, startGateway } from '../support/remote-builds';
import { expect, giveConsent, test } from './fixtures';

// Issue 16: a remote describes itself. mf-hello lives only in a temporary folder, is built with
// the shared preset, listed in a test remotes.json (REMOTES_FILE) and shows up in the portal, with
// no change to the shell, the gateway or the preset.

const GATEWAY_PORT = PORT + 2;

let helloServer: { origin: string; close: () => Promise<void> };
let gateway: Awaited<ReturnType<typeof startGateway>>;
let gatewayURL: string;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'remote-')), 'mf-hello');
  cpSync(path.join(REPO_ROOT, 'e2e/fixtures/mf-hello'), dir, { recursive: true });
  const { remoteConfig } = await import('@portal/build-preset');
  await runBuild(remoteConfig({ name: 'mf-hello', dir, mode: 'production' }));
  helloServer = await serveFolder(path.join(dir, 'dist'));
  const origin = helloServer.origin;
  const local = JSON.parse(readFileSync(path.join(REPO_ROOT, 'infra/environments/local/remotes.json'), 'utf8'));
  const remotesFile = path.join(dir, '..', 'remotes.json');
  writeFileSync(
    remotesFile,
    JSON.stringify({
      ...local,
      environment: 'e2e-hello',
      remotes: [
        ...local.remotes,
        { name: 'mf-hello', scope: 'mf_hello', manifest: `${origin}/mf-manifest.json`, enabled: true },
      ],
    }),
  );
  gateway = await startGateway(GATEWAY_PORT, { REMOTES_FILE: remotesFile });
  gatewayURL = gateway.url;
});

test.afterAll(async () => {
  await gateway?.stop();
  await helloServer?.close();
});

test('a remote known only from its own description gets a nav entry, a route and a home widget', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: gatewayURL });
  await giveConsent(context, gatewayURL);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('hello-card')).toHaveText('Hello card');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Say hello' }).click();
  await expect(page).toHaveURL(`${gatewayURL}/hello`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello from a remote the shell does not know');
  await context.close();
});

test('the nav entry speaks Latvian in the remote’s own words', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: gatewayURL });
  await giveConsent(context, gatewayURL);
  const page = await context.newPage();
  await page.goto('/?locale=lv');
  await expect(
    page.getByRole('navigation', { name: 'Galvenā navigācija' }).getByRole('link', { name: 'Sasveicināties' }),
  ).toBeVisible();
  await context.close();
});

test('adminOnly from the remote’s description is enforced by the shell', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: gatewayURL });
  await giveConsent(context, gatewayURL);
  const page = await context.newPage();
  // A visitor is sent to sign in, never shown the remote's admin page.
  await page.goto('/hello/back-office');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // A signed-in user without the admin flag is refused.
  await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${gatewayURL}/hello/back-office`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  await expect(page.getByText('Hello back office')).toHaveCount(0);
  await context.close();
});
