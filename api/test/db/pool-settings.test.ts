import { openDatabase } from '../../src/db';

// Issue 35 item 4: the PostgreSQL pool's size and time limits are settings (DB_POOL_MAX,
// DB_CONNECT_TIMEOUT_MS, DB_IDLE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). PGlite has no pool, so this
// file needs the machine's PostgreSQL (DATABASE_URL's server, or 127.0.0.1:5432) whichever database
// the other tests use; it only reads.
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

it('gives the pool its size and the server its statement time limit', async () => {
  const db = await openDatabase({
    url: serverUrl,
    migrate: false,
    pool: { max: 2, connectTimeoutMs: 2_000, idleTimeoutMs: 5_000, statementTimeoutMs: 250 },
  });
  try {
    const pool = (db as unknown as { pool: { options: { max: number; connectionTimeoutMillis: number } } }).pool;
    expect(pool.options.max).toBe(2);
    expect(pool.options.connectionTimeoutMillis).toBe(2_000);
    const shown = (await db.orm.execute('show statement_timeout')) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(shown.rows[0]?.statement_timeout).toBe('250ms');
    // A statement past the limit is cancelled by the server (SQLSTATE 57014), not left to hold a connection.
    await expect(db.orm.execute('select pg_sleep(2)')).rejects.toMatchObject({ cause: { code: '57014' } });
  } finally {
    await db.close();
  }
});
