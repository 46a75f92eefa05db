// The one list of modules shared as singletons between the shell and every remote (DESIGN §3),
// with the versions each build provides and the ranges it needs (issue 16: contracts have
// versions). Sub-paths are listed too: a remote that imports `react/jsx-runtime` or
// `react-dom/client` would otherwise silently ship its own copy (STACK-NOTES).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@portal/shared-contracts',
  '@portal/shared-contracts/account',
  '@portal/shared-contracts/address-book',
  '@portal/shared-contracts/calendar',
  '@portal/shared-contracts/cms',
  '@portal/shared-contracts/complaints',
  '@portal/shared-contracts/countries',
  '@portal/shared-contracts/ebay',
  '@portal/shared-contracts/orders',
  '@portal/shared-contracts/pricing',
  '@portal/shared-contracts/react',
  '@portal/shared-contracts/s10',
  '@portal/shared-contracts/tracking',
  // Mantine and react-router are shared through these curated re-exports, never whole:
  // a shared module cannot be tree-shaken (see shared-contracts/src/ui/index.ts).
  '@portal/shared-contracts/ui',
  '@portal/shared-contracts/ui/overlays',
  '@portal/shared-contracts/ui/forms',
  '@portal/shared-contracts/ui/table',
  '@portal/shared-contracts/ui/dropzone',
  '@portal/shared-contracts/router',
];

/** `@portal/shared-contracts/ui/forms` → `@portal/shared-contracts`; `react/jsx-runtime` → `react`. */
export function packageOf(entry) {
  const parts = entry.split('/');
  return entry.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The version of `pkg` that a build in `dir` bundles: the package.json node resolves from there. */
export function installedVersion(pkg, dir) {
  let folder = path.dirname(resolveFrom(pkg, dir));
  // Walk up from the resolved file to the package's own package.json (exports may hide it).
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
      if (manifest.name === pkg) return manifest.version;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`cannot find the installed version of ${pkg} from ${dir}`);
    folder = parent;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** Resolves `pkg` as the build would: from `dir`, else from the platform's own node_modules. */
function resolveFrom(pkg, dir) {
  for (const base of [dir, REPO_ROOT]) {
    try {
      return createRequire(path.join(base, 'package.json')).resolve(pkg);
    } catch {
      // not resolvable from here (a remote kept outside the repository): try the platform's
    }
  }
  throw new Error(`cannot resolve ${pkg} from ${dir}`);
}

function ownManifest(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return {}; // a folder without package.json builds against what it resolves
  }
}

/**
 * What a build needs of a shared package: the range in its own package.json. An exact pin
 * (`19.3.1`) is read as a caret range (`^19.3.1`): shared singletons follow semver, so a shell
 * with a later minor or patch serves the remote; a lower or another major does not.
 */
export function requiredRange(pkg, dir) {
  const manifest = ownManifest(dir);
  const declared = { ...manifest.peerDependencies, ...manifest.dependencies }[pkg];
  if (!declared || declared === '*') return `^${installedVersion(pkg, dir)}`;
  return /^\d+\.\d+\.\d+/.test(declared) ? `^${declared}` : declared;
}

/**
 * The federation `shared` option of a build in `dir` (the shell's or a remote's folder): every
 * entry a singleton with the version this build carries and the range it needs. `strictVersion`
 * makes a remote whose needs the running shell cannot meet fail while it loads (the shell then
 * shows its "temporarily unavailable" area and emits `remote:failed`) instead of running against
 * a contract it was not built for and crashing later.
 */
export function sharedConfig(dir) {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((entry) => {
      const pkg = packageOf(entry);
      return [
        entry,
        {
          singleton: true,
          strictVersion: true,
          version: installedVersion(pkg, dir),
          requiredVersion: requiredRange(pkg, dir),
        },
      ];
    }),
  );
}
