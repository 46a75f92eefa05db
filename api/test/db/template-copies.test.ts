/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db';
import { openTestDatabase } from '../helpers';

// The PGlite template is read once per jest worker and every test file's database starts from that
// one copy (pglite-environment.cjs): what one database writes must reach neither another opened
// from it at the same time nor one opened after the write. (On PostgreSQL, CREATE DATABASE …
// TEMPLATE copies on the server.)
describe('databases copied from one loaded template', () => {
  const opened: Database[] = [];
  const open = async () => {
    const db = await openTestDatabase({ from: 'seeded' });
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  const rows = async (db: Database, query: ReturnType<typeof sql>) =>
    ((await db.orm.execute(query)) as unknown as { rows: { n: number }[] }).rows;
  const countries = async (db: Database) =>
    Number((await rows(db, sql`select count(*)::int as n from countries`))[0]?.n);

  it('are independent of each other and leave the template as it was', async () => {
    // On PGlite the copies come from the worker's one loaded dump (on PostgreSQL the server copies).
    if (!process.env.DATABASE_URL) expect(typeof globalThis.pgliteTemplateDump).toBe('function');
    const first = await open();
    const second = await open();
    const seeded = await countries(first);
    expect(seeded).toBeGreaterThan(0);

    await first.orm.execute(sql`truncate countries cascade`);
    await first.orm.execute(sql`create table written_by_first (id int)`);

    expect(await countries(first)).toBe(0);
    expect(await countries(second)).toBe(seeded);
    const third = await open();
    expect(await countries(third)).toBe(seeded);
    expect(await rows(third, sql`select 1 as n from pg_tables where tablename = 'written_by_first'`)).toHaveLength(0);
  });

  // make-templates.ts writes two settings into the PGlite dumps that make each copy start faster
  // (api/README.md Tests); a copy must start with them. No ALTER SYSTEM on a shared PostgreSQL server.
  it('start with the PGlite test settings of the templates', async () => {
    const db = await open();
    const setting = async (name: string) =>
      (
        (await db.orm.execute(sql`select current_setting(${name}) as value`)) as unknown as {
          rows: { value: string }[];
        }
      ).rows[0]?.value;
    if (process.env.DATABASE_URL) expect(await setting('shared_buffers')).not.toBe('');
    else {
      expect(await setting('shared_buffers')).toBe('32MB');
      expect(await setting('wal_init_zero')).toBe('off');
      expect(await setting('wal_recycle')).toBe('off');
    }
  });

  // make-templates.ts leaves out of the PGlite dumps what every copy unpacked and never used.
  it('hold only their own database and one WAL segment on PGlite', async () => {
    const db = await open();
    const databases = await rows(db, sql`select datname from pg_database where datname like 'template%'`);
    // A PostgreSQL server's template databases are the server's, and stay.
    if (process.env.DATABASE_URL) return expect(databases).toHaveLength(2);
    expect(databases).toEqual([]);
    expect(await rows(db, sql`select name from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`)).toHaveLength(1);
  });
});
