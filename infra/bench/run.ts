import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../gateway/portal-static';
import { measurePageJs, remoteInitialSizes } from './frontend-size';
import { benchMap } from './map';
import { benchPrices } from './prices';

/**
 * `npm run bench`: prints the figures the issues ask for. Timing lives here, never in tests.
 *   - full production build time
 *   - gzip JavaScript the home page loads before any remote, and each remote's initial chunk
 *   - API throughput and p99 of the health endpoint (the reference for later API figures)
 */
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const BASE = `http://127.0.0.1:${PORT}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function build(): number {
  const started = performance.now();
  const result = spawnSync('node', ['infra/build/build-all.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  return (performance.now() - started) / 1000;
}

async function startGateway(): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'infra/gateway/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', PGLITE_DATA_DIR: 'memory://' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error('gateway did not start');
}

async function load(path: string, connections: number) {
  const result = await autocannon({ url: `${BASE}${path}`, connections, duration: 5 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const buildSeconds = build();
console.log(`\nbuild: full production build (shell + 7 remotes) ${buildSeconds.toFixed(1)} s`);

const gateway = await startGateway();
try {
  const home = await measurePageJs(`${BASE}/`, 'order-card');
  console.log(
    `\nhome page: JavaScript before any remote ${kb(home.beforeRemotes.totalGzipBytes)} gzip (target < 250 KB)`,
  );
  for (const file of home.beforeRemotes.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.url}`);
  }
  console.log(
    `home page: after first paint, the widgets' remotes ${kb(home.remotes.totalGzipBytes)} gzip` +
      ` + shared modules they asked the shell for ${kb(home.shellForRemotes.totalGzipBytes)} gzip`,
  );

  console.log('\nremotes: initial JavaScript of ./App (remoteEntry + sync chunks, shared excluded)');
  for (const remote of await remoteInitialSizes()) console.log(`  ${kb(remote.gzipBytes).padStart(9)}  ${remote.name}`);

  console.log('\napi (autocannon, 5 s each)');
  for (const [path, connections] of [
    ['/api/health', 100],
    ['/api/public/countries?itemsPerPage=300', 50],
  ] as const) {
    const figures = await load(path, connections);
    console.log(
      `  ${path} @${connections} connections: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`,
    );
  }
  await benchMap(BASE);
  await benchPrices(BASE);
} finally {
  gateway.kill('SIGTERM');
}
