import { type SQL, sql } from 'drizzle-orm';

/** What a pass needs of the database (database.ts's Database has it; named here to keep the two files apart). */
export interface Vacuumable {
  orm: { execute(query: SQL): PromiseLike<unknown> };
}

/**
 * PostgreSQL's autovacuum, the part the portal relies on, for PGlite, which runs no background
 * workers (issue 18). Without it a PGlite database never vacuums or analyses: the visibility map
 * stays empty, so every count (the my-orders total, the back office's lists) reads each matching
 * row from the table instead of answering from the index alone (11 ms instead of about 1 for an
 * account's 5,500 order lines), and the planner's statistics are those of the last migration.
 *
 * A pass vacuums and analyses each table that changed enough since it was last vacuumed, with
 * autovacuum's own rule (50 rows + 10 % of the table, a little stricter than PostgreSQL's 20 %);
 * the activity counters start at zero whenever the folder is opened, so at the first pass a table is
 * also due when less than 90 % of its pages are marked all-visible (written since its last vacuum,
 * before this process). PGlite runs one statement at a time, so a pass holds every other query for
 * as long as it runs: the first on a large folder takes about a second (110,000 order lines), later
 * ones only read the pages changed since. PostgreSQL has its own autovacuum and is left to it.
 */
const DUE_TABLES = sql`
  select format('%I.%I', stat.schemaname, stat.relname) as name
  from pg_stat_user_tables stat
  join pg_class class on class.oid = stat.relid
  where pg_relation_size(class.oid) > 0
    and (stat.n_dead_tup + stat.n_ins_since_vacuum > 50 + 0.1 * greatest(class.reltuples, 0)
      or (stat.last_vacuum is null
        and class.relallvisible < 0.9 * pg_relation_size(class.oid) / current_setting('block_size')::int))
  order by stat.schemaname, stat.relname`;

export interface VacuumPass {
  tables: string[];
  milliseconds: number;
}

/** One pass: vacuums and analyses the due tables, one statement each (VACUUM runs outside a transaction). */
export async function vacuumDueTables(db: Vacuumable): Promise<VacuumPass> {
  const started = performance.now();
  const due = (await db.orm.execute(DUE_TABLES)) as unknown as { rows: { name: string }[] };
  const tables = due.rows.map((row) => row.name);
  for (const table of tables) await db.orm.execute(sql.raw(`vacuum (analyze) ${table}`));
  return { tables, milliseconds: performance.now() - started };
}

/**
 * Runs a pass now and then `intervalSeconds` after each pass ends, until the answered stop is called
 * (before the database is closed). A failed pass is told to `onPass` and the next one tries again.
 */
export async function keepVacuumed(
  db: Vacuumable,
  intervalSeconds: number,
  onPass: (outcome: VacuumPass | { error: unknown }) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = vacuumDueTables(db)
      .then(onPass, (error: unknown) => onPass({ error }))
      .then(schedule);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(pass, intervalSeconds * 1000);
    timer.unref();
  };
  await pass();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
