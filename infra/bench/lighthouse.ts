import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage } from './gateway';

/**
 * Issue 18 and 41: Lighthouse 12 (from the registry, run with Debian's Chromium) against the built
 * portal, mobile, the median of `RUNS` runs per page, at two CPU profiles: Lighthouse's own (4×
 * slower than this machine) and a cheap phone's (8×). Beside each figure the long tasks Lighthouse
 * saw (count, and the sum of their time beyond 50 ms, which is what TBT adds up in its window) and
 * the load average; a row measured with a load average above LOAD_LIMIT is marked, and not one to
 * claim a figure by. Lighthouse's simulated throttling still depends on how fast this machine runs
 * the page.
 */
const PAGES = ['/', '/track', '/tariff-calculator', '/postal-network', '/orders/parcel'] as const;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The CPU profiles of issue 41: Lighthouse's mobile default, and the cheap phone. */
const PROFILES = [
  { cpuSlowdown: 4, targets: { performance: 90, tbtMs: 200 } },
  { cpuSlowdown: 8, targets: { performance: 75, tbtMs: Number.POSITIVE_INFINITY } },
] as const;
const TARGETS = { lcpSeconds: 2.0, cls: 0.02 };
/** Above this one-minute load average the machine is busy: figures are marked, not claimed. */
export const LOAD_LIMIT = 1.5;

interface Figures {
  performance: number;
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
  longTasks: number;
  /** Milliseconds of the long tasks beyond their first 50 ms each. */
  longTaskBlockingMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Lighthouse sometimes loses a run's trace (NO_NAVSTART): such a run is made again, twice at most. */
const ATTEMPTS = 3;

interface LongTaskItem {
  duration?: number;
}

async function measureOnce(url: string, port: number, cpuSlowdown: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } },
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    if (attempt < ATTEMPTS) return measureOnce(url, port, cpuSlowdown, attempt + 1);
    throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined)?.items ?? []).map(
    (task) => task.duration ?? 0,
  );
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpSeconds: audit('largest-contentful-paint') / 1000,
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    longTasks: longTasks.length,
    longTaskBlockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
  };
}

/** The one-minute load average, and whether it is too high for a figure to be claimed. */
function machineLoad(): { text: string; busy: boolean } {
  const text = loadAverage();
  const oneMinute = Number(/load average ([\d.]+)/.exec(text)?.[1] ?? Number.NaN);
  return { text, busy: !(oneMinute <= LOAD_LIMIT) };
}

export async function benchLighthouse(base: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const { cpuSlowdown, targets } of PROFILES) {
      console.log(`\nLighthouse 12, mobile, CPU ${cpuSlowdown}× slower, median of ${RUNS} (${loadAverage()})`);
      console.log(
        `  targets: performance >= ${targets.performance}` +
          (Number.isFinite(targets.tbtMs) ? `, TBT <= ${targets.tbtMs} ms` : '') +
          `, LCP <= ${TARGETS.lcpSeconds} s, CLS <= ${TARGETS.cls}; rows at a load above ${LOAD_LIMIT} are marked BUSY`,
      );
      console.log(
        '  | page | performance | LCP | TBT | CLS | long tasks (Lighthouse lists 20 at most; their time beyond 50 ms) | load |',
      );
      console.log('  |---|---|---|---|---|---|---|');
      for (const page of PAGES) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(`${base}${page}`, chrome.port, cpuSlowdown));
        const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
        const load = machineLoad();
        console.log(
          `  | \`${page}\` | ${pick('performance')} | ${pick('lcpSeconds').toFixed(1)} s | ${pick('tbtMs').toFixed(0)} ms |` +
            ` ${pick('cls').toFixed(2)} | ${pick('longTasks')} (${pick('longTaskBlockingMs').toFixed(0)} ms) |` +
            ` ${load.text}${load.busy ? ' BUSY' : ''} |`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
}
