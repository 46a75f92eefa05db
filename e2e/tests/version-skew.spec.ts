import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { REPO_ROOT, runBuild, serveFolder, startGateway } from '../support/remote-builds';
import { expect, giveConsent, test } from './fixtures';

// Issue 16, version skew: shells and remotes are released apart, so a running shell meets remotes
// built from other commits and against other contract versions. Four combinations are held here,
// each with the same small remote (e2e/fixtures/mf-hello):
//   today's shell  + today's remote                      → works
//   today's shell  + the remote built at EARLIER_COMMIT  → works (it declared no version needs)
//   today's shell  + a remote needing the next minor of the contracts → "temporarily unavailable", never blank
//   EARLIER shell  + today's remote (needs today's major; that shell provides 0.1.0) → unavailable, never blank
// The earlier commit's shell, build preset, contracts and fixture come from git (`git archive`)
// into .data/version-skew/, built with that commit's own preset against that commit's contracts.

/** The last commit before contracts had versions (shared-contracts 0.1.0, `requiredVersion: false`). */
const EARLIER_COMMIT = '47cb311c1702bf47d7fc665d6def9f8142c2eb1e';
const WORK = path.join(REPO_ROOT, '.data/version-skew');
const [MAJOR, MINOR] = String(
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-contracts/package.json'), 'utf8')).version,
)
  .split('.')
  .map(Number);
/** The contracts range today's remotes declare: today's major. */
const THIS_MAJOR = `^${MAJOR}.0.0`;
/** A contracts range today's shell cannot meet: the minor after the one it provides. */
const NEXT_MINOR = `^${MAJOR}.${(MINOR ?? 0) + 1}.0`;
const EARLIER = path.join(WORK, EARLIER_COMMIT.slice(0, 12));

let hello: { origin: string; close: () => Promise<void> };
let todayShell: Awaited<ReturnType<typeof startGateway>>;
let earlierShell: Awaited<ReturnType<typeof startGateway>>;

/** `<commit>:<paths>` unpacked into `dir`. */
function checkout(commit: string, dir: string, paths: string[]) {
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', commit, ...paths], {
    cwd: REPO_ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
}

/** Today's fixture in `builds/<variant>`, needing the given contracts range, built with today's preset. */
async function buildToday(variant: string, contractsRange: string) {
  const dir = path.join(WORK, 'builds', variant);
  cpSync(path.join(REPO_ROOT, 'e2e/fixtures/mf-hello'), dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: `mf-hello-${variant}`,
      private: true,
      dependencies: { '@portal/shared-contracts': contractsRange },
    }),
  );
  const { remoteConfig } = await import('@portal/build-preset');
  await runBuild(remoteConfig({ name: 'mf-hello', dir, mode: 'production' }));
  cpSync(path.join(dir, 'dist'), path.join(WORK, 'served', variant), { recursive: true });
}

/** The earlier commit's shell and its mf-hello, each built by that commit's preset. */
async function buildEarlier() {
  checkout(EARLIER_COMMIT, EARLIER, [
    'shell',
    'shared-contracts',
    'infra/build',
    'e2e/fixtures/mf-hello',
    'package.json',
  ]);
  // That commit's builds resolve @portal/shared-contracts to that commit's copy, everything else
  // (React, Mantine, rspack) from the repository's node_modules above.
  mkdirSync(path.join(EARLIER, 'node_modules/@portal'), { recursive: true });
  symlinkSync(
    path.join(EARLIER, 'shared-contracts'),
    path.join(EARLIER, 'node_modules/@portal/shared-contracts'),
    'dir',
  );
  const preset = await import(path.join(EARLIER, 'infra/build/preset.mjs'));
  await runBuild(preset.hostConfig({ mode: 'production' }));
  const helloDir = path.join(EARLIER, 'mf-hello');
  cpSync(path.join(EARLIER, 'e2e/fixtures/mf-hello'), helloDir, { recursive: true });
  await runBuild(preset.remoteConfig({ name: 'mf-hello', dir: helloDir, mode: 'production' }));
  cpSync(path.join(helloDir, 'dist'), path.join(WORK, 'served', 'earlier'), { recursive: true });
}

