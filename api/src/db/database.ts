import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { loadDatabaseSettings } from '../config';
import { lockDataFolder } from './folder-lock';
import { LendingPool } from './lending-pool';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-client';
import { keepVacuumed, type VacuumPass } from './pglite-vacuum';
import type { QueryObserver, QueryStart } from './query-observer';

/**
 * Drizzle over either driver: services only see what both have in common. No schema is given:
 * nothing uses relational queries (`orm.query.…`), and the tables live in the modules, which this
 * kernel sits below (each module imports its own schema.ts).
 */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  orm: Orm;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: the whole data folder as one uncompressed tarball (a template for `pgliteDump`). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `listener` with the payload of every NOTIFY on `channel` (PostgreSQL LISTEN on a
   * connection of its own; PGlite's in-process listen). Answers how to stop. Every API instance on
   * one database hears every other's notices (change-notices.ts).
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  /** Tells `start` of every statement the ORM sends from now on (the traces). */
  observeQueries(start: QueryStart): void;
}

/**
 * The PostgreSQL pool's size and time limits (DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS,
 * DB_IDLE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS; README "The database's connections").
 */
export interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  /** The server cancels a statement that runs longer (0: no limit). */
  statementTimeoutMs: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the pool's size and time limits; pg's defaults (10, none) when absent. */
  pool?: PoolSettings;
  /** PostgreSQL connection string; defaults to the DATABASE_URL setting. When absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data folder, or `memory://`; defaults to the PGLITE_DATA_DIR setting, then `<repo>/.data/pglite`. */
  dataDir?: string;
  /** Where errors of idle pooled connections go (an unhandled pool error would end the process). */
  onPoolError?: (error: Error) => void;
  /**
   * Bring the schema up to date while opening (default true: development, tests). A production
   * start passes false: `npm run db:migrate` is a deployment step of its own (migrate.ts).
   */
  migrate?: boolean;
  /**
   * PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty cluster.
   * Tests start from a migrated template this way: PGlite's initdb alone costs seconds a start.
   */
  pgliteDump?: PgliteDump;
}

/**
 * A data folder's dump as PGlite reads it: its bytes (`arrayBuffer()`) and its type, nothing else
 * of a Blob. The tests hand every file's PGlite the worker's one copy of a template this way
 * (api/test/pglite-environment.cjs), without Node's slow `Blob.arrayBuffer()`.
 */
export type PgliteDump = Pick<Blob, 'arrayBuffer' | 'type'>;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const defaultDataDir = fileURLToPath(new URL('../../../.data/pglite', import.meta.url));

/** Opens the database and (unless `migrate: false`) brings its schema up to date with api/drizzle/. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const settings = options.url || options.dataDir ? {} : loadDatabaseSettings();
  const url = options.url ?? settings.url;
  const db = url
    ? openPostgres(url, options.onPoolError, options.pool)
    : await openPglite(options.dataDir ?? settings.pgliteDataDir ?? defaultDataDir, options.pgliteDump);
  if (options.migrate === false) return db;
  try {
    await migrateDatabase(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Any number, the same in every process: the key of the advisory lock migrations run under. */
const MIGRATION_LOCK_KEY = 2026_11_22;

/**
 * Applies the migrations of api/drizzle/ that the database has not had. On PostgreSQL under a
 * session advisory lock, so that API instances started together (or a deployment's migration job
 * beside a running start) apply each migration once and wait for each other; PGlite is opened by
 * one process only (folder-lock.ts).
 */
export function migrateDatabase(db: Database): Promise<void> {
  // Within one process the calls queue up (PGlite has no advisory locks; one folder, one process).
  const previous = migrationsRunning.get(db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => applyMigrations(db));
  migrationsRunning.set(db, next);
  return next;
}
const migrationsRunning = new WeakMap<Database, Promise<void>>();

