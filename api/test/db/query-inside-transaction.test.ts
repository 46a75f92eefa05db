/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db';
import { openTestDatabase } from '../helpers';

// On PGlite a query on the client itself waits for the open transaction to end: awaited inside that
// transaction it would wait for ever, and every later request of the API behind it. It is refused at
// once instead (api/src/db/pglite-client.ts). On PostgreSQL it runs on another pooled connection.
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** The refusal, as Drizzle passes it on: its own "Failed query" error with PGlite's as the cause. */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await withTimeLimit(work).then(
    () => new Error('answered'),
    (reason: Error) => reason,
  );
  return String(error.cause ?? error);
}

function withTimeLimit<T>(work: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

it('answers a query on the client awaited inside a transaction, and the database serves the next query', async () => {
  const inside = db.orm.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    return db.orm.execute(sql`select 2 as two`);
  });
  if (db.driver === 'pglite') {
    expect(await refusal(inside)).toMatch(/QueryInsideTransactionError: .*inside an open transaction.*select 2/);
  } else {
    await expect(withTimeLimit(inside)).resolves.toBeDefined();
  }
  const after = await withTimeLimit(db.orm.execute(sql`select 3 as three`));
  expect(JSON.stringify(after)).toContain('3');
});

it('answers a second transaction started inside one', async () => {
  const nested = db.orm.transaction(async () => db.orm.transaction(async (tx) => tx.execute(sql`select 1`)));
  if (db.driver === 'pglite') {
    expect(await refusal(nested)).toMatch(/QueryInsideTransactionError: .*inside an open transaction.*BEGIN/);
  } else {
    await expect(withTimeLimit(nested)).resolves.toBeDefined();
  }
});

it('lets work started inside a transaction use the client once the transaction has ended', async () => {
  let later: Promise<unknown> = Promise.resolve();
  await db.orm.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    // Run after the commit (a timer inherits the transaction's context but finds it closed).
    later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.orm.execute(sql`select 4 as four`));
  });
  expect(JSON.stringify(await withTimeLimit(later))).toContain('4');
});
