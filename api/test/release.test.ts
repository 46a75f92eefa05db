/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db';
import { countries } from '../src/modules/countries/schema';
import { serviceLocations } from '../src/modules/service-locations/schema';
import { workFlows } from '../src/modules/workflows/schema';
import { releaseDatabase } from '../src/release';
import { openTestDatabase } from './helpers';

// Issue 35 item 4: the release by the book. On an empty database (no schema at all), the one
// sequence the deployment runs (migrate, seed the reference data, apply the tariff file) leaves it
// ready: countries, products with the file's figures, post offices and lockers. Run again, it
// changes nothing. On PGlite, and on PostgreSQL with DATABASE_URL.

let db: Database;
let directory: string;
// An empty PGlite starts with its own initdb (no template): seconds on a quiet machine, over a
// minute once on a loaded one, hence the hook's time.
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'release-'));
  db = await openTestDatabase({ migrate: false });
}, 180_000);
afterAll(async () => {
  await db?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const rows = async (table: typeof countries | typeof workFlows | typeof serviceLocations) =>
  (await db.orm.select({ n: count() }).from(table))[0]?.n ?? 0;

it('takes an empty database to one that prices and orders, and is safe to run again', async () => {
  const tariffFile = path.join(directory, 'tariffs.json');
  await writeFile(
    tariffFile,
    JSON.stringify({ workflows: { 'parcel-lt-locker-l': { weightCosts: [{ maxWeight: 2000, priceCents: 615 }] } } }),
  );
  const first = await releaseDatabase(db, { seedDemoUsers: false, tariffFile });
  expect(first.migrationsApplied).toBeGreaterThan(30);
  const counted = {
    countries: await rows(countries),
    products: await rows(workFlows),
    locations: await rows(serviceLocations),
  };
  expect(counted.countries).toBeGreaterThan(200);
  expect(counted.products).toBeGreaterThan(10);
  expect(counted.locations).toBeGreaterThan(100);
  const [locker] = await db.orm.select().from(workFlows).where(eq(workFlows.seedKey, 'parcel-lt-locker-l'));
  expect(JSON.stringify(locker)).toContain('615');

  const again = await releaseDatabase(db, { seedDemoUsers: false, tariffFile });
  expect(again.migrationsApplied).toBe(0);
  expect({
    countries: await rows(countries),
    products: await rows(workFlows),
    locations: await rows(serviceLocations),
  }).toEqual(counted);
}, 120_000);
