import { type Database, migrateDatabase, pendingMigrations } from './db';
import { type SeedOptions, seedDatabase } from './seeds';

/** What a release step did to the database. */
export interface ReleaseReport {
  migrationsApplied: number;
}

/**
 * The release, by the book (issue 35): one sequence a deployment runs before the new pods serve
 * (`npm run db:release`, the Kubernetes Job portal-release, compose's `migrate` service):
 * 1. the migrations the database lacks (under an advisory lock: one release at a time);
 * 2. the reference data (countries, products and tariffs, post offices and lockers, CMS blocks);
 * 3. the tariff file, when TARIFF_FILE names one (part of the seed, after the seeded figures).
 * Each step adds only what is missing, so the sequence is safe to run again; a fresh database ends
 * ready to price and order.
 */
export async function releaseDatabase(db: Database, seed: SeedOptions): Promise<ReleaseReport> {
  const migrationsApplied = await pendingMigrations(db);
  await migrateDatabase(db);
  await seedDatabase(db, seed);
  return { migrationsApplied };
}
