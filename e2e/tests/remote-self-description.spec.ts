import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { PORT } from '../playwright.config';
import { expect, giveConsent, test } from './fixtures';

// Issue 16: a remote describes itself. mf-hello lives only in a temporary folder, is built with
// the shared preset, listed in a test remotes.json (REMOTES_FILE) and shows up in the portal, with
// no change to the shell, the gateway or the preset.

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const GATEWAY_PORT = PORT + 2;
const gatewayURL = `http://127.0.0.1:${GATEWAY_PORT}`;

let helloServer: Server;
let gateway: ChildProcess;

async function buildHello(dir: string) {
  const { remoteConfig } = await import('../../infra/build/preset.mjs');
  const config = remoteConfig({ name: 'mf-hello', dir, mode: 'production' });
  await new Promise<void>((resolve, reject) =>
    rspack(config).run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

/** The remote's own origin, as a CDN: its dist folder with CORS. */
async function serveDist(dist: string): Promise<string> {
  helloServer = createServer((request, response) => {
    const file = path.join(dist, new URL(request.url ?? '/', 'http://x').pathname);
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'Access-Control-Allow-Origin': '*',
        'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise<void>((resolve) => helloServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(helloServer.address() as AddressInfo).port}`;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${gatewayURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('test gateway did not start');
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'remote-')), 'mf-hello');
  cpSync(path.join(REPO_ROOT, 'e2e/fixtures/mf-hello'), dir, { recursive: true });
  await buildHello(dir);
  const origin = await serveDist(path.join(dir, 'dist'));
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
  gateway = spawn('node', ['--import', 'tsx', 'infra/gateway/start.ts'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(GATEWAY_PORT),
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: 'memory://',
      TRACKING_SIMULATOR: 'off',
      REMOTES_FILE: remotesFile,
    },
  });
  await waitForHealth();
});

test.afterAll(async () => {
  gateway?.kill();
  await new Promise((resolve) => helloServer?.close(resolve));
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
