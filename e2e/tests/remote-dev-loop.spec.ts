import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORT } from '../playwright.config';
import { REPO_ROOT, startGateway } from '../support/remote-builds';
import { expect, giveConsent, test } from './fixtures';

// Issue 16, a team's own loop: `npm run dev -w mf-calculator` serves the remote from rspack's dev
// server and re-points the running development portal at it through the overrides file, with no
// edit of remotes.json; stopping it gives the portal its own build back.

const DEV_PORT = PORT + 5;
const overridesFile = path.join(mkdtempSync(path.join(tmpdir(), 'overrides-')), 'remote-overrides.json');
let gateway: Awaited<ReturnType<typeof startGateway>>;
let dev: ChildProcess;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gateway = await startGateway(PORT + 6, { REMOTE_OVERRIDES_FILE: overridesFile });
  dev = spawn('node', ['infra/build/dev.mjs', 'mf-calculator', '--port', String(DEV_PORT)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, REMOTE_OVERRIDES_FILE: overridesFile, PORTAL_URL: gateway.url },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('dev server did not start')), 120_000);
    dev.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('compiled')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
});

test.afterAll(async () => {
  dev?.kill('SIGTERM');
  await gateway?.stop();
});

test('the portal mounts a remote from its dev server while `npm run dev` runs, and its own build after', async ({
  browser,
}) => {
  const devManifest = `http://127.0.0.1:${DEV_PORT}/mf-manifest.json`;
  expect(JSON.parse(readFileSync(overridesFile, 'utf8'))).toEqual({ 'mf-calculator': devManifest });
  const served = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as {
    remotes: { name: string; manifest: string; version?: string }[];
  };
  expect(served.remotes.find((remote) => remote.name === 'mf-calculator')).toMatchObject({
    manifest: devManifest,
    version: 'dev',
  });

  // The pages' Content-Security-Policy admits the dev server's origin once the gateway has read the
  // overrides file again (at most once a second, portal-static.ts remoteOriginsOf): a page opened
  // in that second was refused the dev server's manifest (CI saw it twice).
  await expect
    .poll(async () => (await fetch(`${gateway.url}/tariff-calculator`)).headers.get('content-security-policy'))
    .toContain(`http://127.0.0.1:${DEV_PORT}`);

  const context = await browser.newContext({ baseURL: gateway.url });
  await giveConsent(context, gateway.url);
  const page = await context.newPage();
  const fromDevServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://127.0.0.1:${DEV_PORT}/`)) fromDevServer.push(request.url());
  });
  // What the page met on its way, named if the remote does not show.
  const troubles: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') troubles.push(message.text());
  });
  page.on('requestfailed', (request) => troubles.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) troubles.push(`${response.url()}: ${response.status()}`);
  });
  await page.goto('/tariff-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Calculate' }))
    .toBeVisible()
    .catch((error: Error) => {
      throw new Error(`${error.message}\nwhat the page met:\n${troubles.join('\n')}`);
    });
  expect(fromDevServer.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

  // A change in the remote's folder reaches the open page by itself (hot update or reload).
  const texts = path.join(REPO_ROOT, 'mf-calculator/src/i18n/en.json');
  const original = readFileSync(texts, 'utf8');
  try {
    writeFileSync(texts, original.replace('"calculate": "Calculate"', '"calculate": "Calculate now"'));
    await expect(page.getByRole('button', { name: 'Calculate now' })).toBeVisible({ timeout: 60_000 });
  } finally {
    writeFileSync(texts, original);
  }

  // Stopping the dev server takes its override back out; the portal serves its own build again.
  dev.kill('SIGTERM');
  await expect.poll(() => existsSync(overridesFile) && readFileSync(overridesFile, 'utf8')).toContain('{}');
  const after = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as {
    remotes: { name: string; manifest: string }[];
  };
  expect(after.remotes.find((remote) => remote.name === 'mf-calculator')?.manifest).toBe(
    '/remotes/mf-calculator/mf-manifest.json',
  );
  await context.close();
});
