import pg from 'pg';
import type { SeedOptions } from '../../src/seeds';

/** What make-templates.ts made for this jest run (the file named by PORTAL_TEST_TEMPLATES). */
export interface TestTemplates {
  /** The seed options the seeded template was seeded with: an app seeding otherwise starts from `migrated`. */
  seedOptions: SeedOptions;
  /** PGlite: the dump files; PostgreSQL: the template databases' names. */
  migrated: string;
  seeded: string;
  driver: 'pglite' | 'postgres';
}

/** The settings the test apps' configuration is loaded from (helpers.ts, and the templates' seeds). */
export const testConfigSettings = (): NodeJS.ProcessEnv => ({
  ...process.env,
  // Tests send hundreds of calls from one address in seconds: the limits have their own test.
  RATE_LIMIT: 'off',
  // Worker threads load TypeScript through tsx, which jest's own transform is not: files are
  // written in the test's thread (the gateway's e2e tests and the bench use the pool).
  DOCUMENT_WORKERS: '0',
  // No background work on timers: a test queues the scheduled jobs' slots (`check`) and runs the job engine's
  // jobs (`drainJobs`) itself, so nothing it checks depends on when a timer fired.
  JOBS: 'off',
});

export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