async function applyMigrations(db: Database): Promise<void> {
  if (db.driver === 'pglite') {
    await migratePglite(db.orm as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  const pool = (db as Database & { pool: pg.Pool }).pool;
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(db.orm as Parameters<typeof migrateNodePostgres>[0], { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/**
 * How many migrations of api/drizzle/ the database has not had: a production start refuses to
 * serve a schema older than its code (run `npm run db:migrate` first).
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  let applied: number[] = [];
  try {
    // Both drivers answer { rows }; their declared result types differ.
    const result = (await db.orm.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    applied = result.rows.map((row) => Number(row.created_at));
  } catch {
    // No migrations table: nothing was ever applied.
  }
  const done = new Set(applied);
  return journal.entries.filter((entry) => !done.has(entry.when)).length;
}

/**
 * The entry points' database (the gateway, the API alone): a development start migrates as it
 * opens; a production start does not (`npm run db:migrate` is a deployment step) and refuses to
 * serve a schema older than its code. On PGlite it vacuums what needs it now and then while open.
 */
export async function openDatabaseForStart(options: {
  url?: string;
  pgliteDataDir?: string;
  production: boolean;
  onPoolError?: (error: Error) => void;
  pool?: PoolSettings;
  /** PGlite: seconds between vacuum passes (config.database.pgliteVacuumSeconds); 60 unless given. */
  pgliteVacuumSeconds?: number;
  /** PGlite: told of each vacuum pass; by default failures and long passes are logged. */
  onVacuumPass?: (outcome: VacuumPass | { error: unknown }) => void;
  /** PGlite: start from this dump (`OpenDatabaseOptions.pgliteDump`); tests start a served database from a migrated template. */
  pgliteDump?: PgliteDump;
}): Promise<Database> {
  const db = await openDatabase({
    url: options.url,
    dataDir: options.pgliteDataDir,
    pgliteDump: options.pgliteDump,
    onPoolError: options.onPoolError,
    ...(options.pool ? { pool: options.pool } : {}),
    migrate: !options.production,
  });
  if (options.production) {
    const pending = await pendingMigrations(db);
    if (pending > 0) {
      await db.close();
      throw new Error(`the database lacks ${pending} migration(s) of this release: run \`npm run db:migrate\` first`);
    }
  }
  if (db.driver !== 'pglite') return db;
  // PGlite has no autovacuum: a serving process runs its part (pglite-vacuum.ts).
  const stopVacuuming = await keepVacuumed(
    db,
    options.pgliteVacuumSeconds ?? 60,
    options.onVacuumPass ?? logVacuumPass,
  );
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await stopVacuuming();
      await close();
    },
  };
}

/** A failed pass, or one that held PGlite's other queries for long enough to be noticed. */
function logVacuumPass(outcome: VacuumPass | { error: unknown }): void {
  if ('error' in outcome) console.error('PGlite vacuum failed', outcome.error);
  else if (outcome.milliseconds >= 250) {
    console.info(`PGlite vacuum: ${outcome.tables.length} table(s) in ${outcome.milliseconds.toFixed(0)} ms`);
  }
}

function openPostgres(url: string, onPoolError = logPoolError, settings?: PoolSettings): Database & { pool: pg.Pool } {
  // Its lent clients give themselves back when a transaction's BEGIN fails (lending-pool.ts).
  const pool = new LendingPool({
    connectionString: url,
    ...(settings
      ? {
          max: settings.max,
          connectionTimeoutMillis: settings.connectTimeoutMs,
          idleTimeoutMillis: settings.idleTimeoutMs,
          ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
        }
      : {}),
  });
  pool.on('error', onPoolError);
  const observer: QueryObserver = {};
  pool.on('connect', (client) => {
    // The pool listens for errors of idle clients only. A client lent out (a transaction between
    // two statements) whose server goes away (a restart) emits 'error' with no listener, which ends
    // the process; heard here, the error reaches the request as its next statement's failure (503).
    client.on('error', onPoolError);
    // Every statement goes through a pooled client's query (the pool's own query borrows one too).
    observeClient(client, observer);
  });
  const orm = drizzleNodePostgres({ client: pool });
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  const listen = async (channel: string, listener: (payload: string) => void) => {
    // A connection of its own, outside the pool: LISTEN holds its session for as long as it listens.
    const client = new pg.Client({ connectionString: url });
    client.on('error', onPoolError);
    client.on('notification', (message) => {
      if (message.channel === channel) listener(message.payload ?? '');
    });
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return () => client.end();
  };
  return {
    orm,
    driver: 'postgres',
    pool,
    close: () => pool.end(),
    poolStats,
    listen,
    observeQueries: (start) => {
      observer.start = start;
    },
  };
}

async function openPglite(dataDir: string, dump?: PgliteDump): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataFolder(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      parsers: DRIZZLE_PARSERS,
      extensions: { pg_trgm, btree_gin },
      // PGlite reads a dump's arrayBuffer() and type only (PgliteDump).
      loadDataDir: dump as Blob | undefined,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  // PGlite's pages live in memory (its file system is in-process): a random page read costs what a
  // sequential one does, as on an SSD. With the default 4.0 the planner preferred scanning a whole
  // table to a few hundred index look-ups (e.g. the recipients of a batch of scans). One session.
  await client.exec('set random_page_cost = 1.1');
  const observer: QueryObserver = {};
  const orm = drizzlePglite({ client: forDrizzle(client, observer) });
  const dumpDataDir = () => client.dumpDataDir('none');
  const listen = async (channel: string, listener: (payload: string) => void) => {
    const stop = await client.listen(channel, listener);
    return () => stop();
  };
  return {
    orm,
    driver: 'pglite',
    close,
    dumpDataDir,
    listen,
    observeQueries: (start) => {
      observer.start = start;
    },
  };
}

/**
 * Tells the observer of a pooled client's statements. node-postgres' query takes a callback (the
 * pool's own query passes one) or answers a promise (Drizzle); a submittable passes untold.
 */
function observeClient(client: pg.PoolClient, observer: QueryObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const statement = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    const end = typeof statement === 'string' ? observer.start?.(statement) : undefined;
    if (!end) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        end(error ?? undefined);
        callback(error, result);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        end();
        return result;
      },
      (error: unknown) => {
        end(error);
        throw error;
      },
    );
  };
}

function logPoolError(error: Error): void {
  console.error('PostgreSQL pool error', error);
}
