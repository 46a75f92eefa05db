import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, rotateTrackingPartitions, trackingPartitions } from '@portal/api';
import { makeS10 } from '@portal/shared-contracts/s10';
import autocannon from 'autocannon';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { benchSizes, judge, TARGET_CONNECTIONS } from './targets';
import {
  DEFAULT_EVENTS,
  describeStorage,
  EVENTS_PER_SHIPMENT,
  INGEST_JOURNEY,
  INGEST_SHIPMENTS,
  SERIAL_OFFSET,
  seedTrackingEvents,
  trackingStorage,
} from './tracking-seed';

/**
 * Tracking figures of issue 6, printed by `npm run bench`:
 *   - public lookup (GET /api/public/tracking/{number}) with 1,000,000 scan events in the
 *     database (or each size of BENCH_SIZE, in scan events): p99 at one connection and throughput
 *     at 50 as a share of the same gateway's health check (issue 18's targets, targets.ts)
 *   - ingestion of 10,000 events in batches of 500 through POST /api/tracking/events (events/s)
 *   - the events' size on disk per million and the growth a day at a stated national volume
 *
 * How it is honest: the events are seeded with COPY (copy-rows.ts; issue 41: 10,000,000 events in
 * minutes), spread over a year of month partitions, into a PGlite folder or PostgreSQL database
 * opened with the API's own `openDatabase` (its migrations, its partitions, its indexes), which is then
 * closed and handed to a gateway started exactly as `npm run serve` starts it. Every figure is
 * measured over HTTP against that child process; nothing of the measured path runs in this
 * process. The lookups ask for random shipments of the 100,000 seeded, so caches do not flatter.
 * Ingestion posts with a token of the dev identity provider's machine client (client
 * credentials), as the sorting systems and the simulator do.
 */
const INGEST_BATCH = 500;

/** Seeds `dataDir`: `shipments` delivered shipments with 10 scans each, and 2,000 paid ones without. */
async function seed(target: { dataDir: string } | { url: string }, shipments: number): Promise<number> {
  const started = performance.now();
  const db = await openDatabase(target);
  try {
    const seeded = await seedTrackingEvents(db, started, shipments);
    console.log(describeStorage(await trackingStorage(db)));
    return seeded;
  } finally {
    await db.close();
  }
}

/** A token of the dev identity provider's machine client (client credentials, tracking:ingest). */
async function ingestToken(base: string): Promise<string> {
  const discovery = (await (await fetch(`${base}/idp/.well-known/openid-configuration`)).json()) as {
    token_endpoint: string;
  };
  const id = process.env.TRACKING_CLIENT_ID ?? 'tracking-simulator';
  const secret = process.env.TRACKING_CLIENT_SECRET ?? 'dev-tracking-simulator-secret-not-for-production';
  const answer = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'tracking:ingest' }),
  });
  if (!answer.ok) throw new Error(`no machine token: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const randomLookup = (shipments: number): autocannon.Request => ({
  method: 'GET',
  setupRequest: (request) => ({
    ...request,
    path: `/api/public/tracking/${makeS10('BE', SERIAL_OFFSET + 1 + Math.floor(Math.random() * shipments))}`,
  }),
});

/**
 * At 50 connections (throughput) and at 1 (the latency of one lookup with nothing queued before
 * it). A closed loop of 50 connections keeps 50 requests in the process at all times, so its p99 is
 * at least 50 / throughput (Little's law) whatever a lookup costs: the health endpoint itself shows
 * it. So at 50 the share of health's throughput tells what the lookup itself costs.
 * Answers the one-connection p50 and p99, for the growth line across sizes.
 */
async function lookups(base: string, shipments: number): Promise<{ p50: number; p99: number }> {
  let atOne = { p50: 0, p99: 0 };
  for (const connections of [TARGET_CONNECTIONS, 1]) {
    const health = await autocannon({ url: `${base}/api/health`, connections, duration: 5 });
    const loadBefore = loadAverage();
    const lookup = await autocannon({ url: base, connections, duration: 10, requests: [randomLookup(shipments)] });
    const figures = { rps: lookup.requests.average, p99: lookup.latency.p99 };
    console.log(
      `  @${connections} connection(s): /api/health ${health.requests.average.toFixed(0)} req/s, p99 ${health.latency.p99} ms;` +
        ` /api/public/tracking/{random of ${shipments.toLocaleString('en')}} ${figures.rps.toFixed(0)} req/s,` +
        ` p50 ${lookup.latency.p50} ms, p99 ${figures.p99} ms, errors ${lookup.errors + lookup.non2xx};` +
        ` ${judge('tracking', connections, figures, health.requests.average)} (${loadBefore})`,
    );
    if (connections === 1) atOne = { p50: lookup.latency.p50, p99: lookup.latency.p99 };
  }
  return atOne;
}

/** The batches' times of one ingestion run, in order, and its events per second. */
interface IngestionRun {
  batchMs: number[];
  /** When each batch was sent (performance.now()). */
  batchStarts: number[];
  eventsPerSecond: number;
}

/**
 * Posts INGEST_SHIPMENTS shipments' scans in batches; `firstSerial` numbers the shipments (a run of
 * its own needs numbers no other run has used, or its events would be duplicates).
 */
async function ingest(base: string, firstSerial: number): Promise<IngestionRun & { totals: Record<string, number> }> {
  const token = await ingestToken(base);
  const numbers = Array.from({ length: INGEST_SHIPMENTS }, (_, index) => makeS10('BE', firstSerial + index));
  // Each shipment's five scans, an hour apart, shipments interleaved as a sorting centre sees them.
  const start = Date.now() - 24 * 3_600_000;
  const events = INGEST_JOURNEY.flatMap((code, step) =>
    numbers.map((number) => ({
      eventId: `bench-${number}-${step}`,
      shipmentNumber: number,
      code,
      occurredAt: new Date(start + step * 3_600_000).toISOString(),
      location: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
    })),
  );
  const totals = { stored: 0, duplicates: 0, flagged: 0, rejected: 0 };
  const started = performance.now();
  const batchMs: number[] = [];
  const batchStarts: number[] = [];
  for (let offset = 0; offset < events.length; offset += INGEST_BATCH) {
    const batchStarted = performance.now();
    batchStarts.push(batchStarted);
    const answer = await fetch(`${base}/api/tracking/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: events.slice(offset, offset + INGEST_BATCH) }),
    });
    if (!answer.ok) throw new Error(`ingestion refused: ${answer.status} ${await answer.text()}`);
    const result = (await answer.json()) as {
      stored: number;
      duplicates: number;
      flagged: unknown[];
      rejected: unknown[];
    };
    totals.stored += result.stored;
    totals.duplicates += result.duplicates;
    totals.flagged += result.flagged.length;
    totals.rejected += result.rejected.length;
    batchMs.push(performance.now() - batchStarted);
  }
  const seconds = (performance.now() - started) / 1000;
  return { batchMs, batchStarts, eventsPerSecond: events.length / seconds, totals };
}

