import type { Database } from '@portal/api';
import { makeS10 } from '@portal/shared-contracts/s10';
import { copyLine, copyRows } from './copy-rows';
import { loadAverage } from './load-average';

/**
 * The tracking bench's data (tracking.ts measures on it; bench-seeds.test.ts runs it small in
 * `npm test`): delivered shipments with ten scans each, COPYed over a year of month partitions,
 * and the shipments the ingestion moves.
 */
export const EVENTS_PER_SHIPMENT = 10;
/** Scan events seeded when BENCH_SIZE does not say: 100,000 shipments × 10. */
export const DEFAULT_EVENTS = 1_000_000;
export const INGEST_EVENTS = 10_000;
/** Shipments paid and not yet scanned, which the ingestion moves (five scans each). */
export const INGEST_JOURNEY = ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'IN_TRANSIT', 'READY_FOR_PICK_UP', 'DELIVERED'];
export const INGEST_SHIPMENTS = INGEST_EVENTS / INGEST_JOURNEY.length;
/**
 * Ingestion runs of the bench (the ingestion figure, then on PostgreSQL one alone and one beside a
 * partition's drop): each moves shipments of its own that the portal knows, as a scanner's are.
 * With lines for the first run only, the two after it ingested unknown numbers, which are stored
 * with their flag and replay nothing: 8,800–11,900 events/s against 1,600–2,900 for known ones.
 */
export const INGEST_RUNS = 3;
export const SERIAL_OFFSET = 50_000_000;

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

/** Bytes per million events, and a day's growth at NATIONAL_EVENTS_PER_DAY, from trackingStorage's figures. */
export function storageGrowth({ events, bytes }: { events: number; bytes: number }) {
  const perMillion = events > 0 ? (bytes / events) * 1_000_000 : 0;
  return { perMillion, perDay: (perMillion * NATIONAL_EVENTS_PER_DAY) / 1_000_000 };
}

export function describeStorage({ events, bytes, partitions }: { events: number; bytes: number; partitions: number }) {
  const { perMillion, perDay } = storageGrowth({ events, bytes });
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
  return (
    `  storage: ${events.toLocaleString('en')} events in ${partitions} partitions take ${mb(bytes)}` +
    ` (tables + indexes + TOAST): ${mb(perMillion)} per million events; at an assumed national volume of` +
    ` ${NATIONAL_EVENTS_PER_DAY.toLocaleString('en')} events a day (30,000,000 items a year × 6 scans, issue 41's` +
    ` "tens of millions of items, several events each") that is ${mb(perDay)} a day,` +
    ` ${((perDay * 365) / 1024 ** 3).toFixed(0)} GB a year (${loadAverage()})`
  );
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
    const total = shipments + INGEST_RUNS * INGEST_SHIPMENTS;
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
        `select barcode from order_lines where barcode like 'BE%' order by barcode limit 1`,
      )) as unknown as {
        rows: { barcode: string }[];
      }
    ).rows;
    // The SQL check digit must agree with the portal's own S10 code, or every lookup would be a 400
    // (the lowest number: the lines' ids follow no order of the series).
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
