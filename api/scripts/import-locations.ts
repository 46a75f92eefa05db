// Reloads post offices and parcel lockers from a file in the format of
// src/modules/service-locations/data/README.md into the database the API uses.
//
//   npm run locations:import -- [file] [--partial]
//   node --import tsx api/scripts/import-locations.ts [file] [--partial]
//
// Without a file, the bundled data/locations.json is loaded. A full reload (the default) retires
// every location missing from the file; --partial retires only those of an operator and type
// present in the file (e.g. a file of Latvijas Pasts post offices leaves the lockers alone).
// Ids stay stable and retired locations are kept, so orders keep their place. Uses DATABASE_URL
// or PGLITE_DATA_DIR like the API; PGlite allows one process per data folder: stop the portal first.
// A running API (on PostgreSQL) sees the change within 30 seconds (LOCATIONS_REVALIDATE_MS: it checks
// the table's version) or at once after GET /api/service_locations/update_cache.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/db';
import { importLocations, LocationImportError } from '../src/modules/service-locations/importer';
import { SEED_FILE } from '../src/modules/service-locations/seed';

const args = process.argv.slice(2);
const partial = args.includes('--partial');
const fileArgument = args.find((arg) => !arg.startsWith('--'));
const file = fileArgument ? path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArgument) : SEED_FILE;

let data: unknown;
try {
  data = JSON.parse(await readFile(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}

const db = await openDatabase();
try {
  const report = await importLocations(db.orm, data, { scope: partial ? 'partial' : 'all' });
  console.log(`Imported ${file} (${partial ? 'partial' : 'full'} reload) into ${db.driver}:`, report);
} catch (error) {
  console.error(error instanceof LocationImportError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
