import type pg from 'pg';
import type { Database } from './database';

/** What a scheduled pass did: ran (with its result), or left the turn to the instance running it now. */
export type ExclusiveRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs a scheduled job's pass unless another API instance on this database is running the same job
 * now (issue 17: several instances, each job once at a time). On PostgreSQL a session advisory lock
 * on a connection of its own, tried without waiting (`pg_try_advisory_lock`): the instance that
 * gets it runs the pass, the others skip this turn and try at their next; the lock goes with the
 * connection if the instance dies. On PGlite one process holds the database (folder-lock.ts), so
 * the passes of one job are kept apart within the process. The key is the job's name hashed by
 * PostgreSQL (`hashtext`), the same in every instance.
 */
export async function runExclusively<T>(db: Database, job: string, pass: () => Promise<T>): Promise<ExclusiveRun<T>> {
  if (db.driver === 'pglite') return runAloneInProcess(db, job, pass);
  const pool = (db as Database & { pool: pg.Pool }).pool;
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      `job:${job}`,
    ]);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await pass() };
    } finally {
      await lock.query('select pg_advisory_unlock(hashtext($1))', [`job:${job}`]).catch(() => undefined);
    }
  } finally {
    lock.release();
  }
}

const runningInProcess = new WeakMap<Database, Set<string>>();

async function runAloneInProcess<T>(db: Database, job: string, pass: () => Promise<T>): Promise<ExclusiveRun<T>> {
  const running = runningInProcess.get(db) ?? new Set<string>();
  runningInProcess.set(db, running);
  if (running.has(job)) return { ran: false };
  running.add(job);
  try {
    return { ran: true, result: await pass() };
  } finally {
    running.delete(job);
  }
}
