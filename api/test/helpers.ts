import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { type BuildAppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, type PgliteDump } from '../src/db';
import { seedOptionsOf } from '../src/seeds';
import { onServer, type TestTemplates, testConfigSettings, withDatabaseName } from './templates/templates';
import { FOREIGN_SIGNING_KEY } from './test-keys';
import { bearer, TEST_AUDIENCE, TEST_ISSUER, TEST_PUBLIC_JWK } from './test-tokens';

// PGlite and light-my-request are the copies pglite-environment.cjs loads outside Jest's sandbox
// (see there why), mocked for every API test file by native-modules-setup.cjs.

/**
 * A database of its own for one test file: PGlite in memory, or, when DATABASE_URL is set, a
 * throwaway PostgreSQL database created next to it and dropped on close (a schema would not do:
 * drizzle-kit writes foreign keys as "public"."table"). Under jest it starts as a copy of this
 * run's migrated template (templates/), or of the seeded one with `from: 'seeded'`; `migrate:
 * false` gives an empty database.
 */
export async function openTestDatabase(
  options: { migrate?: boolean; from?: 'migrated' | 'seeded' } = {},
): Promise<Database> {
  const templates = options.migrate === false ? undefined : readTemplates();
  const template = templates?.[options.from ?? 'migrated'];
  const serverUrl = process.env.DATABASE_URL;
  // A copy of a template has every migration already: checking them again (reading and hashing
  // each migration file, asking the journal) cost each test file's start a few hundred ms.
  if (!serverUrl) {
    const pgliteDump = templates?.driver === 'pglite' ? templateDump(template as string) : undefined;
    return openDatabase({ dataDir: 'memory://', migrate: pgliteDump ? false : options.migrate, pgliteDump });
  }

  // TEST_DATABASE_PREFIX: several checkouts testing on one server keep to their own names.
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'portal'}_test_${process.pid}_${Date.now().toString(36)}`;
  const fromTemplate = templates?.driver === 'postgres' ? ` template "${template}"` : '';
  await onServer(serverUrl, `create database "${name}"${fromTemplate}`);
  const db = await openDatabase({
    url: withDatabaseName(serverUrl, name),
    migrate: fromTemplate ? false : options.migrate,
  });
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

declare global {
  /** The template dump as pglite-environment.cjs read it once for this worker (absent in other environments). */
  var pgliteTemplateDump: ((file: string) => PgliteDump) | undefined;
}

/** A PGlite template's dump: the worker's copy when the environment keeps one, else read from its file. */
const templateDump = (file: string): PgliteDump =>
  globalThis.pgliteTemplateDump?.(file) ?? new Blob([readFileSync(file)]);

/**
 * The migrated PGlite template's dump for a database opened another way than `openTestDatabase`
 * (a serving process's `openDatabaseForStart`); none on PostgreSQL or outside the api project.
 */
export function migratedPgliteDump(): PgliteDump | undefined {
  const templates = readTemplates();
  return templates?.driver === 'pglite' ? templateDump(templates.migrated) : undefined;
}

/** This jest run's templates (global-setup.cjs); none when a file runs outside the api project. */
function readTemplates(): TestTemplates | undefined {
  const file = process.env.PORTAL_TEST_TEMPLATES;
  if (!file || !existsSync(file)) return undefined;
  const templates = JSON.parse(readFileSync(file, 'utf8')) as TestTemplates;
  const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  return templates.driver === driver ? templates : undefined;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The API on a fresh database, quiet: every module, or with `modules` only those named and what
 * they declare they need (a module's own tests; whole-app tests stay for journeys across modules).
 * Starting PGlite takes a second or more: open one per test file in beforeAll. `extend` may add
 * test-only routes before the app is ready. `sharing`: another instance on that app's database
 * (several API instances on one database), closed without it.
 */
export async function startTestApp(
  options: {
    logger?: BuildAppOptions['logger'];
    extend?: (app: FastifyInstance) => void;
    now?: BuildAppOptions['now'];
    config?: BuildAppOptions['config'];
    mailer?: BuildAppOptions['mailer'];
    fileStorage?: BuildAppOptions['fileStorage'];
    sms?: BuildAppOptions['sms'];
    sharing?: TestApp;
    modules?: BuildAppOptions['modules'];
  } = {},
): Promise<TestApp> {
  const config = options.config ?? loadConfig(testConfigSettings());
  // An app seeds as it starts (outside production): from the seeded template that seed has
  // nothing left to add. Other seed options start from the migrated one and seed in full.
  const seedsAsTemplate =
    !config.production && JSON.stringify(seedOptionsOf(config)) === JSON.stringify(readTemplates()?.seedOptions);
  const db = options.sharing?.db ?? (await openTestDatabase({ from: seedsAsTemplate ? 'seeded' : 'migrated' }));
  // A copy of the seeded template, seeded with these very options, has nothing left to seed: seeding
  // it again only read every seeded table to find that out (0.3 s a file, 1.3 s the first time in a
  // worker). A database shared with another app is that app's, and is seeded as a start would.
  const copyOfSeeded = seedsAsTemplate && !options.sharing;
  // A start that fails (a wrong module name, a bad setting) closes the database it opened.
  const app = await buildApp({
    db,
    logger: options.logger ?? false,
    auth: TEST_AUTH,
    now: options.now,
    mailer: options.mailer,
    fileStorage: options.fileStorage,
    sms: options.sms,
    config,
    modules: options.modules,
    seed: copyOfSeeded ? false : undefined,
  }).catch(async (error: unknown) => {
    if (!options.sharing) await db.close();
    throw error;
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!options.sharing) await db.close();
    },
  };
}

// The test identity provider's key and tokens (test-tokens.ts), and the app's trust in them.
export { bearer, signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_PUBLIC_JWK, type TokenClaims } from './test-tokens';
export const TEST_AUTH: BuildAppOptions['auth'] = {
  issuer: TEST_ISSUER,
  audience: TEST_AUDIENCE,
  keys: createLocalJWKSet({ keys: [TEST_PUBLIC_JWK] }),
};

/** A key the API does not know, for forged tokens. */
export const foreignKey = (): KeyObject => FOREIGN_SIGNING_KEY;

/** An ordinary signed-in caller (not identity-verified). */
export const BEARER = bearer({ sub: 'test-user', email: 'test-user@example.com' });

/**
 * Runs the app's due background jobs (the job engine's, modules/jobs) to completion, and those they
 * create: the tests' one way to have background work done, no timer waited on. How many ran.
 * `includeDelayed`: the jobs waiting out a back-off run once more, as if it had passed.
 */
export function drainJobs(testApp: TestApp, options: { includeDelayed?: boolean } = {}): Promise<number> {
  return testApp.app.jobEngine.drainJobs(options);
}

/**
 * One turn of the scheduled job `name` as an instance plays it at the app's clock: its check, then
 * the run driven to its end (drainJobs). 'ran' (completed), 'failed', or 'skipped' (the slot's run
 * was already written, or one still runs).
 */
export async function runScheduledJob(testApp: TestApp, name: string): Promise<'ran' | 'failed' | 'skipped'> {
  const check = (await testApp.app.jobs.check()).find((candidate) => candidate.job === name);
  if (!check?.queued) return 'skipped';
  await drainJobs(testApp);
  const last = (await testApp.app.jobEngine.jobsOf(`scheduled.${name}`)).at(-1);
  return last?.state === 'completed' ? 'ran' : 'failed';
}
