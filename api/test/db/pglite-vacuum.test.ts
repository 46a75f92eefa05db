/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { sql } from 'drizzle-orm';
import { type Database, openDatabaseForStart } from '../../src/db';
import { keepVacuumed, type VacuumPass, vacuumDueTables } from '../../src/db/pglite-vacuum';
import { migratedPgliteDump, openTestDatabase } from '../helpers';

// PGlite runs no autovacuum: the portal's own passes (api/src/db/pglite-vacuum.ts) keep the
// visibility map and the planner's statistics, so counts answer from the indexes alone. The pass
// itself is plain SQL and runs on PostgreSQL too (CI's second run), where a serving process
// leaves the work to the server's autovacuum.
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.orm.execute(query)) as unknown as { rows: T[] }).rows;

async function visibility(table: string) {
  const [row] = await rows<{ pages: number; all_visible: number; vacuumed: boolean }>(sql`
    select pg_relation_size(class.oid) / current_setting('block_size')::int as pages,
      class.relallvisible as all_visible, stat.last_vacuum is not null as vacuumed
    from pg_class class join pg_stat_user_tables stat on stat.relid = class.oid
    where class.oid = ${table}::regclass`);
  return row;
}

it('vacuums and analyses a table written since its last vacuum, which marks its pages all-visible', async () => {
  await db.orm.execute(sql`create table vacuum_probe (id integer primary key, note text not null)`);
  await db.orm.execute(sql`insert into vacuum_probe select g, repeat('x', 200) from generate_series(1, 2000) g`);
  const before = await visibility('vacuum_probe');
  expect(before).toMatchObject({ all_visible: 0, vacuumed: false });
  expect(Number(before?.pages)).toBeGreaterThan(10);

  const pass = await vacuumDueTables(db);
  expect(pass.tables).toContain('public.vacuum_probe');
  const after = await visibility('vacuum_probe');
  expect(after?.vacuumed).toBe(true);
  expect(Number(after?.all_visible)).toBe(Number(after?.pages));
  // ANALYZE ran with it: the planner knows the table's size.
  const [analysed] = await rows<{ tuples: number }>(
    sql`select reltuples as tuples from pg_class where oid = 'vacuum_probe'::regclass`,
  );
  expect(Number(analysed?.tuples)).toBe(2000);
  // A count now reads the index alone.
  const plan = await rows<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, costs off) select count(*) from vacuum_probe where id between 100 and 900`,
  );
  const text = plan.map((line) => line['QUERY PLAN']).join('\n');
  if (text.includes('Index Only Scan')) expect(text).toContain('Heap Fetches: 0');
  else expect(text).toMatch(/Seq Scan|Bitmap/);
});

it('runs a pass at once and again after each interval, until stopped', async () => {
  const passes: (VacuumPass | { error: unknown })[] = [];
  const stop = await keepVacuumed(db, 0.05, (outcome) => passes.push(outcome));
  expect(passes).toHaveLength(1);
  const deadline = Date.now() + 5000;
  while (passes.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await stop();
  const stoppedAt = passes.length;
  expect(stoppedAt).toBeGreaterThanOrEqual(3);
  expect(passes.every((outcome) => 'tables' in outcome)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(passes).toHaveLength(stoppedAt);
});

it('a failed pass is told, and the next one runs', async () => {
  const failing = {
    ...db,
    orm: { execute: () => Promise.reject(new Error('database gone')) },
  } as unknown as Database;
  const passes: (VacuumPass | { error: unknown })[] = [];
  const stop = await keepVacuumed(failing, 0.05, (outcome) => passes.push(outcome));
  const deadline = Date.now() + 5000;
  while (passes.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await stop();
  expect(passes.length).toBeGreaterThanOrEqual(2);
  expect(passes[0]).toEqual({ error: new Error('database gone') });
});

it("a serving process's PGlite vacuums as it opens, and stops when closed", async () => {
  const passes: (VacuumPass | { error: unknown })[] = [];
  // From the migrated template, as every test's PGlite: migrating a fresh PGlite from nothing took
  // over a minute of a loaded CI machine (the test timed out) and is not what this test is about.
  const served = await openDatabaseForStart({
    pgliteDataDir: 'memory://',
    pgliteDump: migratedPgliteDump(),
    production: false,
    pgliteVacuumSeconds: 3600,
    onVacuumPass: (outcome) => passes.push(outcome),
  });
  try {
    expect(passes).toHaveLength(1);
    // The migrations wrote their journal: the first pass took it (the other tables are empty).
    const [first] = passes;
    expect(first && 'tables' in first ? first.tables : []).toContain('drizzle.__drizzle_migrations');
  } finally {
    await served.close();
  }
}, 60_000);
