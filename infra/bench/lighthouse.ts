import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage } from './gateway';

/**
 * Issue 18: Lighthouse 12 (from the registry, run with Debian's Chromium) against the built portal,
 * mobile with its default simulated throttling, the median of `RUNS` runs per page. Printed as the
 * issue's table, with the targets beside it. Lighthouse's simulated throttling still depends on how
 * fast this machine runs the page: the load average is printed with every figure.
 */
const PAGES = ['/', '/track', '/tariff-calculator', '/postal-network', '/orders/parcel'] as const;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 90, lcpSeconds: 2.0, tbtMs: 200, cls: 0.02 };

interface Figures {
  performance: number;
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Lighthouse sometimes loses a run's trace (NO_NAVSTART): such a run is made again, twice at most. */
const ATTEMPTS = 3;

async function measureOnce(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    if (attempt < ATTEMPTS) return measureOnce(url, port, attempt + 1);
    throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpSeconds: audit('largest-contentful-paint') / 1000,
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

export async function benchLighthouse(base: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    console.log(`\nLighthouse 12, mobile (simulated throttling), median of ${RUNS} (${loadAverage()})`);
    console.log(
      `  targets: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpSeconds} s, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}`,
    );
    console.log('  | page | performance | LCP | TBT | CLS |');
    console.log('  |---|---|---|---|---|');
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(`${base}${page}`, chrome.port));
      const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
      console.log(
        `  | \`${page}\` | ${pick('performance')} | ${pick('lcpSeconds').toFixed(1)} s | ${pick('tbtMs').toFixed(0)} ms | ${pick('cls').toFixed(2)} |`,
      );
    }
  } finally {
    chrome.kill();
  }
}
