// Removes the parties' personal data from the orders of deleted accounts once they have been
// archived for longer than PERSONAL_DATA_RETENTION_DAYS (default five years; orders/archive.ts).
// Run it daily (a cron job or the platform's scheduler); running it again changes nothing.
//   npm run orders:pseudonymise
// Uses DATABASE_URL or PGLITE_DATA_DIR like the API (PGlite: stop the portal first).
import { loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db';
import { pseudonymiseArchivedOrders } from '../src/modules/orders';

const config = loadConfigOrExit();
const db = await openDatabase({ url: config.database.url, dataDir: config.database.pgliteDataDir });
try {
  const cutoff = new Date(Date.now() - config.personalDataRetentionDays * 24 * 60 * 60 * 1000);
  const changed = await pseudonymiseArchivedOrders(db.orm, cutoff);
  console.log(`orders archived before ${cutoff.toISOString()}: ${changed} pseudonymised`);
} finally {
  await db.close();
}
