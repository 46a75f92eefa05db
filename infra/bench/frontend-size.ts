import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { chromium, type Page } from '@playwright/test';
import { REMOTE_NAMES, REPO_ROOT } from '../gateway/portal-static';

export async function gzipSizeOfFile(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

/** The pages issue 18 measures (the wizard's first step is `/orders/parcel`). */
export const MEASURED_PAGES = ['/', '/track', '/tariff-calculator', '/postal-network', '/orders/parcel'] as const;

export interface Measured {
  url: string;
  gzipBytes: number;
}

export interface Files {
  files: Measured[];
  totalGzipBytes: number;
}

const filesOf = (files: Measured[]): Files => ({
  files: [...files].sort((a, b) => b.gzipBytes - a.gzipBytes),
  totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
});

export interface PageReport {
  page: string;
  /** The shell's own JavaScript and CSS, measured with `/remotes/**` refused: what the first paint needs. */
  shellJs: Files;
  shellCss: Files;
  /** Everything the page downloads as JavaScript with its remotes (shell, shared modules, remotes). */
  allJs: Files;
  allCss: Files;
  /** Module Federation's own bytes: the runtime inside the shell's files, remoteEntry.js, mf-manifest.json. */
  federationGzipBytes: number;
  /** The longest chain of requests (document → script → … ) that ends in a script, stylesheet or manifest. */
  chainLength: number;
}

const isRemote = (url: string) => new URL(url).pathname.startsWith('/remotes/');

// Sources of Module Federation's runtime as the source maps name them: its packages, and the
// generated module that wires them into webpack's runtime.
const FEDERATION_SOURCE =
  /@module-federation\/|__module_federation_|webpack\/runtime\/(federation|consumes|remotes|sharing)/;

/**
 * The gzip size of the part of `code` that its source map attributes to Module Federation: the
 * generated text of every mapping segment whose source is the runtime, gzipped together (gzip is
 * not additive, so this is an estimate, close for a block of this size).
 */
async function federationBytesOf(url: string, code: string): Promise<number> {
  let map: { sources: string[]; mappings: string };
  try {
    const answer = await fetch(`${url}.map`);
    if (!answer.ok) return 0;
    map = (await answer.json()) as typeof map;
  } catch {
    return 0;
  }
  const federationSources = new Set(
    map.sources.flatMap((source, index) => (FEDERATION_SOURCE.test(source) ? [index] : [])),
  );
  if (federationSources.size === 0) return 0;
  const lines = code.split('\n');
  let text = '';
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    segments.forEach((segment, index) => {
      if (segment.length < 2 || !federationSources.has(segment[1] as number)) return;
      const end = segments[index + 1]?.[0] ?? line.length;
      text += line.slice(segment[0], end);
    });
  });
  return text ? gzipSize(text) : 0;
}

/** Where a source map's source comes from: its npm package, else the workspace folder (`shell`, `shared-contracts`). */
export function packageOfSource(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = source.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  if (/webpack\/(runtime|bootstrap|startup)|__module_federation_/.test(source)) return 'bundler and federation glue';
  // `webpack://shell/./src/…` (the build's own folder) or `…/shared-contracts/src/…` (a workspace).
  const workspace = /^webpack:\/\/([\w-]+)\/\.\/src\//.exec(source) ?? /([\w-]+)\/src\//.exec(source);
  return workspace ? `${workspace[1]} (own code)` : 'other';
}

/**
 * Which packages `files` are made of: each file's generated text attributed to its sources' package
 * by its source map, the text of one package gzipped together (an estimate: gzip is not additive).
 */
