// `npm run db:seed`: the reference data every installation starts with (api/src/seeds.ts):
// countries, products and tariffs (then TARIFF_FILE), post offices and lockers, CMS blocks (pages, footer, news, advert), and in
// development the demo users. Adds only what is missing; run it after `npm run db:migrate`.
import { loadConfigOrExit } from '../src/config';
import { openDatabase, pendingMigrations } from '../src/db';
import { seedDatabase, seedOptionsOf } from '../src/seeds';

const config = loadConfigOrExit();
const db = await openDatabase({ url: config.database.url, dataDir: config.database.pgliteDataDir, migrate: false });
try {
  if ((await pendingMigrations(db)) > 0) {
    console.error('db:seed: the schema is not up to date; run `npm run db:migrate` first.');
    process.exitCode = 1;
  } else {
    await seedDatabase(db, {
      ...seedOptionsOf(config),
      log: { info: (details: object, message: string) => console.log(message, details) },
    });
    console.log(`db:seed: reference data in place on ${db.driver}.`);
  }
} finally {
  await db.close();
}
