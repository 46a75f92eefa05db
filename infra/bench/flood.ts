// Issues 19 and 36's flood figure: how `GET /api/health` answers while 200 wrong passwords (the development
// provider's sign-in: scrypt) and 60 price PDF exports (pdfkit) are sent at once. Target: health
// p99 under 50 ms. Printed beside the same health figure without the flood, on one gateway.
import { performance } from 'node:perf_hooks';
import { openInteraction } from '../dev-idp/interaction-client';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { BENCH_PRICE_REQUEST } from './prices';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Health latencies (ms), one request after another, until `until` settles. */
async function healthWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done || latencies.length < 20) {
    const started = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

function summary(latencies: number[]): string {
  return `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (${latencies.length} requests)`;
}

export async function benchFlood(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const gateway = await startGateway(port);
  try {
    console.log(`\nflood (issues 19 and 36): GET /api/health, one request after another (${loadAverage()})`);
    const quiet = await healthWhile(base, new Promise((resolve) => setTimeout(resolve, 3000)));
    console.log(`  alone:                                       ${summary(quiet)}`);

    const interaction = await openInteraction(base);
    const started = performance.now();
    const wrongPasswords = Array.from({ length: 200 }, () =>
      fetch(`${interaction.url}/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: interaction.cookie },
        body: 'email=anna%40example.com&password=not-the-password',
      }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const pdfExports = Array.from({ length: 60 }, () =>
      fetch(`${base}/api/public/prices/by_country/export?format=pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_PRICE_REQUEST),
      }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const flood = Promise.all([...wrongPasswords, ...pdfExports]);
    const during = await healthWhile(base, flood);
    const statuses = await flood;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(
      `  during 200 wrong passwords + 60 PDF exports: ${summary(during)} (target p99 < 50 ms: ${percentile(during, 0.99) < 50 ? 'met' : 'NOT met'}; ${loadAverage()})`,
    );
    // Issue 36: what the pools' queue limits refused at once (503) is part of the answers.
    console.log(`  the flood took ${seconds} s; answers ${JSON.stringify(counts)}`);
  } finally {
    await stopGateway(gateway);
  }
}