const quantile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

async function ingestion(base: string, shipments: number) {
  const loadBefore = loadAverage();
  const events = INGEST_SHIPMENTS * INGEST_JOURNEY.length;
  const { batchMs, eventsPerSecond, totals } = await ingest(base, SERIAL_OFFSET + shipments + 1);
  const median = quantile(batchMs, 0.5);
  const seconds = events / eventsPerSecond;
  console.log(
    `  ingestion: ${events.toLocaleString('en')} events in ${events / INGEST_BATCH} batches of ${INGEST_BATCH}` +
      ` (${INGEST_SHIPMENTS.toLocaleString('en')} shipments × ${INGEST_JOURNEY.length} scans, one batch after the other):` +
      ` ${eventsPerSecond.toFixed(0)} events/s, ${seconds.toFixed(2)} s` +
      ` (stored ${totals.stored}, duplicates ${totals.duplicates}, flagged ${totals.flagged}, rejected ${totals.rejected};` +
      ` target ≥ 5,000 events/s; ${loadBefore})`,
  );
  // The gateway has only served lookups so far: its first batches run PGlite's write path cold.
  console.log(
    `  ingestion batches: first ${batchMs[0]?.toFixed(0)} ms, median ${median.toFixed(0)} ms` +
      ` (${((INGEST_BATCH / median) * 1000).toFixed(0)} events/s at the median batch)`,
  );
}

/**
 * Issue 41 item 2: a month's detach and drop (the tracking-partitions job's turn) must not hold
 * ingestion up. On PostgreSQL, an ingestion run alone, then another with the job's turn started in
 * this process beside it, dropping the oldest seeded month: the batches' p50/p99 of each, the
 * slowest batch while the turn ran, and how long the turn took. (PGlite: one process owns the
 * folder, so the turn cannot run beside the gateway; there the job runs inside the gateway itself.)
 */
async function detachDuringIngestion(base: string, url: string, shipments: number) {
  const db = await openDatabase({ url });
  try {
    const months = await trackingPartitions(db.orm);
    const oldest = months[0];
    if (!oldest) return;
    const alone = await ingest(base, SERIAL_OFFSET + shipments + 1 + INGEST_SHIPMENTS);
    // The retention that makes exactly the oldest month expire: its end plus a day is past it.
    const endOfOldest = new Date(Date.UTC(oldest.start.getUTCFullYear(), oldest.start.getUTCMonth() + 1, 1));
    const retentionDays = Math.floor((Date.now() - endOfOldest.getTime()) / 86_400_000) - 1;
    const loadBefore = loadAverage();
    let turnEnded = Number.POSITIVE_INFINITY;
    const turnStarted = performance.now();
    const turn = rotateTrackingPartitions(db.orm, {
      now: new Date(),
      monthsAhead: 1,
      retentionDays,
      keepShipments: [],
    }).finally(() => {
      turnEnded = performance.now();
    });
    const beside = await ingest(base, SERIAL_OFFSET + shipments + 1 + 2 * INGEST_SHIPMENTS);
    const { dropped } = await turn;
    // The batches sent before the turn ended: those it could have held up.
    const during = beside.batchMs.filter((_, index) => (beside.batchStarts[index] ?? 0) < turnEnded);
    console.log(
      `  partition detach and drop during ingestion (PostgreSQL): the turn dropped ${dropped.join(', ') || 'nothing'}` +
        ` in ${(turnEnded - turnStarted).toFixed(0)} ms; ingestion batches alone p50/p99 ${quantile(alone.batchMs, 0.5).toFixed(0)}/` +
        `${quantile(alone.batchMs, 0.99).toFixed(0)} ms (${alone.eventsPerSecond.toFixed(0)} events/s), beside the turn` +
        ` ${quantile(beside.batchMs, 0.5).toFixed(0)}/${quantile(beside.batchMs, 0.99).toFixed(0)} ms` +
        ` (${beside.eventsPerSecond.toFixed(0)} events/s), slowest batch while it ran ${Math.max(0, ...during).toFixed(0)} ms` +
        `; unknown shipments flagged ${alone.totals.flagged} and ${beside.totals.flagged}` +
        ` (${loadBefore})`,
    );
  } finally {
    await db.close();
  }
}

