import autocannon from 'autocannon';
import { loadAverage } from './gateway';
import { TARGET_CONNECTIONS } from './targets';

/**
 * Issue 18: what a page costs the gateway now that it renders the first screen
 * (infra/gateway/first-screen.ts). `/` as visitors ask for it (the render is kept, so this is
 * the page's assembly: remotes file, preloads, markup), and `/?visit=N` with a new query each time,
 * which renders every time (the cost of a page not yet kept). At one connection by p50/p99, at 50
 * by throughput as a share of the health check's in the same run. No target: printed to watch.
 */
const DURATION_SECONDS = 5;

async function load(connections: number, options: autocannon.Options) {
  const result = await autocannon({ connections, duration: DURATION_SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function benchPages(base: string): Promise<void> {
  const home = await (await fetch(`${base}/`)).text();
  if (!home.includes('data-first-screen=')) throw new Error('the gateway served / without its first screen');
  let visit = 0;
  const everyTimeNew: autocannon.Options = {
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/?visit=${visit++}` }) }],
  };
  await load(10, { url: `${base}/` }); // warm-up
  console.log(
    `\npages: the gateway's answer with the first screen (autocannon, ${DURATION_SECONDS} s each; ${loadAverage()})`,
  );
  for (const connections of [1, TARGET_CONNECTIONS]) {
    const health = await load(connections, { url: `${base}/api/health` });
    for (const [name, options] of [
      ['/ (render kept)', { url: `${base}/` }],
      ['/?visit=N (rendered each time)', everyTimeNew],
    ] as const) {
      const figures = await load(connections, options);
      const share = health.rps > 0 ? ((figures.rps / health.rps) * 100).toFixed(0) : '0';
      console.log(
        `  ${name} @${connections}: ${figures.rps.toFixed(0)} req/s (${share} % of health's ${health.rps.toFixed(0)}),` +
          ` p50 ${figures.p50} ms, p99 ${figures.p99} ms, errors ${figures.errors}`,
      );
    }
  }
}
