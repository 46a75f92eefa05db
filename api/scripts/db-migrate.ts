// `npm run db:migrate`: applies the migrations of api/drizzle/ the database has not had, under an
// advisory lock (api/src/db/database.ts). A deployment runs it before starting the new release;
// a development start does it by itself.
import { loadConfigOrExit } from '../src/config';
import { migrateDatabase, openDatabase, pendingMigrations } from '../src/db';

const config = loadConfigOrExit();
const db = await openDatabase({ url: config.database.url, dataDir: config.database.pgliteDataDir, migrate: false });
try {
  const before = await pendingMigrations(db);
  await migrateDatabase(db);
  console.log(`db:migrate: ${before} migration(s) applied on ${db.driver}; the schema is up to date.`);
} finally {
  await db.close();
}
