// The packages the production server needs at run time: the closure, in package-lock.json, of the
// production dependencies of the server's workspaces (api, infra, shared-contracts), following
// dependencies, optional dependencies and required peer dependencies the way Node resolves them
// (the nearest node_modules upwards). `npm ci --omit=dev` alone installs every workspace's
// production packages (the shell's React, Mantine and icons, and TypeScript as an optional peer of
// i18next); the image keeps only this closure.
//   node infra/build/runtime-packages.mjs size [root]          size of the closure installed at root
//   node infra/build/runtime-packages.mjs prune <dir>          removes every other package from <dir>
//   node infra/build/runtime-packages.mjs link <root> <dir>    the closure of root's install into <dir>
//                                                              (hard links, else copies; no network)
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The workspaces whose code the server runs (infra/build/server-build.mjs reaches no other). */
export const SERVER_WORKSPACES = ['api', 'infra', 'shared-contracts'];
/** Files no program reads at run time: type declarations and source maps (a fifth of the closure). */
export const NOT_SHIPPED = /\.(map|d\.ts|d\.mts|d\.cts)$/;

/** Where Node finds package `name` for the package at lockfile path `from` ('' is the root). */
function resolveIn(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

/** Lockfile paths (`node_modules/…`) of the packages the server workspaces need at run time. */
export function runtimePackages(lock, workspaces = SERVER_WORKSPACES) {
  const packages = lock.packages;
  const kept = new Set();
  const queue = [];
  const visit = (from, entry, missing) => {
    const peersOptional = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !peersOptional[name]?.optional),
    ];
    for (const name of names) {
      let found = resolveIn(packages, from, name);
      if (found && packages[found].link) found = packages[found].resolved;
      if (!found) {
        if (!entry.optionalDependencies?.[name]) missing.push(`${from || '.'} -> ${name}`);
        continue;
      }
      if (!kept.has(found)) {
        kept.add(found);
        queue.push(found);
      }
    }
  };
  const missing = [];
  for (const workspace of workspaces) {
    kept.add(workspace);
    queue.push(workspace);
  }
  while (queue.length > 0) {
    const from = queue.shift();
    visit(from, packages[from], missing);
  }
  if (missing.length > 0) throw new Error(`not in package-lock.json: ${missing.join(', ')}`);
  return [...kept].filter((key) => key.startsWith('node_modules/') || key.includes('/node_modules/')).sort();
}

/** Bytes of the files under `dir` (what `du` counts as apparent size, without following links). */
export function sizeOf(dir, { shippedOnly = false, ownOnly = false } = {}) {
  let total = 0;
  const walk = (folder, top) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (top && ownOnly && entry.name === 'node_modules') continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile() && !(shippedOnly && NOT_SHIPPED.test(entry.name))) total += lstatSync(full).size;
    }
  };
  if (existsSync(dir)) walk(dir, true);
  return total;
}

/** Deletes the files of NOT_SHIPPED under `folder`. */
export function strip(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) strip(full);
    else if (entry.isFile() && NOT_SHIPPED.test(entry.name)) rmSync(full);
  }
}

/** Size of the runtime closure as installed under `root` (its package-lock.json), biggest packages first. */
export function runtimeSize(root = REPO_ROOT) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const keep = runtimePackages(lock);
  // Each package without its own node_modules (a nested package is counted in its own entry).
  const sizes = keep.map((key) => ({
    name: key.replace(/^(.*\/)?node_modules\//, ''),
    bytes: sizeOf(path.join(root, key), { shippedOnly: true, ownOnly: true }),
  }));
  return {
    packages: keep.length,
    bytes: sizes.reduce((sum, { bytes }) => sum + bytes, 0),
    largest: sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 8),
  };
}

/** Removes from `dir`'s node_modules (an `npm ci --omit=dev` there) every package outside the closure. */
export function prune(dir) {
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const keep = new Set(runtimePackages(lock));
  const removed = [];
  const walk = (folder, prefix) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (entry === '.bin' || entry === '.package-lock.json') continue;
      if (entry.startsWith('@')) {
        walk(path.join(folder, entry), `${prefix}${entry}/`);
        if (readdirSync(path.join(folder, entry)).length === 0) rmSync(path.join(folder, entry), { recursive: true });
        continue;
      }
      const key = `${prefix}${entry}`;
      if (!keep.has(key)) {
        rmSync(path.join(folder, entry), { recursive: true, force: true });
        removed.push(key);
      } else {
        walk(path.join(folder, entry, 'node_modules'), `${key}/node_modules/`);
      }
    }
  };
  walk(path.join(dir, 'node_modules'), 'node_modules/');
  for (const workspace of Object.keys(lock.packages).filter((key) => key && !key.includes('node_modules'))) {
    walk(path.join(dir, workspace, 'node_modules'), `${workspace}/node_modules/`);
  }
  // Links to programs of removed packages.
  rmSync(path.join(dir, 'node_modules', '.bin'), { recursive: true, force: true });
  strip(path.join(dir, 'node_modules'));
  return removed;
}

/** The closure of `root`'s installed packages into `dir` (hard links where the file system allows). */
export function link(root, dir) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const keep = runtimePackages(lock);
  for (const key of keep) {
    const source = path.join(root, key);
    const target = path.join(dir, key);
    if (!existsSync(source)) continue; // an optional package of another platform
    // A package's own node_modules holds nested packages: those in the closure come in their own turn.
    hardLinkTree(source, target, (name) => name !== 'node_modules');
  }
  strip(path.join(dir, 'node_modules'));
  return keep.length;
}

/** Hard-links every file of `source` into `target` (copies when linking is impossible). */
export function hardLinkTree(source, target, include = () => true) {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (!include(entry.name)) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) hardLinkTree(from, to);
    else if (entry.isFile()) {
      try {
        linkSync(from, to);
      } catch {
        cpSync(from, to);
      }
    } else cpSync(from, to, { dereference: false });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, first, second] = process.argv.slice(2);
  if (command === 'size') {
    const { packages, bytes, largest } = runtimeSize(first ? path.resolve(first) : REPO_ROOT);
    const mb = (value) => (value / 1e6).toFixed(1);
    console.log(`runtime node_modules: ${mb(bytes)} MB in ${packages} packages`);
    console.log(`largest: ${largest.map(({ name, bytes: size }) => `${name} ${mb(size)} MB`).join(', ')}`);
  } else if (command === 'prune' && first) {
    const removed = prune(path.resolve(first));
    console.log(`removed ${removed.length} packages the server does not use`);
  } else if (command === 'link' && first && second) {
    console.log(`linked ${link(path.resolve(first), path.resolve(second))} packages`);
  } else {
    console.log('usage: node infra/build/runtime-packages.mjs size [root] | prune <dir> | link <root> <dir>');
    process.exit(command === '--help' ? 0 : 2);
  }
}