export async function packageBreakdown(
  base: string,
  files: Measured[],
): Promise<{ name: string; gzipBytes: number }[]> {
  const textOf = new Map<string, string>();
  for (const file of files) {
    if (!file.url.endsWith('.js')) continue;
    const url = new URL(file.url, base).href;
    const [code, map] = await Promise.all([
      fetch(url).then((answer) => answer.text()),
      fetch(`${url}.map`).then((answer) =>
        answer.ok ? (answer.json() as Promise<{ sources: string[]; mappings: string }>) : null,
      ),
    ]);
    if (!map) continue;
    const packages = map.sources.map(packageOfSource);
    const lines = code.split('\n');
    decode(map.mappings).forEach((segments, lineIndex) => {
      const line = lines[lineIndex] ?? '';
      segments.forEach((segment, index) => {
        if (segment.length < 2) return;
        const name = packages[segment[1] as number] ?? 'other';
        const end = segments[index + 1]?.[0] ?? line.length;
        textOf.set(name, (textOf.get(name) ?? '') + line.slice(segment[0], end));
      });
    });
  }
  return [...textOf]
    .map(([name, text]) => ({ name, gzipBytes: gzipSize(text) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

interface Loaded {
  js: Measured[];
  css: Measured[];
  /** Bodies of the JavaScript files, for the federation share. */
  code: Map<string, string>;
  manifests: Measured[];
  chainLength: number;
}

/**
 * Opens `url` in a fresh page and records every script, stylesheet and federation manifest it
 * downloads (gzip level 9 of each body), and the depth of its request chain from the initiators
 * Chromium reports (a preload in the page is depth 1, a script it starts depth 2, …).
 */
async function load(page: Page, url: string, blockRemotes: boolean): Promise<Loaded> {
  if (blockRemotes) {
    await page.route('**/remotes/**', (route) => route.abort());
    // The shell reports the refused remotes; the gateway need not log them.
    await page.route('**/api/public/client-errors', (route) => route.fulfill({ status: 204 }));
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const parentOf = new Map<string, string | undefined>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const initiator = event.initiator as { url?: string; stack?: { callFrames: { url: string }[]; parent?: unknown } };
    const frames = initiator.stack?.callFrames ?? [];
    const from = frames.find((frame) => frame.url)?.url ?? initiator.url;
    if (!parentOf.has(event.request.url)) parentOf.set(event.request.url, from);
  });
  const loaded: Loaded = { js: [], css: [], code: new Map(), manifests: [], chainLength: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const responseUrl = response.url();
    const manifest = responseUrl.endsWith('/mf-manifest.json');
    if (type !== 'script' && type !== 'stylesheet' && !manifest) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const measured = { url: responseUrl, gzipBytes: gzipSize(body) };
          if (manifest) loaded.manifests.push(measured);
          else if (type === 'script') {
            loaded.js.push(measured);
            loaded.code.set(responseUrl, body.toString('utf8'));
          } else loaded.css.push(measured);
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const documentUrl = page.url();
  const depth = (requestUrl: string, seen = new Set<string>()): number => {
    if (requestUrl === documentUrl || seen.has(requestUrl)) return 0;
    seen.add(requestUrl);
    const parent = parentOf.get(requestUrl);
    return parent ? 1 + depth(parent, seen) : 1;
  };
  for (const file of [...loaded.js, ...loaded.css, ...loaded.manifests])
    loaded.chainLength = Math.max(loaded.chainLength, depth(file.url));
  return loaded;
}

const pathOf = (files: Measured[]) => files.map((file) => ({ ...file, url: new URL(file.url).pathname }));

/**
 * What a phone downloads to show `page`: the shell's own JavaScript and CSS before any remote
 * (measured with the remotes refused, so that the gateway's early preloads of the route's remote
 * cannot blur the line), then the whole page with its remotes and Module Federation's share of it.
 */
export async function measurePage(base: string, pagePath: string): Promise<PageReport> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const shellOnly = await load(await context.newPage(), `${base}${pagePath}`, true);
    await context.close();
    const fullContext = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const full = await load(await fullContext.newPage(), `${base}${pagePath}`, false);
    await fullContext.close();
    let federationGzipBytes = full.manifests.reduce((sum, file) => sum + file.gzipBytes, 0);
    for (const file of full.js) {
      if (isRemote(file.url) && new URL(file.url).pathname.endsWith('/remoteEntry.js'))
        federationGzipBytes += file.gzipBytes;
      else federationGzipBytes += await federationBytesOf(file.url, full.code.get(file.url) ?? '');
    }
    return {
      page: pagePath,
      shellJs: filesOf(pathOf(shellOnly.js)),
      shellCss: filesOf(pathOf(shellOnly.css)),
      allJs: filesOf(pathOf([...full.js, ...full.manifests])),
      allCss: filesOf(pathOf(full.css)),
      federationGzipBytes,
      chainLength: full.chainLength,
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
