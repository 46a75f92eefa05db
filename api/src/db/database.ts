import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { loadDatabaseSettings } from '../config';
import { lockDataFolder } from './folder-lock';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-client';
import * as schema from './schema';

/** Drizzle over either driver: services only see what both have in common. */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  orm: Orm;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; defaults to the DATABASE_URL setting. When absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data folder, or `memory://`; defaults to the PGLITE_DATA_DIR setting, then `<repo>/.data/pglite`. */
  dataDir?: string;
  /** Where errors of idle pooled connections go (an unhandled pool error would end the process). */
  onPoolError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const defaultDataDir = fileURLToPath(new URL('../../../.data/pglite', import.meta.url));

/** Opens the database and brings its schema up to date with the migrations in api/drizzle/. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const settings = options.url || options.dataDir ? {} : loadDatabaseSettings();
  const url = options.url ?? settings.url;
  if (url) return openPostgres(url, options.onPoolError);
  return openPglite(options.dataDir ?? settings.pgliteDataDir ?? defaultDataDir);
}

async function openPostgres(url: string, onPoolError = logPoolError): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url });
  pool.on('error', onPoolError);
  const orm = drizzleNodePostgres({ client: pool, schema });
  try {
    await migrateNodePostgres(orm, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { orm, driver: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataFolder(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { parsers: DRIZZLE_PARSERS });
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
  const orm = drizzlePglite({ client: forDrizzle(client), schema });
  try {
    await migratePglite(orm, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { orm, driver: 'pglite', close };
}

function logPoolError(error: Error): void {
  console.error('PostgreSQL pool error', error);
}
