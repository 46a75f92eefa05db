/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openTestDatabase } from '../helpers';

// Loaded after the helpers, whose jest.mock hands the database module the PGlite jest can run.
let db: typeof import('../../src/db');
beforeAll(async () => {
  db = await import('../../src/db');
});

// Issue 41: the migration `data_retention` rebuilds tracking_events as a table partitioned by month.
// A database with events (the migrations before it applied, rows written) keeps every event, with
// its id, in the month partition of its time, and new events continue the ids.

const drizzleFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

it('moves the stored tracking events into month partitions, ids kept and continued', async () => {
  const journal = JSON.parse(readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const before = mkdtempSync(path.join(tmpdir(), 'h41-migrations-'));
  const fresh = await openTestDatabase({ migrate: false });
  try {
    cpSync(drizzleFolder, before, { recursive: true });
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_data_retention'));
    expect(cut).toBeGreaterThan(0);
    writeFileSync(
      path.join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
    );
    const migrate = (fresh.driver === 'pglite' ? migratePglite : migrateNodePostgres) as (
      orm: unknown,
      options: { migrationsFolder: string },
    ) => Promise<void>;
    await migrate(fresh.orm, { migrationsFolder: before });
    await fresh.orm.execute(sql`
      insert into tracking_events (id, source, event_id, shipment_number, code, status, occurred_at, location)
      values (7, 's', 'e1', 'RA300000001LV', 'EMA', 'transferred', '2025-11-30T23:30:00Z', '{}'),
             (8, 's', 'e2', 'RA300000001LV', 'EMB', 'sent', '2025-12-01T00:00:00Z', '{}'),
             (41, 's', 'e3', 'RA300000002LV', 'EMA', 'transferred', '2026-02-14T09:00:00Z', '{}')`);

    await db.migrateDatabase(fresh);
    expect(await db.pendingMigrations(fresh)).toBe(0);
    const rows = (
      (await fresh.orm.execute(sql`
        select id, event_id as "eventId", tableoid::regclass::text as partition from tracking_events order by id`)) as unknown as {
        rows: { id: number; eventId: string; partition: string }[];
      }
    ).rows;
    expect(rows).toEqual([
      { id: 7, eventId: 'e1', partition: 'tracking_events_y2025m11' },
      { id: 8, eventId: 'e2', partition: 'tracking_events_y2025m12' },
      { id: 41, eventId: 'e3', partition: 'tracking_events_y2026m02' },
    ]);
    const [next] = (
      (await fresh.orm.execute(sql`
        insert into tracking_events (source, event_id, shipment_number, code, status, occurred_at, location)
        values ('s', 'e4', 'RA300000002LV', 'EMB', 'sent', now(), '{}') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect(next?.id).toBe(42);
    const kind = (
      (await fresh.orm.execute(sql`select relkind from pg_class where relname = 'tracking_events'`)) as unknown as {
        rows: { relkind: string }[];
      }
    ).rows;
    expect(kind).toEqual([{ relkind: 'p' }]);
  } finally {
    await fresh.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);
