import autocannon from 'autocannon';
import { loadAverage } from './gateway';

/**
 * Issue 4: throughput and p99 of POST /api/public/prices/by_country at 100 connections, beside
 * the same server's health endpoint as the reference (ratio). Target: at least 40 % of the
 * health endpoint's req/s and p99 under 20 ms. Timing lives here, never in tests.
 */
const CONNECTIONS = 100;
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

async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
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
  const health = await load({ url: `${base}/api/health` });
  const post = (headers: Record<string, string>) =>
    load({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(BENCH_PRICE_REQUEST),
    });
  // autocannon asks for no content coding; a browser always offers gzip (the answer is then
  // about 2 KB instead of 15 KB). Both are printed.
  const plain = await post({});
  const browser = await post({ 'accept-encoding': 'gzip, deflate, br' });
  const line = (name: string, figures: Figures) =>
    `  ${name} @${CONNECTIONS} connections: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`;
  const verdict = (figures: Figures) => {
    const ratio = figures.rps / health.rps;
    return (
      `ratio ${(ratio * 100).toFixed(0)} % of health (target ≥ 40 %), p99 ${figures.p99} ms (target < 20 ms): ` +
      (ratio >= 0.4 && figures.p99 < 20 ? 'met' : 'NOT met')
    );
  };
  console.log(
    `\nprices (autocannon, ${DURATION_SECONDS} s each; body ${JSON.stringify(BENCH_PRICE_REQUEST)}; ${loadAverage()})`,
  );
  console.log(line('GET /api/health (reference)', health));
  console.log(`${line('POST /api/public/prices/by_country', plain)}\n    ${verdict(plain)}`);
  console.log(`${line('  the same with Accept-Encoding: gzip (as browsers)', browser)}\n    ${verdict(browser)}`);
}

// `node --import tsx infra/bench/prices.ts http://127.0.0.1:8080`: only this bench, on a running server.
if (process.argv[1]?.endsWith('prices.ts')) {
  await benchPrices(process.argv[2] ?? 'http://127.0.0.1:8080');
}
