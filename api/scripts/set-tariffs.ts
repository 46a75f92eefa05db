// Sets tariff figures (weight-step prices, service rates) of workflows by their seed key from a
// JSON tariff file (format: src/modules/workflows/README.md, "Setting tariffs"): the
// administrator's way to replace "price on request" placeholders until there is an admin screen.
//
//   npm run tariffs:set -- <file> [--dry-run]
//   node --import tsx api/scripts/set-tariffs.ts <file> [--dry-run]
//
// Every check passes or nothing is written (unknown seed keys, negative prices, unordered steps,
// services a workflow does not offer...). --dry-run checks the file against the database and
// reports what would change. Uses DATABASE_URL or PGLITE_DATA_DIR like the API; PGlite allows
// one process per data folder: stop the portal first. A running API (on PostgreSQL) prices with
// the new figures within 30 seconds (its workflow catalogue reloads). To apply a file at every
// API start instead, set TARIFF_FILE.
import path from 'node:path';
import { openDatabase } from '../src/db';
import { applyTariffFileFromPath } from '../src/modules/workflows';
import { workFlows } from '../src/modules/workflows/schema';
import { TariffFileError } from '../src/modules/workflows/tariff-file';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const fileArgument = args.find((arg) => !arg.startsWith('--'));
if (!fileArgument) {
  console.error('Usage: npm run tariffs:set -- <tariff file.json> [--dry-run]');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArgument);

const db = await openDatabase();
try {
  // Workflows (and the countries they name) are seeded when the API starts for the first time.
  if ((await db.orm.select({ id: workFlows.id }).from(workFlows).limit(1)).length === 0) {
    console.error('This database has no workflows yet: start the API once (it seeds them), then run again.');
    process.exitCode = 1;
  } else {
    const report = await applyTariffFileFromPath(db.orm, file, { dryRun });
    console.log(`${dryRun ? 'Checked (nothing written)' : 'Applied'} ${file} on ${db.driver}:`, report);
  }
} catch (error) {
  // A refused file lists every problem; anything else (database unreachable...) says what failed.
  console.error(error instanceof TariffFileError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
