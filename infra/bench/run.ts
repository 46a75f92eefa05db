import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../gateway/portal-static';
import { benchAddressBook, benchBulk } from './address-book';
import { benchFlood } from './flood';
import { MEASURED_PAGES, measurePage, packageBreakdown, remoteInitialSizes } from './frontend-size';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { benchIdempotency } from './idempotency';
import { benchInstances } from './instances';
import { benchLighthouse } from './lighthouse';
import { benchMap } from './map';
import { benchOrders } from './orders';
import { benchOutbox } from './outbox';
import { benchPages } from './pages';
import { benchPrices } from './prices';
import { benchRedisOutage } from './redis-outage';
import { benchRemoteBuild } from './remote-build';
import { benchStartup } from './startup';
import { benchTracking } from './tracking';

/**
 * `npm run bench`: prints the figures the issues ask for. Timing lives here, never in tests.
 *   - full production build time
 *   - gzip JavaScript the home page loads before any remote, and each remote's initial chunk
 *   - API throughput and p99 of the health endpoint; the API figures are judged by targets.ts
 *   - map, prices, and tracking (issue 6: lookup with 1,000,000 events, ingestion; tracking.ts)
 *   - orders (issue 5: create-and-price and my orders with 100,000 orders; orders.ts)
 *   - address book (issue 12: the contact list with search at 100,000 contacts, an XLSX import of
 *     10,000; address-book.ts)
 * `BENCH_ONLY=tracking npm run bench` (or `=orders`, `=address-book`, `=instances`) runs those figures alone (no build needed);
 * `BENCH_ONLY=sizes` builds and prints the JavaScript sizes only; `BENCH_ONLY=flood` the health
 * check under a flood of wrong passwords and PDF exports (issue 19); `BENCH_ONLY=startup` the API's
 * start-up time in development and production (issue 22); `BENCH_ONLY=bulk` the 1,000-row bulk check (issue 12); `BENCH_ONLY=lighthouse` builds and prints
 * the Lighthouse table of issue 18 (with the JavaScript sizes); `BENCH_ONLY=pages` what a page with
 * its first screen costs the gateway (pages.ts); `BENCH_ONLY=redis-outage` the price call's p99 with
 * Redis killed mid-run against Redis up (issue 35); `BENCH_ONLY=image` the production image's
 * runtime node_modules (infra/build/runtime-packages.mjs), also printed first by the full bench;
 * `BENCH_ONLY=remote-build` one remote built from its own folder against the monorepo's build (issue 39,
 * remote-build.ts). `BENCH_ONLY=outbox` the job engine's throughput and the cost of a job written in a transaction
 * (issue 37, outbox.ts). `BENCH_ONLY=idempotency` an idempotent replay and what an Idempotency-Key adds to creating an
 * order (issue 38, idempotency.ts).
 */
