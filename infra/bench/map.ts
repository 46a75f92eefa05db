import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { measurePage } from './frontend-size';

/**
 * Figures of the postal network map (issue 7), printed by `npm run bench`:
 *   - JavaScript the map page loads (gzip): mf-map's files and the shared modules it asks the shell for
 *   - the whole-network markers answer as sent (gzip; target < 150 KB)
 *   - time from navigation to the first markers drawn in Chromium (median of 5; target < 1.5 s)
 *   - API p99 of a bounding-box query (Riga) at 50 connections
 * Each timing is printed with the load average: the machine's two cores are shared.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const loadAverage = () => {
  try {
    return `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;
  } catch {
    return 'load average unknown';
  }
};
const MARKERS_DRAWN_MARK = 'mf-map:markers-drawn';

async function markersDrawnMs(base: string, runs = 5): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh context each time: nothing cached, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      // No internet on build machines: refuse tiles at once rather than wait for DNS.
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
      await page.goto(`${base}/postal-network`);
      const handle = await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark)[0]?.startTime,
        MARKERS_DRAWN_MARK,
        { timeout: 30_000 },
      );
      times.push(Number(await handle.jsonValue()));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function benchMap(base: string): Promise<void> {
  console.log('\nmap (/postal-network)');
  const page = await measurePage(base, '/postal-network');
  const mapJs = page.allJs.files.filter((file) => file.url.startsWith('/remotes/mf-map/'));
  const mapJsBytes = mapJs.reduce((sum, file) => sum + file.gzipBytes, 0);
  const shellFirst = new Set(page.shellJs.files.map((file) => file.url));
  const askedOfShell = page.allJs.files
    .filter((file) => !file.url.startsWith('/remotes/') && !shellFirst.has(file.url))
    .reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(
    `  JavaScript of the map page: mf-map ${kb(mapJsBytes)} gzip (${mapJs.length} files, Leaflet and the offline outlines included)` +
      ` + shared modules it asked the shell for ${kb(askedOfShell)} gzip`,
  );

  const plain = await fetch(`${base}/api/public/service_locations/markers`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const json = Buffer.from(await plain.arrayBuffer());
  const count = (JSON.parse(json.toString('utf8')) as { markers: unknown[] }).markers.length;
  console.log(
    `  locations payload (/api/public/service_locations/markers, ${count} places): ${kb(json.length)} JSON,` +
      ` ${kb(gzipSync(json, { level: 9 }).length)} gzip as served (target < 150 KB)`,
  );

  const loadBefore = loadAverage();
  const times = await markersDrawnMs(base);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
  console.log(
    `  navigation → markers drawn (Chromium, fresh cache): median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')} (target < 1500 ms; ${loadBefore})`,
  );

  const path = '/api/public/service_locations?bbox=24.0,56.9,24.2,57.0&itemsPerPage=100';
  await fetch(`${base}${path}`); // the location cache is built on first use
  const loadBeforeApi = loadAverage();
  const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: 5 });
  console.log(
    `  ${path} @50 connections: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx} (the issue sets no target for it; ${loadBeforeApi})`,
  );
  for (const search of MAP_SEARCHES) await benchSearch(base, search);
}

/** What one search in the map's box asks: the network's places and, beside them, the gazetteer's. */
export const MAP_SEARCHES = [
  '/api/public/service_locations?q=Riga&itemsPerPage=50',
  '/api/public/places?q=seces%20pagasts&itemsPerPage=5',
  '/api/public/places?q=LV%204833&itemsPerPage=5',
];

async function benchSearch(base: string, path: string): Promise<void> {
  await fetch(`${base}${path}`); // the location cache and the gazetteer are built on first use
  const loadBefore = loadAverage();
  const result = await autocannon({ url: `${base}${path}`, connections: 1, duration: 5 });
  console.log(
    `  ${path} @1 connection: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx} (target p99 < 100 ms; ${loadBefore})`,
  );
}
