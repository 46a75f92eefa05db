/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { openTestDatabase } from '../helpers';

// Loaded after the helpers, whose jest.mock hands the database module the PGlite jest can run.
let db: typeof import('../../src/db');
beforeAll(async () => {
  db = await import('../../src/db');
});

// Issue 22: migrations are a step of their own (`npm run db:migrate`); a production start refuses a
// schema older than its code. Calls in one process queue up (before they did, two at once failed
// on PGlite with "relation already exists"); between processes on PostgreSQL an advisory lock
// does the same (database.ts).

it('two migrations started at once both end with the schema up to date', async () => {
  const fresh = await openTestDatabase({ migrate: false });
  try {
    expect(await db.pendingMigrations(fresh)).toBeGreaterThan(10);
    await Promise.all([db.migrateDatabase(fresh), db.migrateDatabase(fresh)]);
    expect(await db.pendingMigrations(fresh)).toBe(0);
    // Applied again: nothing left to do, nothing fails.
    await db.migrateDatabase(fresh);
    expect(await db.pendingMigrations(fresh)).toBe(0);
  } finally {
    await fresh.close();
  }
}, 120_000);

it('a production start refuses a database without its migrations; a development start applies them', async () => {
  await expect(db.openDatabaseForStart({ pgliteDataDir: 'memory://', production: true })).rejects.toThrow(
    /lacks \d+ migration\(s\) of this release: run `npm run db:migrate` first/,
  );
  const development = await db.openDatabaseForStart({ pgliteDataDir: 'memory://', production: false });
  try {
    expect(await db.pendingMigrations(development)).toBe(0);
  } finally {
    await development.close();
  }
}, 120_000);