// `npm run bench -- --help`: the usage, and nothing run (issue 35).
if (process.argv.slice(2).some((argument) => argument === '--help' || argument === '-h')) {
  console.log(
    [
      'usage: [BENCH_ONLY=<part>] [BENCH_PORT=<port>] npm run bench',
      '  Builds the portal and prints the figures of the issues (sizes, API throughput and p99, map,',
      '  prices, tracking, orders, address book, flood, start-up, several instances).',
      '  BENCH_ONLY  one part: sizes, tracking, orders, address-book, bulk, flood, startup, instances,',
      '              idempotency, outbox, remote-build, lighthouse, pages, redis-outage, image (no build for the API parts)',
      '  BENCH_PORT  the first of the ports the bench gateways take (default 8190)',
      '  BENCH_SIZE  comma-separated data sizes for orders and tracking (e.g. 10000,100000; seeded with COPY,',
      '              10000000 tracking events and 1000000 orders on PostgreSQL with DATABASE_URL)',
      '  BENCH_ORDERS_COMPANY_EVERY  every how many orders belongs to the measured company (default 20; 1: all)',
      '  BENCH_REDIS_PORT  the redis-server of redis-outage (default: a port the system gives)',
    ].join('\n'),
  );
  process.exit(0);
}
const PORT = Number(process.env.BENCH_PORT ?? 8190);
// What production runs: answers are not checked against their documented schemas (route-schemas.ts).
process.env.CHECK_ANSWERS ??= 'off';
const BASE = `http://127.0.0.1:${PORT}`;
/** Issue 18's byte budgets (gzip), measured by printSizes. */
const SIZE_TARGETS = { homeShellJs: 170 * 1024, homeShellCss: 15 * 1024, federationShare: 0.1 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function build(): number {
  const started = performance.now();
  const result = spawnSync('node', ['infra/build/build-all.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  return (performance.now() - started) / 1000;
}

async function load(path: string, connections: number) {
  const result = await autocannon({ url: `${BASE}${path}`, connections, duration: 5 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The production image's node_modules: the runtime closure as installed here (README "Image"). */
function printRuntimeSize(): void {
  const result = spawnSync('node', ['infra/build/runtime-packages.mjs', 'size'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`runtime size: ${result.stderr}`);
  const [total = '', largest = ''] = result.stdout.trim().split('\n');
  const megabytes = Number(/([\d.]+) MB/.exec(total)?.[1]);
  console.log(`\nimage: ${total} (goal < 250 MB: ${megabytes < 250 ? 'met' : 'NOT met'})\n  ${largest}`);
}

if (process.env.BENCH_ONLY === 'image') {
  printRuntimeSize();
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'redis-outage') {
  printRuntimeSize();
  await benchRedisOutage(PORT + 7);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'tracking') {
  await benchTracking(PORT + 1);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'flood') {
  await benchFlood(PORT + 3);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'orders') {
  await benchOrders(PORT + 2);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'startup') {
  await benchStartup();
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'bulk') {
  await benchBulk(PORT + 5);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'instances') {
  await benchInstances(PORT + 6);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'idempotency') {
  await benchIdempotency(PORT + 8);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'outbox') {
  await benchOutbox(PORT + 9);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'remote-build') {
  await benchRemoteBuild();
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'address-book') {
  await benchAddressBook(PORT + 4);
  process.exit(0);
}

printRuntimeSize();
// BENCH_BUILD=off measures the build already in the folders (after `node infra/build/build-all.mjs`).
if (process.env.BENCH_BUILD !== 'off') {
  const buildSeconds = build();
  console.log(`\nbuild: full production build (shell + 7 remotes) ${buildSeconds.toFixed(1)} s`);
}

const gateway = await startGateway(PORT);
try {
  await printSizes();
  if (process.env.BENCH_ONLY === 'lighthouse') await benchLighthouse(BASE);
  if (process.env.BENCH_ONLY === 'pages') await benchPages(BASE);
  if (['sizes', 'lighthouse', 'pages'].includes(process.env.BENCH_ONLY ?? '')) {
    await stopGateway(gateway);
    process.exit(0);
  }

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
  await benchPages(BASE);
  await benchLighthouse(BASE);
} finally {
  await stopGateway(gateway);
}
// Its own gateway, on a database folder seeded with a million scan events.
await benchTracking(PORT + 1);
// Its own gateway, on a database folder seeded with 100,000 orders.
await benchOrders(PORT + 2);
// Its own gateway: the health check under a flood of wrong passwords and PDF exports.
await benchFlood(PORT + 3);
// Its own gateway, on a database folder seeded with 100,000 contacts in one book.
await benchAddressBook(PORT + 4);
// In this process, on a PGlite folder of its own: development and production start-up.
await benchStartup();
// One and two API processes on the local PostgreSQL, and the metrics' cost (issue 17).
await benchInstances(PORT + 6);
// Its own gateway and redis-server: the price call's p99 through a Redis outage (issue 35).
await benchRedisOutage(PORT + 7);
// Its own gateway: an idempotent replay and what a key adds to creating an order (issue 38).
await benchIdempotency(PORT + 8);

/**
 * Per page: the shell's own JavaScript and CSS before any remote (the remotes refused), the whole
 * page's JavaScript with its remotes, Module Federation's share of it, and the longest request
 * chain; then the home page's files and each remote's initial JavaScript.
 */
async function printSizes() {
  const ok = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `\nJavaScript and CSS per page (${loadAverage()}; gzip level 9; targets: home shell JS <= ${kb(SIZE_TARGETS.homeShellJs)},` +
      ` CSS <= ${kb(SIZE_TARGETS.homeShellCss)}, federation <= ${SIZE_TARGETS.federationShare * 100} % of each page's JS)`,
  );
  console.log(
    '  | page | shell JS before remotes | shell CSS | page JS with remotes | page CSS | federation | chain |',
  );
  console.log('  |---|---|---|---|---|---|---|');
  const reports = [];
  for (const page of MEASURED_PAGES) {
    const report = await measurePage(BASE, page);
    reports.push(report);
    const share = report.federationGzipBytes / report.allJs.totalGzipBytes;
    console.log(
      `  | \`${page}\` | ${kb(report.shellJs.totalGzipBytes)} | ${kb(report.shellCss.totalGzipBytes)} |` +
        ` ${kb(report.allJs.totalGzipBytes)} | ${kb(report.allCss.totalGzipBytes)} |` +
        ` ${kb(report.federationGzipBytes)} (${(share * 100).toFixed(1)} %, ${ok(share <= SIZE_TARGETS.federationShare)}) |` +
        ` ${report.chainLength} |`,
    );
  }
  const home = reports[0];
  if (home) {
    console.log(
      `home page: shell JS before any remote ${kb(home.shellJs.totalGzipBytes)} (${ok(home.shellJs.totalGzipBytes <= SIZE_TARGETS.homeShellJs)}),` +
        ` CSS ${kb(home.shellCss.totalGzipBytes)} (${ok(home.shellCss.totalGzipBytes <= SIZE_TARGETS.homeShellCss)})`,
    );
    for (const file of [...home.shellJs.files, ...home.shellCss.files])
      console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.url}`);
    console.log(`home page: shell JS before any remote by package (source maps; ${loadAverage()})`);
    for (const part of await packageBreakdown(BASE, home.shellJs.files))
      console.log(`  ${kb(part.gzipBytes).padStart(9)}  ${part.name}`);
    const shellFirst = new Set(home.shellJs.files.map((file) => file.url));
    console.log('home page: with its widgets, also');
    for (const file of home.allJs.files.filter((file) => !shellFirst.has(file.url)))
      console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.url}`);
  }

  console.log('\nremotes: initial JavaScript of ./App (remoteEntry + sync chunks, shared excluded)');
  for (const remote of await remoteInitialSizes()) console.log(`  ${kb(remote.gzipBytes).padStart(9)}  ${remote.name}`);
}