/** A person looking up 20 parcels one after another: the lookups' times, sorted, and how many were refused. */
async function honestLookups(base: string, shipments: number): Promise<{ ms: number[]; refused: number }> {
  const ms: number[] = [];
  let refused = 0;
  for (let lookup = 0; lookup < 20; lookup++) {
    const started = performance.now();
    const answer = await fetch(
      `${base}/api/public/tracking/${makeS10('BE', SERIAL_OFFSET + 1 + (lookup % shipments))}`,
    );
    await answer.arrayBuffer();
    ms.push(performance.now() - started);
    if (answer.status === 429) refused++;
  }
  return { ms: ms.sort((a, b) => a - b), refused };
}

const describeLookups = ({ ms, refused }: { ms: number[]; refused: number }) =>
  `p50 ${ms[10]?.toFixed(1)} ms, max ${ms.at(-1)?.toFixed(1)} ms, refused ${refused}`;

/**
 * Issue 36 item 5: what the anonymous lookup limit costs (RATE_LIMIT_TRACKING, the default 60 a
 * minute): the same honest visitor with the limit on and off, and a walk of 100 consecutive numbers
 * from one address after it.
 */
async function lookupLimit(base: string, shipments: number, withoutLimit: { ms: number[]; refused: number }) {
  const withLimit = await honestLookups(base, shipments);
  const walk: number[] = [];
  for (let step = 0; step < 100; step++) {
    walk.push(
      (await fetch(`${base}/api/public/tracking/${makeS10('BE', SERIAL_OFFSET + 1 + shipments + step)}`)).status,
    );
  }
  const cutAfter = walk.indexOf(429);
  console.log(
    `  lookup limit (RATE_LIMIT_TRACKING 60/min): an honest visitor's 20 lookups one after another, with the limit` +
      ` ${describeLookups(withLimit)}; without it ${describeLookups(withoutLimit)}; then a walk of 100 consecutive` +
      ` numbers from the same address was cut off ${cutAfter < 0 ? 'never' : `after ${cutAfter} numbers`}` +
      ` (${loadAverage()})`,
  );
}

export async function benchTracking(port: number): Promise<void> {
  console.log('\ntracking (issues 6 and 18)');
  const base = `http://127.0.0.1:${port}`;
  // PGlite by default (a fresh folder each size); with DATABASE_URL, that PostgreSQL database (the
  // gateway then uses it too): a database of its own, since the bench writes a million rows.
  const url = process.env.DATABASE_URL;
  console.log(`  database: ${url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite, file-backed folder'}`);
  const growth: string[] = [];
  for (const events of benchSizes(DEFAULT_EVENTS)) {
    const shipments = Math.max(1, Math.round(events / EVENTS_PER_SHIPMENT));
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-tracking-'));
    try {
      await seed(url ? { url } : { dataDir }, shipments);
      const gateway = await startGateway(port, dataDir);
      try {
        const atOne = await lookups(base, shipments);
        growth.push(`${events.toLocaleString('en')} events ${atOne.p50}/${atOne.p99}`);
        await ingestion(base, shipments);
        if (url) await detachDuringIngestion(base, url, shipments);
        if (growth.length === 1) {
          // Both measured on a gateway just started, so that neither has the other's warm-up.
          await stopGateway(gateway);
          const unlimited = await startGateway(port, dataDir);
          const withoutLimit = await honestLookups(base, shipments).finally(() => stopGateway(unlimited));
          const limited = await startGateway(port, dataDir, { RATE_LIMIT: 'on', RATE_LIMIT_TRACKING: '60' });
          try {
            await lookupLimit(base, shipments, withoutLimit);
          } finally {
            await stopGateway(limited);
          }
        }
      } finally {
        if (gateway.exitCode === null && !gateway.killed) await stopGateway(gateway);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (growth.length > 1) console.log(`  tracking lookup @1 connection by size, p50/p99 ms: ${growth.join('; ')}`);
}
