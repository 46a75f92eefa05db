import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { TestRedisServer } from '../../api/test/redis-server';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { BENCH_PRICE_REQUEST } from './prices';

/**
 * Issue 35: the price call at one connection with Redis under the rate limits, then with Redis
 * killed in the middle of the run (an outage, not a shutdown). The rate limits fall back to the
 * instance's memory within REDIS_TIMEOUT_MS, so the p99 of the run with the outage stays within 2×
 * the p99 with Redis up. `BENCH_ONLY=redis-outage npm run bench`. Its own redis-server (the
 * machine's `redis-server`, nothing kept on disk) on BENCH_REDIS_PORT or else a port the system
 * gives, and its own gateway on PGlite in memory.
 */
const SECONDS = 10;
/** When Redis is killed, into the outage run. */
const OUTAGE_AFTER_MS = 3_000;
const UNLIMITED = '1000000000';

export async function benchRedisOutage(port: number): Promise<void> {
  const redis = await TestRedisServer.start(
    process.env.BENCH_REDIS_PORT ? Number(process.env.BENCH_REDIS_PORT) : undefined,
  );
  let gateway: ChildProcess | undefined;
  try {
    gateway = await startGateway(port, 'memory://', {
      RATE_LIMIT: 'on',
      REDIS_URL: redis.url,
      // Limits that the bench never reaches: every call is counted (in Redis, then in memory), none refused.
      RATE_LIMIT_EXPENSIVE: UNLIMITED,
      RATE_LIMIT_WRITES: UNLIMITED,
      RATE_LIMIT_SIGN_IN: UNLIMITED,
      RATE_LIMIT_TRACKING: UNLIMITED,
      RATE_LIMIT_API_KEY: UNLIMITED,
    });
    const base = `http://127.0.0.1:${port}`;
    const url = `${base}/api/public/prices/by_country`;
    const options = {
      url,
      method: 'POST' as const,
      connections: 1,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_PRICE_REQUEST),
    };
    const check = await fetch(url, { method: 'POST', headers: options.headers, body: options.body });
    if (!check.ok) throw new Error(`prices/by_country answered ${check.status}: ${await check.text()}`);
    await autocannon({ ...options, duration: 2 }); // warm-up
    const ready = async () => ((await (await fetch(`${base}/api/health/ready`)).json()) as { status: string }).status;

    console.log(`\nprices with a Redis outage (autocannon, 1 connection, ${SECONDS} s each; ${loadAverage()})`);
    const up = await autocannon({ ...options, duration: SECONDS });
    const readyUp = await ready();
    const outageRun = autocannon({ ...options, duration: SECONDS });
    const killed = new Promise<void>((resolve) => setTimeout(() => void redis.stop().then(resolve), OUTAGE_AFTER_MS));
    const outage = await outageRun;
    await killed;
    const readyDown = await ready();
    const line = (name: string, result: autocannon.Result, readiness: string) =>
      `  ${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, max ${result.latency.max} ms,` +
      ` errors ${result.errors + result.non2xx}; readiness ${readiness}`;
    console.log(line('Redis up', up, readyUp));
    console.log(line(`Redis killed ${OUTAGE_AFTER_MS / 1000} s into the run`, outage, readyDown));
    const ratio = outage.latency.p99 / Math.max(up.latency.p99, 1);
    console.log(
      `  p99 with the outage / p99 with Redis up: ${ratio.toFixed(2)} (target <= 2: ${ratio <= 2 ? 'met' : 'NOT met'})`,
    );
  } finally {
    if (gateway) await stopGateway(gateway);
    await redis.stop();
  }
}
