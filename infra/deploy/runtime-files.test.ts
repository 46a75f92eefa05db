// The production image's file set (issue 35, item 5), built without Docker the way the Dockerfile's
// runtime-files stage builds it (infra/build/runtime-files.mjs), with the packages of the runtime
// closure linked from this checkout's install instead of `npm ci --omit=dev` (no network): the
// server is compiled JavaScript with no TypeScript source, no bundler, compiler or loader is
// there, the embed loaders are built into it, and the compiled API and gateway start from it with
// plain node (worker threads included) and write nothing in it but its `.data` folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const REPO_ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
/** Packages that must not be in the image: bundlers, compilers, TypeScript loaders. */
const FORBIDDEN = [
  'typescript',
  'tsx',
  'esbuild',
  '@rspack/core',
  '@rspack/binding',
  '@module-federation/enhanced',
  '@swc/core',
  'jest',
];

let tree = '';
let embedDist = '';

/** Every package folder name under a node_modules tree (nested ones too), scoped as `@scope/name`. */
function packageNames(modules: string): string[] {
  const names: string[] = [];
  if (!existsSync(modules)) return names;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@');
    const folders = scoped ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`) : [entry];
    for (const name of folders) {
      names.push(name);
      names.push(...packageNames(path.join(modules, name, 'node_modules')));
    }
  }
  return names;
}

/** Path -> size and modification time of every file and folder outside `.data` and node_modules. */
function snapshot(root: string): Map<string, string> {
  const result = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full);
      if (relative === '.data' || entry.name === 'node_modules') continue;
      const stat = statSync(full);
      result.set(relative, `${stat.size}:${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(root);
  result.set('.', String(statSync(root).mtimeMs));
  return result;
}

function setWritable(folder: string, writable: boolean) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.name === '.data' && folder === tree) continue;
    if (entry.isDirectory()) setWritable(full, writable);
    if (!entry.isSymbolicLink())
      chmodSync(full, entry.isDirectory() ? (writable ? 0o755 : 0o555) : writable ? 0o644 : 0o444);
  }
}

/** Starts `node <entry>` in the tree with plain node and `env`; resolves with its URL once it listens. */
async function start(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [entry], {
    cwd: tree,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening?.[1]) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${stderr}`)));
  });
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  tree = mkdtempSync(path.join(tmpdir(), 'portal-runtime-'));
  embedDist = mkdtempSync(path.join(tmpdir(), 'portal-embed-'));
  // The embed loaders as `npm run build` builds them (into a folder of the test's own).
  await run(process.execPath, [path.join(REPO_ROOT, 'infra/embed/build-embed.mjs'), embedDist], {
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  await run(
    process.execPath,
    [
      path.join(REPO_ROOT, 'infra/build/runtime-files.mjs'),
      tree,
      '--packages=link',
      '--without-frontend',
      `--embed-dist=${embedDist}`,
    ],
    { env: { ...process.env, NODE_OPTIONS: '' } },
  );
}, 240_000);

afterAll(() => {
  if (tree && existsSync(tree)) {
    setWritable(tree, true);
    rmSync(tree, { recursive: true, force: true });
  }
  if (embedDist) rmSync(embedDist, { recursive: true, force: true });
});

describe('the runtime file set (infra/build/runtime-files.mjs)', () => {
  it('has the embed loaders built in', () => {
    for (const widget of ['calculator', 'tracking']) {
      expect(existsSync(path.join(tree, 'infra/embed/dist', `${widget}-embed.js`))).toBe(true);
      expect(existsSync(path.join(tree, 'infra/embed', `${widget}.html`))).toBe(true);
    }
  });

  it('has no bundler, compiler or TypeScript loader, and no TypeScript source', () => {
    const names = new Set(packageNames(path.join(tree, 'node_modules')));
    expect(names.has('fastify')).toBe(true); // the check sees packages at all
    expect(FORBIDDEN.filter((name) => names.has(name))).toEqual([]);
    const sources: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.name === 'node_modules') continue;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(c|m)?tsx?$/.test(entry.name)) sources.push(path.relative(tree, full));
      }
    };
    walk(tree);
    expect(sources).toEqual([]);
    expect(existsSync(path.join(tree, 'infra/gateway/start.js'))).toBe(true);
    expect(existsSync(path.join(tree, 'api/src/main.js'))).toBe(true);
    expect(existsSync(path.join(tree, 'api/scripts/db-release.js'))).toBe(true);
  });

  describe('read-only', () => {
    let before: Map<string, string>;
    const children: ChildProcess[] = [];

    beforeAll(() => {
      setWritable(tree, false);
      before = snapshot(tree);
    });

    afterAll(async () => {
      await Promise.all(children.map(stop));
    });

    it('the compiled API starts with plain node on PGlite, answers /api/health and writes a PDF on a worker thread', async () => {
      const api = await start('api/src/main.js', { PGLITE_DATA_DIR: 'memory://' });
      children.push(api.child);
      const health = await fetch(`${api.url}/api/health`);
      expect({ status: health.status, body: await health.json() }).toEqual({
        status: 200,
        body: { status: 'ok', db: 'ok' },
      });
      // The price table as a PDF: price-file.js on the compiled worker pool.
      const pdf = await fetch(`${api.url}/api/public/prices/by_country/export?format=pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shipmentType: 'parcel', countryCodes: ['LV'], weight: 1000 }),
      });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await stop(api.child);
    }, 120_000);

    it('the compiled gateway serves the built embed loaders without building them', async () => {
      const gateway = await start('infra/gateway/start.js', {
        PGLITE_DATA_DIR: 'memory://',
        DEV_IDP: 'off',
        OIDC_ISSUER: 'https://idp.example.lv/',
        EBAY_API_URL: 'https://api.sandbox.ebay.com',
        TRACKING_SIMULATOR: 'off',
      });
      children.push(gateway.child);
      const loader = await fetch(`${gateway.url}/embed/dist/calculator-embed.js`);
      expect(loader.status).toBe(200);
      expect((await loader.text()).length).toBeGreaterThan(1000);
      expect((await fetch(`${gateway.url}/embed/tracking.html`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/api/health`)).status).toBe(200);
      await stop(gateway.child);
    }, 120_000);

    it('nothing was written in the tree outside .data', () => {
      const after = snapshot(tree);
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
        (file) => before.get(file) !== after.get(file),
      );
      expect(changed).toEqual([]);
    });
  });
});
