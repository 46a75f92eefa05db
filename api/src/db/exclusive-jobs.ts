import type pg from 'pg';
import type { Database } from './database';

/** What a scheduled pass did: ran (with its result), or left the turn to the instance running it now. */
export type ExclusiveRun<T> = { ran: true; result: T } | { ran: false };

/** One turn of a job as operators count it (the metrics): run, left to another instance, or failed. */
export interface JobTurn {
  job: string;
  outcome: 'ran' | 'skipped' | 'failed';
  /** How long the pass ran; 0 when skipped. */
  seconds: number;
}

const observers = new WeakMap<Database, (turn: JobTurn) => void>();

/** Tells `observer` of every turn of every job run on `db` (app.ts: the metrics). One per database. */
export function observeJobs(db: Database, observer: (turn: JobTurn) => void): void {
  observers.set(db, observer);
}

/** Tells the database's job observer of a turn made elsewhere (the slot scheduler, modules/jobs). */
export function reportJobTurn(db: Database, turn: JobTurn): void {
  observers.get(db)?.(turn);
}

/**
 * Runs a scheduled job's pass unless another API instance on this database is running the same job
 * now (issue 17: several instances, each job once at a time). On PostgreSQL a session advisory lock
 * on a connection of its own, tried without waiting (`pg_try_advisory_lock`): the instance that
 * gets it runs the pass, the others skip this turn and try at their next; the lock goes with the
 * connection if the instance dies. On PGlite one process holds the database (folder-lock.ts), so
 * the passes of one job are kept apart within the process. The key is the job's name hashed by
 * PostgreSQL (`hashtext`), the same in every instance. Each turn is told to the database's job
 * observer (observeJobs).
 */
export async function runExclusively<T>(db: Database, job: string, pass: () => Promise<T>): Promise<ExclusiveRun<T>> {
  const started = performance.now();
  const tell = (outcome: JobTurn['outcome']) =>
    observers.get(db)?.({ job, outcome, seconds: outcome === 'skipped' ? 0 : (performance.now() - started) / 1000 });
  try {
    const run = await runTurn(db, job, pass);
    tell(run.ran ? 'ran' : 'skipped');
    return run;
  } catch (error) {
    tell('failed');
    throw error;
  }
}

/** One turn: the lock, the pass, the lock given back (runExclusively says what it is for). */
async function runTurn<T>(db: Database, job: string, pass: () => Promise<T>): Promise<ExclusiveRun<T>> {
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
