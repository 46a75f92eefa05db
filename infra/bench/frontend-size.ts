import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { REMOTE_NAMES, REPO_ROOT } from '../gateway/portal-static';

export async function gzipSizeOfFile(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

export interface PageJs {
  files: { url: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

export interface PageJsReport {
  /** The shell's JavaScript requested before the first remote file: what the first paint needs. */
  beforeRemotes: PageJs;
  /** Shared modules the shell serves later, because a remote asked for them. */
  shellForRemotes: PageJs;
  /** Files under `/remotes/`. */
  remotes: PageJs;
}

/**
 * What a browser downloads as JavaScript when it opens `url`, split into the shell's files
 * requested before any remote, the shell's files requested after (shared modules a remote
 * needed), and the remotes' own files. Sizes are gzip level 9 of each response body.
 */
export async function measurePageJs(url: string, waitForTestId?: string): Promise<PageJsReport> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    type Measured = { url: string; gzipBytes: number; afterRemote: boolean };
    const bodies: Promise<Measured | null>[] = [];
    let remoteRequested = false;
    const afterRemote = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/remotes/')) remoteRequested = true;
      else if (remoteRequested) afterRemote.add(path);
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      bodies.push(
        response
          .body()
          .then((body) => ({
            url: path,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            afterRemote: afterRemote.has(path),
          }))
          .catch(() => null),
      );
    });
    await page.goto(url);
    if (waitForTestId) await page.getByTestId(waitForTestId).waitFor();
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).filter((file) => file !== null);
    const split = (predicate: (file: Measured) => boolean): PageJs => {
      const chosen = files.filter(predicate).map(({ url: path, gzipBytes }) => ({ url: path, gzipBytes }));
      return { files: chosen, totalGzipBytes: chosen.reduce((sum, file) => sum + file.gzipBytes, 0) };
    };
    const isRemote = (file: Measured) => file.url.startsWith('/remotes/');
    return {
      beforeRemotes: split((file) => !isRemote(file) && !file.afterRemote),
      shellForRemotes: split((file) => !isRemote(file) && file.afterRemote),
      remotes: split(isRemote),
    };
  } finally {
    await browser.close();
  }
}

interface ManifestExpose {
  name: string;
  path: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/**
 * A remote's initial JavaScript for its `./App`: remoteEntry.js plus the synchronous chunks of the
 * expose, read from its mf-manifest.json (shared singletons come from the shell and are not counted).
 */
export async function remoteInitialSizes(): Promise<{ name: string; gzipBytes: number }[]> {
  const sizes = [];
  for (const name of REMOTE_NAMES) {
    const dist = path.join(REPO_ROOT, name, 'dist');
    const manifest = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string } };
      exposes: ManifestExpose[];
    };
    const app = manifest.exposes.find((expose) => expose.path === './App');
    const files = [manifest.metaData.remoteEntry.name, ...(app?.assets.js.sync ?? [])];
    let gzipBytes = 0;
    for (const file of files) {
      const full = path.join(dist, file);
      await stat(full);
      gzipBytes += await gzipSizeOfFile(full);
    }
    sizes.push({ name, gzipBytes });
  }
  return sizes;
}
