// Issue 17's figures: requests per second of the price and tracking calls with one and with two API
// processes (api/src/main.ts) on one PostgreSQL database, and what the metrics cost the price call
// (its throughput with METRICS=on against off: the target is within 5 %). Two processes on a
// 2-core machine share the cores with PostgreSQL and autocannon, so the ratio says whether a second
// process helps here, not on a production node.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeS10 } from '@portal/shared-contracts/s10';
import autocannon from 'autocannon';
import { onServer, withDatabaseName } from '../../api/test/templates/templates';
import { REPO_ROOT } from '../gateway/portal-static';
import { loadAverage } from './gateway';
import { BENCH_PRICE_REQUEST } from './prices';

const CONNECTIONS = 50;
const DURATION_SECONDS = 5;
// The server's databases are made and dropped as the API tests make theirs (templates.ts).
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** One API process on `port`, ready once its health check answers. */
async function startApi(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT: 'off' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`an API process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error('an API process did not start');
}

async function stopApis(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((child) =>
      child.exitCode === null
        ? new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          })
        : null,
    ),
  );
}

type Call = 'price' | 'tracking';
const requestOf = (call: Call): autocannon.Request =>
  call === 'price'
    ? {
        method: 'POST',
        path: '/api/public/prices/by_country',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_PRICE_REQUEST),
      }
    : // A number no shipment has: the same index look-up as a found one, answered 404.
      { method: 'GET', path: `/api/public/tracking/${makeS10('BE', 99_000_001)}` };

/** Requests per second of `call` with the connections spread evenly over the processes' ports. */
async function throughput(ports: number[], call: Call): Promise<number> {
  const runs = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS / ports.length,
        duration: DURATION_SECONDS,
        requests: [requestOf(call)],
      }),
    ),
  );
  return runs.reduce((sum, run) => sum + run.requests.average, 0);
}

export async function benchInstances(firstPort: number): Promise<void> {
  const name = `portal_bench_instances_${process.pid}`;
  await onServer(serverUrl, `drop database if exists "${name}"`);
  await onServer(serverUrl, `create database "${name}"`);
  const env = { DATABASE_URL: withDatabaseName(serverUrl, name), PGLITE_DATA_DIR: '', NODE_ENV: 'development' };
  try {
    for (const script of ['api/scripts/db-migrate.ts', 'api/scripts/db-seed.ts']) {
      const step = spawnSync('node', ['--import', 'tsx', script], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
      if (step.status !== 0) throw new Error(`${script} failed: ${step.stderr}`);
    }
    console.log(
      `\nAPI processes on one PostgreSQL database (autocannon, ${CONNECTIONS} connections spread over the processes, ${DURATION_SECONDS} s each; ${loadAverage()})`,
    );
    const ports = [firstPort, firstPort + 1];
    const one = [await startApi(ports[0]!, env)];
    const single = { price: await throughput(ports.slice(0, 1), 'price'), tracking: 0 };
    single.tracking = await throughput(ports.slice(0, 1), 'tracking');
    const two = [...one, await startApi(ports[1]!, env)];
    const double = { price: await throughput(ports, 'price'), tracking: await throughput(ports, 'tracking') };
    await stopApis(two);
    for (const call of ['price', 'tracking'] as const) {
      console.log(
        `  ${call === 'price' ? 'POST /api/public/prices/by_country' : 'GET /api/public/tracking/{number}  '}` +
          `  1 process ${single[call].toFixed(0)} req/s, 2 processes ${double[call].toFixed(0)} req/s` +
          ` (×${(double[call] / single[call]).toFixed(2)})`,
      );
    }

    // The metrics' cost: the price call on one process with METRICS on and off, twice each, alternating.
    const withMetrics: number[] = [];
    const withoutMetrics: number[] = [];
    for (const round of [0, 1, 2, 3]) {
      const metrics = round % 2 === 0 ? 'on' : 'off';
      const api = await startApi(ports[0]!, { ...env, METRICS: metrics });
      await throughput(ports.slice(0, 1), 'price'); // warm-up: a loaded catalogue and a JIT-compiled engine
      (metrics === 'on' ? withMetrics : withoutMetrics).push(await throughput(ports.slice(0, 1), 'price'));
      await stopApis([api]);
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const share = mean(withMetrics) / mean(withoutMetrics);
    console.log(
      `  metrics' cost: price call ${mean(withMetrics).toFixed(0)} req/s with METRICS=on, ${mean(withoutMetrics).toFixed(0)} with off` +
        ` (${(share * 100).toFixed(1)} %; target ≥ 95 %: ${share >= 0.95 ? 'met' : 'missed'})`,
    );
  } finally {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}
