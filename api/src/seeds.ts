import type { Config } from './config';
import type { Database } from './db';
import { seedCmsBlocks } from './modules/cms';
import { seedCountries } from './modules/countries';
import { seedDemoUsers } from './modules/identity';
import { seedServiceLocations } from './modules/service-locations';
import { applyTariffFileFromPath, seedWorkflows, type WorkflowCatalogue } from './modules/workflows';

export interface SeedOptions {
  /** The demo users of the development identity provider (SEED_DEMO_USERS; never in production). */
  seedDemoUsers: boolean;
  /** A tariff file to apply after the seeded figures (TARIFF_FILE). */
  tariffFile?: string;
  /** Invalidated when the tariff file changes figures, so this process prices with them at once. */
  catalogue?: WorkflowCatalogue;
  /** Where the tariff file's report goes (the app's logger, or the console of `npm run db:seed`). */
  log?: { info(details: object, message: string): void };
}

/** The seeding part of the configuration. */
export const seedOptionsOf = (config: Config): SeedOptions => ({
  seedDemoUsers: config.seedDemoUsers,
  tariffFile: config.tariffFile,
});

/**
 * The reference data every installation starts with (issue 22: seeds as a command, not a side
 * effect of starting): countries, the products and their tariffs (then TARIFF_FILE's figures),
 * post offices and parcel lockers, the CMS blocks (information pages, footer, home page news and advert), and in
 * development the demo users.
 * Each seed adds only what is missing, so running it again changes nothing. `npm run db:seed`
 * runs it; a development start runs it too (never a production start).
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  const { orm } = db;
  if (options.seedDemoUsers) await seedDemoUsers(orm);
  await seedCountries(orm);
  await seedWorkflows(orm);
  if (options.tariffFile) {
    // A file that fails its checks stops the seed (and a development start) rather than leave the
    // old prices in force unnoticed.
    const report = await applyTariffFileFromPath(orm, options.tariffFile, { catalogue: options.catalogue });
    options.log?.info({ tariffFile: options.tariffFile, ...report }, 'tariff file applied');
  }
  await seedServiceLocations(orm);
  await seedCmsBlocks(orm);
}
