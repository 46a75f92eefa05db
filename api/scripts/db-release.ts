// `npm run db:release`: the release sequence a deployment runs before the new pods serve
// (api/src/release.ts): migrate, seed the reference data, apply TARIFF_FILE when set. Safe to run
// again. The Kubernetes Job portal-release and compose's `migrate` service run it.
import { loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db';
import { releaseDatabase } from '../src/release';
import { seedOptionsOf } from '../src/seeds';

const config = loadConfigOrExit();
const db = await openDatabase({ url: config.database.url, dataDir: config.database.pgliteDataDir, migrate: false });
try {
  const report = await releaseDatabase(db, {
    ...seedOptionsOf(config),
    log: { info: (details: object, message: string) => console.log(message, details) },
  });
  console.log(
    `db:release: ${report.migrationsApplied} migration(s) applied, reference data${config.tariffFile ? ' and tariff file' : ''} in place on ${db.driver}.`,
  );
} finally {
  await db.close();
}
