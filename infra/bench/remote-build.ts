// Issue 39's figures: one remote built from its own folder (goal < 10 s) and its JavaScript against
// the same remote built in the monorepo (the packaging must not grow it: the contracts are still
// shared once, through the shell). The standalone folder is the CI proof's
// (infra/ci/standalone-remote.mjs): the remote alone, the platform's packages packed and installed.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSizeOfFile } from './frontend-size';
import { loadAverage } from './gateway';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const ROUNDS = 3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function javaScriptGzip(dist: string): Promise<number> {
  const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
  const sizes = await Promise.all(files.map((file) => gzipSizeOfFile(path.join(dist, file))));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function timedBuild(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, stdio: 'ignore' });
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchRemoteBuild(remote = 'mf-address-book'): Promise<void> {
  // @ts-expect-error: a plain ES module of the CI scripts, without type declarations
  const { buildStandalone } = await import('../ci/standalone-remote.mjs');
  const { dist, seconds } = buildStandalone(remote) as { dist: string; seconds: Record<string, number> };
  const folder = path.dirname(dist);
  const standalone: number[] = [];
  const monorepo: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    standalone.push(timedBuild('npx', ['portal-remote', 'build'], folder));
    monorepo.push(timedBuild(process.execPath, ['infra/build/build-all.mjs', remote], REPO_ROOT));
  }
  const ownBuild = median(standalone);
  const standaloneJs = await javaScriptGzip(dist);
  const monorepoJs = await javaScriptGzip(path.join(REPO_ROOT, remote, 'dist'));
  console.log(`\n${remote} from its own folder (${loadAverage()})`);
  console.log(
    `  pack ${seconds['pack the platform packages']} s, install ${seconds.install} s, typecheck ${seconds.typecheck} s, tests ${seconds.test} s (once)`,
  );
  console.log(
    `  build: median of ${ROUNDS} ${ownBuild.toFixed(1)} s (goal < 10 s: ${ownBuild < 10 ? 'met' : 'NOT met'}); in the monorepo ${median(monorepo).toFixed(1)} s`,
  );
  console.log(
    `  JavaScript (gzip): ${kb(standaloneJs)} from its own folder, ${kb(monorepoJs)} in the monorepo (${standaloneJs <= monorepoJs * 1.01 ? 'not grown' : 'GROWN'})`,
  );
}
