import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@portal/api';
import { makeS10 } from '@portal/shared-contracts/s10';
import autocannon from 'autocannon';
import { copyLine, copyRows } from './copy-rows';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { benchSizes, judge, TARGET_CONNECTIONS } from './targets';

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
const EVENTS_PER_SHIPMENT = 10;
/** Scan events seeded when BENCH_SIZE does not say: 100,000 shipments × 10. */
const DEFAULT_EVENTS = 1_000_000;
const INGEST_EVENTS = 10_000;
const INGEST_BATCH = 500;
/** Shipments paid and not yet scanned, which the ingestion moves (five scans each). */
const INGEST_JOURNEY = ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'IN_TRANSIT', 'READY_FOR_PICK_UP', 'DELIVERED'];
const INGEST_SHIPMENTS = INGEST_EVENTS / INGEST_JOURNEY.length;
const SERIAL_OFFSET = 50_000_000;

// A seeded journey (codes and the statuses api/src/modules/tracking/event-codes.ts gives them).
const SEEDED_JOURNEY: [code: string, status: string][] = [
  ['ACCEPTED_PARCEL_LOCKER', 'transferred'],
  ['SORTED', 'processed'],
  ['IN_TRANSIT', 'sent'],
  ['SORTED', 'processed'],
  ['DISPATCHED_ABROAD', 'sentAbroad'],
  ['ARRIVED_IN_DESTINATION_COUNTRY', 'sentAbroad'],
  ['SORTED', 'processed'],
  ['OUT_FOR_DELIVERY', 'releasedForDelivery'],
  ['READY_FOR_PICK_UP', 'releasedForDelivery'],
  ['DELIVERED', 'delivered'],
];

/**
 * S10 number `BE` + 8-digit serial + check digit + `LV`, computed in SQL (UPU S10 weights
 * 8 6 4 2 3 5 9 7; 11 − sum mod 11, 10 → 0, 11 → 5) so that no list of numbers crosses over.
 */
const s10Sql = (serial: string) => `(
  'BE' || lpad((${serial})::text, 8, '0') || (
    select case c when 10 then 0 when 11 then 5 else c end
    from (select 11 - (
      8 * substr(d, 1, 1)::int + 6 * substr(d, 2, 1)::int + 4 * substr(d, 3, 1)::int + 2 * substr(d, 4, 1)::int +
      3 * substr(d, 5, 1)::int + 5 * substr(d, 6, 1)::int + 9 * substr(d, 7, 1)::int + 7 * substr(d, 8, 1)::int
    ) % 11 as c from (select lpad((${serial})::text, 8, '0') as d) digits) check_digit
  )::text || 'LV')`;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * The seeded shipments' first scans spread over this many days before SEED_DAYS_BEFORE, so that
 * the events fill a year of month partitions (issue 41) and a lookup meets them all.
 */
