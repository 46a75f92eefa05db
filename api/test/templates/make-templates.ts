// Run once by jest's global setup (global-setup.cjs), outside jest, before any test file: a
// migrated database and a migrated-and-seeded one that every API test file then starts from, so
// that 60-odd files do not each run PGlite's initdb, 27 migrations and the seeds (about 5 s a file
// on this 2-core machine). On PostgreSQL they are template databases (`CREATE DATABASE … TEMPLATE`);
// on PGlite, dumps of the data folder (`loadDataDir`).
// Usage: node --import tsx api/test/templates/make-templates.ts <folder for the PGlite dumps>
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db';
import { JobEngine } from '../../src/modules/jobs';
import { seedDatabase, seedOptionsOf } from '../../src/seeds';
import { onServer, type TestTemplates, testConfigSettings, withDatabaseName } from './templates';

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
  const dump = async (name: string) => {
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
