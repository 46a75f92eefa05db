// Proof that a feature team builds, tests and type-checks its remote from its own folder (issue 39
// item 1): the remote's folder alone is copied to a temporary folder, the platform's packages it
// depends on (the contracts, the build preset) are packed as they would be published, installed
// from those archives and the registry, and the remote's own commands run there.
//   node infra/ci/standalone-remote.mjs [remote] [--out <folder>]   (default mf-address-book)
// Prints each step's time and, last, one JSON line {dist, seconds}; the end-to-end test
// e2e/tests/standalone-remote.spec.ts serves that dist to today's shell.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The platform's packages a remote depends on, by workspace folder. */
const PLATFORM_PACKAGES = { '@portal/shared-contracts': 'shared-contracts', '@portal/build-preset': 'build-preset' };

function timed(label, seconds, action) {
  const started = performance.now();
  const result = action();
  seconds[label] = Number(((performance.now() - started) / 1000).toFixed(1));
  console.log(`${label}: ${seconds[label]} s`);
  return result;
}

/** `npm pack` of a workspace into `folder`; the archive's file name. */
function pack(workspace, folder) {
  const printed = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], {
    cwd: path.join(REPO_ROOT, workspace),
    encoding: 'utf8',
  });
  return printed.trim().split('\n').at(-1);
}

/** The remote's package.json with the platform's packages taken from the packed archives. */
function pointAtArchives(manifest, archives) {
  const rewrite = (dependencies = {}) =>
    Object.fromEntries(
      Object.entries(dependencies).map(([name, range]) =>
        archives[name] ? [name, `file:../${archives[name]}`] : [name, range],
      ),
    );
  return {
    ...manifest,
    dependencies: rewrite(manifest.dependencies),
    devDependencies: rewrite(manifest.devDependencies),
  };
}

export function buildStandalone(remote, out = mkdtempSync(path.join(tmpdir(), 'standalone-remote-'))) {
  const seconds = {};
  mkdirSync(out, { recursive: true });
  const archives = timed('pack the platform packages', seconds, () =>
    Object.fromEntries(Object.entries(PLATFORM_PACKAGES).map(([name, workspace]) => [name, pack(workspace, out)])),
  );
  const dir = path.join(out, remote);
  cpSync(path.join(REPO_ROOT, remote), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
  });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pointAtArchives(manifest, archives), null, 2)}\n`);
  const npm = (args) => execFileSync('npm', args, { cwd: dir, stdio: 'inherit' });
  timed('install', seconds, () => npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']));
  timed('typecheck', seconds, () => npm(['run', 'typecheck']));
  timed('test', seconds, () => npm(['test', '--', '--ci']));
  timed('build', seconds, () => npm(['run', 'build']));
  return { dist: path.join(dir, 'dist'), seconds };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
  const result = buildStandalone(positionals[0] ?? 'mf-address-book', values.out && path.resolve(values.out));
  console.log(JSON.stringify(result));
}
