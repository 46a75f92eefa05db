// Adds lockfile entries for optional, platform-specific packages that this machine's registry
// mirror does not serve (it answers 404 for darwin/win32/... builds of rspack, swc, biome...).
//
// Why: `npm install` skips such optional packages and leaves them out of package-lock.json, and
// `npm ci` then refuses the lockfile as "out of sync" ("Missing: @rspack/binding-darwin-arm64@ from
// lock file"). An entry with the exact version, `optional: true` and the os/cpu read from the
// package name lets `npm ci` accept the lockfile and skip the package on a platform it does not
// match. Run after any `npm install` that changes dependencies: `npm run lock:complete`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockPath = path.resolve(import.meta.dirname, '../../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'netbsd',
  'openharmony',
  'wasm32',
];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];
const LIBC = { gnu: 'glibc', musl: 'musl', gnueabihf: 'glibc', musleabihf: 'musl' };

/** `@rspack/binding-linux-x64-musl` → { os: ['linux'], cpu: ['x64'], libc: ['musl'] } */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part) || part === 'arm');
  const libc = parts.map((part) => LIBC[part]).find(Boolean);
  return { os, cpu, libc };
}

let added = 0;
for (const [location, info] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(info.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its requester, then in each parent node_modules folder.
    const candidates = [];
    let base = location;
    while (true) {
      candidates.push(`${base ? `${base}/` : ''}node_modules/${name}`);
      const index = base.lastIndexOf('/node_modules/');
      if (base === '' || index === -1) {
        if (base !== '') candidates.push(`node_modules/${name}`);
        break;
      }
      base = base.slice(0, index);
    }
    if (candidates.some((candidate) => packages[candidate])) continue;
    const version = range.replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
      console.warn(`skipped ${name}@${range}: not an exact version`);
      continue;
    }
    const { os, cpu, libc } = platformOf(name);
    const entry = { version, dev: info.dev || undefined, optional: true, license: info.license };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (libc) entry.libc = [libc];
    packages[`node_modules/${name}`] = JSON.parse(JSON.stringify(entry));
    added++;
  }
}

// npm keeps the packages map sorted by path.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform-specific optional package(s) recorded`);
