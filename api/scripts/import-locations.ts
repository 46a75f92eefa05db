// Reloads post offices and parcel lockers into the database the API uses, from a file in the
// format of src/modules/service-locations/data/README.md or from an operator's service-location
// endpoint by URL (the operator's scheduled sync; endpoint-source.ts):
//
//   npm run locations:import -- [file] [--partial]
//   npm run locations:import -- --url <url> [--operator NAME] [--country CC] [--prefix ID] [--type N=parcelLocker|postOffice|skip]…
//
// Without a file or URL, the bundled data/locations.json is loaded. A full reload (the default for
// a file) retires every location missing from the file; --partial retires only those of a source
// (id prefix), operator and type present in the file (e.g. a file of Latvijas Pasts post offices
// leaves the lockers alone). A URL sync is always partial: by default the endpoint is Latvijas
// Pasts' (operator "Latvijas Pasts", country LV, ids lvpasts-<id>), whose type 1 is a post office;
// any other type is refused until --type says what it is. Ids stay stable and retired locations
// are kept, so orders keep their place. Uses DATABASE_URL or PGLITE_DATA_DIR like the API; PGlite
// allows one process per data folder: stop the portal first. A running API (on PostgreSQL) sees the
// change within 30 seconds (LOCATIONS_REVALIDATE_MS: it checks the table's version) or at once after
// GET /api/service_locations/update_cache.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db';
import {
  LATVIJAS_PASTS_ENDPOINT,
  locationsFromEndpoint,
  parseTypeMapping,
} from '../src/modules/service-locations/endpoint-source';
import { importLocations, LocationImportError } from '../src/modules/service-locations/importer';
import { SEED_FILE } from '../src/modules/service-locations/seed';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    partial: { type: 'boolean', default: false },
    url: { type: 'string' },
    operator: { type: 'string', default: LATVIJAS_PASTS_ENDPOINT.operator },
    country: { type: 'string', default: LATVIJAS_PASTS_ENDPOINT.countryCode },
    prefix: { type: 'string', default: LATVIJAS_PASTS_ENDPOINT.idPrefix },
    type: { type: 'string', multiple: true, default: [] },
  },
});

let data: unknown;
let origin: string;
const partial = values.partial || values.url !== undefined;
try {
  if (values.url) {
    origin = values.url;
    data = await locationsFromEndpoint(values.url, {
      operator: values.operator,
      countryCode: values.country.toUpperCase(),
      idPrefix: values.prefix,
      types: parseTypeMapping(values.type),
    });
  } else {
    origin = positionals[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) : SEED_FILE;
    data = JSON.parse(await readFile(origin, 'utf8'));
  }
} catch (error) {
  console.error(
    error instanceof LocationImportError
      ? `Nothing was imported from ${values.url ?? positionals[0]}:\n${error.problems.join('\n')}`
      : `Cannot read ${values.url ?? positionals[0] ?? SEED_FILE}: ${(error as Error).message}`,
  );
  process.exit(1);
}

const db = await openDatabase();
try {
  const report = await importLocations(db.orm, data, { scope: partial ? 'partial' : 'all' });
  console.log(`Imported ${origin} (${partial ? 'partial' : 'full'} reload) into ${db.driver}:`, report);
} catch (error) {
  console.error(error instanceof LocationImportError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