const SPREAD_DAYS = 360;
const SEED_DAYS_BEFORE = 9;
const SEED_LOCATION = { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' };
const EVENT_COLUMNS = [
  'source',
  'event_id',
  'shipment_number',
  'code',
  'status',
  'occurred_at',
  'received_at',
  'location',
] as const;

/** The seeded events as COPY lines: shipment g of `shipments` (oldest first), its ten scans 16 hours apart. */
export function* seededEvents(shipments: number, now: number): Generator<string> {
  for (let g = 1; g <= shipments; g++) {
    const number = makeS10('BE', SERIAL_OFFSET + g);
    const start = now - SEED_DAYS_BEFORE * DAY_MS - Math.floor((SPREAD_DAYS * DAY_MS * (shipments - g)) / shipments);
    for (const [index, [code, status]] of SEEDED_JOURNEY.entries()) {
      const at = new Date(start + (index + 1) * 16 * HOUR_MS);
      yield copyLine(['bench-seed', `${number}-${index + 1}`, number, code, status, at, at, SEED_LOCATION]);
    }
  }
}

/**
 * The month partitions from `from`'s month to the current one (the migration made the recent ones;
 * the tracking-partitions job makes those ahead). A month whose events already sit in the default
 * partition cannot be made this way: the bench wants a database of its own.
 */
async function ensureMonths(db: Database, from: Date): Promise<void> {
  const now = new Date();
  for (
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    month <= now;
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  ) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const name = `tracking_events_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    await db.orm.execute(
      `create table if not exists "${name}" partition of tracking_events
       for values from ('${month.toISOString()}') to ('${next.toISOString()}')`,
    );
  }
}

/**
 * What the events take on disk: the partitions' tables, indexes and TOAST (pg_total_relation_size),
 * per million events, and what a day of the national volume adds at that rate.
 */
export async function trackingStorage(db: Database): Promise<{ events: number; bytes: number; partitions: number }> {
  const [row] = (
    (await db.orm.execute(`
      select count(*)::int as partitions, coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes,
        (select count(*)::int from tracking_events) as events
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'tracking_events'::regclass`)) as unknown as {
      rows: { partitions: number; bytes: string | number; events: number }[];
    }
  ).rows;
  return { events: row?.events ?? 0, bytes: Number(row?.bytes ?? 0), partitions: row?.partitions ?? 0 };
}

/**
 * The national volume the growth per day is stated at. An assumption, not a published figure:
 * issue 41's "tens of millions of items a year and several events per item", taken as 30,000,000
 * items a year × 6 scan events = 180,000,000 events a year, about 493,000 a day.
 */
export const NATIONAL_EVENTS_PER_DAY = Math.round((30_000_000 * 6) / 365);

function describeStorage({ events, bytes, partitions }: { events: number; bytes: number; partitions: number }) {
  const perMillion = events > 0 ? (bytes / events) * 1_000_000 : 0;
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
  return (
    `  storage: ${events.toLocaleString('en')} events in ${partitions} partitions take ${mb(bytes)}` +
    ` (tables + indexes + TOAST): ${mb(perMillion)} per million events; at an assumed national volume of` +
    ` ${NATIONAL_EVENTS_PER_DAY.toLocaleString('en')} events a day (30,000,000 items a year × 6 scans, issue 41's` +
    ` "tens of millions of items, several events each") that is ${mb((perMillion * NATIONAL_EVENTS_PER_DAY) / 1_000_000)} a day,` +
    ` ${((perMillion * NATIONAL_EVENTS_PER_DAY * 365) / 1_000_000 / 1024 ** 3).toFixed(0)} GB a year (${loadAverage()})`
  );
}

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

/** The seed itself, on an open database (also used to look at query plans by hand). */
export async function seedTrackingEvents(
  db: Database,
  started = performance.now(),
  shipments = DEFAULT_EVENTS / EVENTS_PER_SHIPMENT,
): Promise<number> {
  {
    // A PostgreSQL bench database is reused between runs: the previous run's rows go first.
    await db.orm.execute(`delete from tracking_events where source = 'bench-seed'`);
    await db.orm.execute(`delete from tracking_events where event_id like 'bench-%'`);
    // Without the dead rows, which a later run's seed and lookups would otherwise step over.
    await db.orm.execute('vacuum tracking_events');
    await db.orm.execute(`delete from orders where key like 'bench-%'`);
    const total = shipments + INGEST_SHIPMENTS;
    await db.orm.execute(`
      insert into orders (key, status, e_notification, terms_accepted, privacy_accepted, paid_at)
      select 'bench-' || g, 'paid', 'disagree', true, true, now() - interval '10 days'
      from generate_series(1, ${total}) g`);
    await db.orm.execute(`
      insert into order_lines (order_id, position, status, country_code, barcode, status_date, transferred_at, sent_at)
      select o.id, 1,
        case when g <= ${shipments} then 'delivered' else 'paid' end,
        'LT', ${s10Sql(`${SERIAL_OFFSET} + g`)},
        now() - interval '1 day',
        case when g <= ${shipments} then now() - interval '9 days' end,
        case when g <= ${shipments} then now() - interval '8 days' end
      from generate_series(1, ${total}) g join orders o on o.key = 'bench-' || g`);
    const from = new Date(Date.now() - (SEED_DAYS_BEFORE + SPREAD_DAYS) * DAY_MS);
    await ensureMonths(db, from);
    // COPY, oldest shipment first (so that the rows reach one month's partition after the other).
    const copied = await copyRows(db, 'tracking_events', EVENT_COLUMNS, seededEvents(shipments, Date.now()));
    if (copied !== shipments * EVENTS_PER_SHIPMENT) throw new Error(`copied ${copied} tracking events`);
    await db.orm.execute('analyze');
    const [row] = (
      (await db.orm.execute('select count(*)::int as n from tracking_events')) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    const [first] = (
      (await db.orm.execute(
        `select barcode from order_lines where barcode like 'BE%' order by id limit 1`,
      )) as unknown as {
        rows: { barcode: string }[];
      }
    ).rows;
    // The SQL check digit must agree with the portal's own S10 code, or every lookup would be a 400.
    if (first?.barcode !== makeS10('BE', SERIAL_OFFSET + 1)) {
      throw new Error(`seeded number ${first?.barcode} is not ${makeS10('BE', SERIAL_OFFSET + 1)}`);
    }
    console.log(
      `  seeded ${row?.n.toLocaleString('en')} tracking events (${shipments.toLocaleString('en')} shipments × ${EVENTS_PER_SHIPMENT})` +
        ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return row?.n ?? 0;
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

async function ingestion(base: string, shipments: number) {
  const token = await ingestToken(base);
  const numbers = Array.from({ length: INGEST_SHIPMENTS }, (_, index) =>
    makeS10('BE', SERIAL_OFFSET + shipments + 1 + index),
  );
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
  const loadBefore = loadAverage();
  const totals = { stored: 0, duplicates: 0, flagged: 0, rejected: 0 };
  const started = performance.now();
  const batchMs: number[] = [];
  for (let offset = 0; offset < events.length; offset += INGEST_BATCH) {
    const batchStarted = performance.now();
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
  const median = [...batchMs].sort((a, b) => a - b)[Math.floor(batchMs.length / 2)] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ingestion: ${events.length.toLocaleString('en')} events in ${events.length / INGEST_BATCH} batches of ${INGEST_BATCH}` +
      ` (${INGEST_SHIPMENTS.toLocaleString('en')} shipments × ${INGEST_JOURNEY.length} scans, one batch after the other):` +
      ` ${(events.length / seconds).toFixed(0)} events/s, ${seconds.toFixed(2)} s` +
      ` (stored ${totals.stored}, duplicates ${totals.duplicates}, flagged ${totals.flagged}, rejected ${totals.rejected};` +
      ` target ≥ 5,000 events/s; ${loadBefore})`,
  );
  // The gateway has only served lookups so far: its first batches run PGlite's write path cold.
  console.log(
    `  ingestion batches: first ${batchMs[0]?.toFixed(0)} ms, median ${median.toFixed(0)} ms` +
      ` (${((INGEST_BATCH / median) * 1000).toFixed(0)} events/s at the median batch)`,
  );
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
