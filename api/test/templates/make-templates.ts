// Run once by jest's global setup (global-setup.cjs), outside jest, before any test file: a
// migrated database and a migrated-and-seeded one that every API test file then starts from, so
// that 60-odd files do not each run PGlite's initdb, 27 migrations and the seeds (about 5 s a file
// on this 2-core machine). On PostgreSQL they are template databases (`CREATE DATABASE … TEMPLATE`);
// on PGlite, dumps of the data folder (`loadDataDir`).
// Usage: node --import tsx api/test/templates/make-templates.ts <folder for the PGlite dumps>
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db';
import { JobEngine } from '../../src/modules/jobs';
import { seedDatabase, seedOptionsOf } from '../../src/seeds';
import { onServer, type TestTemplates, testConfigSettings, withDatabaseName } from './templates';

/**
 * Settings of the PGlite copies (postgresql.auto.conf in the dumps, read as each copy starts; no
 * ALTER SYSTEM on a PostgreSQL server, which other databases share). Measured per start on the
 * 2-core machine (CPU, a warm worker; `api/README.md` Tests):
 * - `shared_buffers` 128 MB → 32 MB: PostgreSQL clears its shared memory as it starts, about 0.3 s
 *   of WebAssembly at 128 MB. A test file's database is some 30 MB, and a page evicted from the
 *   buffers goes to PGlite's in-memory files, not to a disk.
 * - `wal_init_zero = off`: the dumps' WAL segment is over three quarters full (nine tenths), so every start wrote the
 *   next 16 MB segment out in zeros, page by page, each page growing the in-memory file (0.1 s).
 * - `wal_recycle = off`: a checkpoint removes the WAL segments it no longer needs instead of keeping
 *   them as the next ones, so a dump holds one segment (below) and a copy's memory does not keep
 *   16 MB per segment it has filled.
 */
const PGLITE_TEST_SETTINGS = ["shared_buffers = '32MB'", 'wal_init_zero = off', 'wal_recycle = off'];

const folder = process.argv[2];
if (!folder) throw new Error('usage: make-templates.ts <folder>');

const seedOptions = seedOptionsOf(loadConfig(testConfigSettings()));
const serverUrl = process.env.DATABASE_URL;
let templates: TestTemplates;

if (serverUrl) {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'portal';
  const migrated = `${prefix}_template_${process.ppid}_migrated`;
  const seeded = `${prefix}_template_${process.ppid}_seeded`;
  for (const name of [seeded, migrated]) await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  await onServer(serverUrl, `create database "${migrated}"`);
  const db = await openDatabase({ url: withDatabaseName(serverUrl, migrated) });
  await installJobEngine(db);
  await db.close();
  await onServer(serverUrl, `create database "${seeded}" template "${migrated}"`);
  const seededDb = await openDatabase({ url: withDatabaseName(serverUrl, seeded), migrate: false });
  await seedDatabase(seededDb, seedOptions);
  await seededDb.close();
  templates = { driver: 'postgres', migrated, seeded, seedOptions };
} else {
  const db = await openDatabase({ dataDir: 'memory://' });
  for (const setting of PGLITE_TEST_SETTINGS) await db.orm.execute(sql.raw(`alter system set ${setting}`));
  // ALTER SYSTEM is for the copies' starts; this session removes its spent WAL segments too (below).
  await db.orm.execute(sql.raw('set wal_recycle = off'));
  await dropTemplateDatabases(db);
  const dump = async (name: string) => {
    await leaveOneWalSegment(db);
    const file = path.join(folder, `${name}.tar`);
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir?.())!.arrayBuffer()));
    return file;
  };
  await installJobEngine(db);
  const migrated = await dump('migrated');
  await seedDatabase(db, seedOptions);
  const seeded = await dump('seeded');
  await db.close();
  templates = { driver: 'pglite', migrated, seeded, seedOptions };
}
writeFileSync(path.join(folder, 'templates.json'), JSON.stringify(templates));

/**
 * The job engine's own schema and queues (pg-boss installs them as an app starts): in the templates,
 * so each test file's app finds them there instead of installing them again (about 0.2 s a file).
 */
async function installJobEngine(db: Database): Promise<void> {
  const engine = await JobEngine.open(db);
  await engine.stop();
}

/**
 * PostgreSQL's own template databases (template0, template1) out of the PGlite dumps: 15 MB of the
 * seeded dump's 47 that every copy unpacked and never used (PGlite is one database; nothing in a
 * copy creates another). With the WAL below, a copy's start cost a quarter less (api/README.md Tests).
 */
async function dropTemplateDatabases(db: Database): Promise<void> {
  for (const name of ['template1', 'template0']) {
    await db.orm.execute(sql.raw(`alter database ${name} is_template false`));
    await db.orm.execute(sql.raw(`drop database ${name}`));
  }
}

/**
 * A dump with one WAL segment, nearly empty: the next segment begun and two checkpoints, after which
 * (`wal_recycle = off`) the earlier segments are removed. Each segment is 16 MB that every copy unpacked.
 */
async function leaveOneWalSegment(db: Database): Promise<void> {
  await db.orm.execute(sql.raw('select pg_switch_wal()'));
  await db.orm.execute(sql.raw('checkpoint'));
  await db.orm.execute(sql.raw('checkpoint'));
}
