import { sql } from 'drizzle-orm';
import type { Orm } from '../../db';

// tracking_events is partitioned by month of `occurred_at` (UTC), one table per month named
// tracking_events_yYYYYmMM, plus tracking_events_default for events outside every month (the
// migration `data_retention` made it). This keeps the months: created ahead, and dropped whole once past the
// retention, which costs no row-by-row delete and leaves no bloat (issue 41).

const PARENT = 'tracking_events';
const DEFAULT_PARTITION = 'tracking_events_default';
const NAME = /^tracking_events_y(\d{4})m(\d{2})$/;
const DAY_MS = 86_400_000;
/** How long a detach waits for the table's lock before the turn gives up. */
const LOCK_TIMEOUT = '5s';

export interface PartitionPlan {
  now: Date;
  /** How many months after the current one must already have their partition. */
  monthsAhead: number;
  /** A month is dropped once all of it is older than this many days. */
  retentionDays: number;
  /** Shipments whose events are kept past the retention (open complaints): moved to the default partition. */
  keepShipments: readonly string[];
}

export interface PartitionTurn {
  created: string[];
  dropped: string[];
  /** Events of kept shipments moved out of dropped months into the default partition. */
  keptEvents: number;
  /** Events past the retention deleted from the default partition. */
  trimmedFromDefault: number;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const nameOf = (start: Date) =>
  `${PARENT}_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asJson = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The month partitions of tracking_events, by the month they start. */
export async function trackingPartitions(orm: Orm): Promise<{ name: string; start: Date }[]> {
  return monthTables(
    await orm.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${PARENT}::regclass`),
  );
}

/** Month tables no longer attached: detached by an earlier turn that stopped before dropping them. */
async function detachedMonths(orm: Orm): Promise<{ name: string; start: Date }[]> {
  return monthTables(
    await orm.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
        and c.relname like 'tracking\_events\_y%' and not c.relispartition`),
  );
}

function monthTables(result: unknown): { name: string; start: Date }[] {
  return rowsOf<{ name: string }>(result)
    .flatMap(({ name }) => {
      const match = NAME.exec(name);
      return match ? [{ name, start: monthStart(Number(match[1]), Number(match[2]) - 1) }] : [];
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Creates the months from the current one to `monthsAhead` later that are missing, drops the months
 * wholly older than the retention (after moving the events of kept shipments to the default
 * partition), and trims the default partition by the same rule. Safe to run at any time and again.
 */
export async function rotateTrackingPartitions(orm: Orm, plan: PartitionPlan): Promise<PartitionTurn> {
  const existing = await trackingPartitions(orm);
  const have = new Set(existing.map(({ name }) => name));
  const created: string[] = [];
  const current = monthStart(plan.now.getUTCFullYear(), plan.now.getUTCMonth());
  for (let ahead = 0; ahead <= plan.monthsAhead; ahead++) {
    const start = monthStart(current.getUTCFullYear(), current.getUTCMonth() + ahead);
    const name = nameOf(start);
    if (have.has(name)) continue;
    await createMonth(orm, name, start, monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1));
    created.push(name);
  }

  const cutoff = new Date(plan.now.getTime() - plan.retentionDays * DAY_MS);
  const expired = ({ start }: { start: Date }) =>
    monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1).getTime() <= cutoff.getTime();
  // Detaching takes an exclusive lock on tracking_events (DETACH CONCURRENTLY is refused while a
  // default partition exists), so it is a transaction of its own, given up after LOCK_TIMEOUT
  // rather than queueing ingestion and lookups behind it; the next turn tries again.
  for (const month of existing.filter(expired)) {
    await orm.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
      await tx.execute(sql.raw(`alter table "${PARENT}" detach partition "${month.name}"`));
    });
  }
  // Then, with no lock on the parent beyond an insert's, the kept shipments' events go back in
  // through it (their month has no partition now: they land in the default one) and the month is
  // dropped. A month a failed turn left detached is finished here too.
  const keep = asJson(plan.keepShipments);
  const dropped: string[] = [];
  let keptEvents = 0;
  for (const { name } of (await detachedMonths(orm)).filter(expired)) {
    keptEvents += await orm.transaction(async (tx) => {
      const kept = rowsOf<unknown>(
        await tx.execute(sql`
          insert into ${sql.identifier(PARENT)} select * from ${sql.identifier(name)}
          where shipment_number in (select jsonb_array_elements_text(${keep}))
          returning 1`),
      ).length;
      await tx.execute(sql.raw(`drop table "${name}"`));
      return kept;
    });
    dropped.push(name);
  }
  const trimmed = rowsOf<unknown>(
    await orm.execute(sql`
      delete from ${sql.identifier(DEFAULT_PARTITION)}
      where occurred_at < ${cutoff.toISOString()}::timestamptz
        and shipment_number not in (select jsonb_array_elements_text(${keep}))
      returning 1`),
  ).length;
  return { created, dropped, keptEvents, trimmedFromDefault: trimmed };
}

/**
 * A month's partition, built beside the table and then attached: the events of that month already
 * in the default partition (posted before the month was created) move into it first, since a new
 * range may not overlap rows the default partition holds. Attaching locks ingestion less than
 * CREATE ... PARTITION OF would (SHARE UPDATE EXCLUSIVE on the parent).
 */
async function createMonth(orm: Orm, name: string, start: Date, end: Date): Promise<void> {
  const from = start.toISOString();
  const to = end.toISOString();
  await orm.transaction(async (tx) => {
    await tx.execute(sql.raw(`create table "${name}" (like "${PARENT}" including defaults including constraints)`));
    await tx.execute(sql`
      with moved as (
        delete from ${sql.identifier(DEFAULT_PARTITION)}
        where occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz
        returning *
      )
      insert into ${sql.identifier(name)} select * from moved`);
    await tx.execute(
      sql.raw(`alter table "${PARENT}" attach partition "${name}" for values from ('${from}') to ('${to}')`),
    );
  });
}
