import autocannon from 'autocannon';
import { loadAverage } from './gateway';
import { judge, TARGET_CONNECTIONS } from './targets';

/**
 * Issues 4 and 18: POST /api/public/prices/by_country at one connection (p99) and at 50
 * (throughput as a share of the same server's health check, measured just before it); targets in
 * targets.ts. Timing lives here, never in tests.
 */
const DURATION_SECONDS = 5;

/** A calculator-like request: a parcel of 1.2 kg to the three Baltic states. */
export const BENCH_PRICE_REQUEST = {
  shipmentType: 'parcel',
  countryCodes: ['LV', 'LT', 'EE'],
  weight: 1200,
};

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function load(connections: number, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: DURATION_SECONDS, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function benchPrices(base: string): Promise<void> {
  const url = `${base}/api/public/prices/by_country`;
  const check = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_PRICE_REQUEST),
  });
  if (!check.ok) throw new Error(`prices/by_country answered ${check.status}: ${await check.text()}`);

  // Warm-up so that both runs see a loaded tariff catalogue and a JIT-compiled engine.
  await autocannon({
    url,
    method: 'POST',
    connections: 10,
    duration: 1,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_PRICE_REQUEST),
  });
  const post = (connections: number, headers: Record<string, string>) =>
    load(connections, {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(BENCH_PRICE_REQUEST),
    });
  console.log(
    `\nprices (autocannon, ${DURATION_SECONDS} s each; body ${JSON.stringify(BENCH_PRICE_REQUEST)}; ${loadAverage()})`,
  );
  for (const connections of [TARGET_CONNECTIONS, 1]) {
    const health = await load(connections, { url: `${base}/api/health` });
    // autocannon asks for no content coding; a browser always offers gzip (the answer is then
    // about 2 KB instead of 15 KB). Both are printed.
    const plain = await post(connections, {});
    const browser = await post(connections, { 'accept-encoding': 'gzip, deflate, br' });
    const line = (name: string, figures: Figures) =>
      `  @${connections} connection(s) ${name}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`;
    console.log(line('GET /api/health (reference)', health));
    console.log(
      `${line('POST /api/public/prices/by_country', plain)}; ${judge('price', connections, plain, health.rps)}`,
    );
    console.log(
      `${line('the same with Accept-Encoding: gzip (as browsers)', browser)}; ${judge('price', connections, browser, health.rps)}`,
    );
  }
}

// `node --import tsx infra/bench/prices.ts http://127.0.0.1:8080`: only this bench, on a running server.
if (process.argv[1]?.endsWith('prices.ts')) {
  await benchPrices(process.argv[2] ?? 'http://127.0.0.1:8080');
}
