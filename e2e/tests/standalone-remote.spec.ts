import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PORT } from '../playwright.config';
import { serveFolder, startGateway } from '../support/remote-builds';
import { expect, giveConsent, test } from './fixtures';

// Issue 39 item 1: a feature team builds its remote from its own folder. mf-address-book is copied
// alone to a temporary folder with the contracts and the build preset packed as they would be
// published, installed there, type-checked, tested and built with its own commands
// (infra/ci/standalone-remote.mjs); the build, served from an origin of its own, is today's
// shell's address book.

const GATEWAY_PORT = PORT + 8;

let served: { origin: string; close: () => Promise<void> };
let gateway: Awaited<ReturnType<typeof startGateway>>;
let seconds: Record<string, number>;

test.describe.configure({ mode: 'serial', timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  // @ts-expect-error: a plain ES module of the CI scripts, without type declarations
  const { buildStandalone } = await import('../../infra/ci/standalone-remote.mjs');
  const result = buildStandalone('mf-address-book') as { dist: string; seconds: Record<string, number> };
  seconds = result.seconds;
  served = await serveFolder(result.dist);
  const remotesFile = path.join(path.dirname(result.dist), '..', 'remotes.json');
  const local = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../infra/environments/local/remotes.json'), 'utf8'),
  );
  writeFileSync(
    remotesFile,
    JSON.stringify({
      ...local,
      environment: 'e2e-standalone',
      remotes: local.remotes.map((entry: { name: string }) =>
        entry.name === 'mf-address-book' ? { ...entry, manifest: `${served.origin}/mf-manifest.json` } : entry,
      ),
    }),
  );
  gateway = await startGateway(GATEWAY_PORT, { REMOTES_FILE: remotesFile });
});

test.afterAll(async () => {
  await gateway?.stop();
  await served?.close();
});

test('the remote built from its own folder is the address book of today’s shell', async ({ browser }) => {
  // Its own commands ran: built well under the bench's 10 s goal even on a busy machine.
  expect(Object.keys(seconds)).toEqual(['pack the platform packages', 'install', 'typecheck', 'test', 'build']);
  const context = await browser.newContext({ baseURL: gateway.url });
  await giveConsent(context, gateway.url);
  const page = await context.newPage();
  const fromStandalone: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(served.origin) && response.ok()) fromStandalone.push(response.url());
  });
  await page.goto('/address-book');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/address-book$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address book');
  // The page's code came from the standalone build's origin.
  expect(fromStandalone.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  await context.close();
});