function remotesFile(name: string): string {
  return path.join(WORK, `${name}-remotes.json`);
}

/** Lists only mf-hello, served from `variant`'s build (the gateway re-reads the file per request). */
function pointHelloAt(file: string, variant: string) {
  writeFileSync(
    file,
    JSON.stringify({
      environment: 'e2e-version-skew',
      maintenance: false,
      remotes: [
        { name: 'mf-hello', scope: 'mf_hello', manifest: `${hello.origin}/${variant}/mf-manifest.json`, enabled: true },
      ],
    }),
  );
}

async function openHello(baseURL: string, browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/hello');
  return { page, errors, close: () => context.close() };
}

/** The portal around the remote stays: header with the sign-in, and the footer's links. */
async function expectPortalAround(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Information' })).toBeVisible();
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(WORK, { recursive: true, force: true });
  await buildToday('today', THIS_MAJOR);
  await buildToday('next', NEXT_MINOR);
  await buildEarlier();
  hello = await serveFolder(path.join(WORK, 'served'));
  pointHelloAt(remotesFile('today-shell'), 'today');
  pointHelloAt(remotesFile('earlier-shell'), 'today');
  [todayShell, earlierShell] = await Promise.all([
    startGateway(PORT + 3, { REMOTES_FILE: remotesFile('today-shell') }),
    startGateway(PORT + 4, {
      REMOTES_FILE: remotesFile('earlier-shell'),
      SHELL_DIST: path.join(EARLIER, 'shell/dist'),
    }),
  ]);
});

test.afterAll(async () => {
  await todayShell?.stop();
  await earlierShell?.stop();
  await hello?.close();
});

test('today’s shell runs today’s remote', async ({ browser }) => {
  pointHelloAt(remotesFile('today-shell'), 'today');
  const { page, close } = await openHello(todayShell.url, browser);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello from a remote the shell does not know');
  await close();
});

test('today’s shell runs a remote built at an earlier commit', async ({ browser }) => {
  pointHelloAt(remotesFile('today-shell'), 'earlier');
  const { page, close } = await openHello(todayShell.url, browser);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello from a remote the shell does not know');
  await close();
});

test('a remote that needs a later contract than the shell provides shows as unavailable, with the reason', async ({
  browser,
}) => {
  pointHelloAt(remotesFile('today-shell'), 'next');
  const { page, errors, close } = await openHello(todayShell.url, browser);
  await expect(page.getByTestId('remote-unavailable-mf-hello')).toContainText('Hello is temporarily unavailable.');
  await expectPortalAround(page);
  // The boundary's console line carries the federation runtime's reason (RemoteBoundary.tsx).
  expect(errors.join('\n')).toMatch(/remote mf-hello failed/);
  expect(errors.join('\n')).toContain(NEXT_MINOR);
  await close();
});

test('an earlier shell degrades today’s remote to the unavailable area, never a blank page', async ({ browser }) => {
  pointHelloAt(remotesFile('earlier-shell'), 'today');
  const { page, errors, close } = await openHello(earlierShell.url, browser);
  await expect(page.getByTestId('remote-unavailable-mf-hello')).toContainText('Hello is temporarily unavailable.');
  await expectPortalAround(page);
  expect(errors.join('\n')).toMatch(/remote mf-hello failed/);
  expect(errors.join('\n')).toContain(`needs ${THIS_MAJOR}`);
  await close();
});

test('the earlier shell still runs the remote built with it', async ({ browser }) => {
  pointHelloAt(remotesFile('earlier-shell'), 'earlier');
  const { page, close } = await openHello(earlierShell.url, browser);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello from a remote the shell does not know');
  await close();
});
