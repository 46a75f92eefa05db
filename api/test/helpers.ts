import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db';

// Packages as loaded outside Jest's sandbox by pglite-environment.cjs (see there why). jest.mock
// calls are hoisted above the imports, so the factories can only use globals.
declare const nativeModules: Record<string, unknown>;
jest.mock('@electric-sql/pglite', () => nativeModules['@electric-sql/pglite']);
jest.mock('light-my-request', () => nativeModules['light-my-request']);

/**
 * A database of its own for one test file: PGlite in memory, or, when DATABASE_URL is set, a
 * throwaway PostgreSQL database created next to it and dropped on close (a schema would not do:
 * drizzle-kit writes foreign keys as "public"."table").
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });

  const name = `portal_test_${process.pid}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database, quiet. Starting PGlite takes seconds: open one per test
 * file in beforeAll. `extend` may add test-only routes before the app is ready.
 */
export async function startTestApp(
  options: { logger?: BuildAppOptions['logger']; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const app = await buildApp({ db, logger: options.logger ?? false });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export const BEARER = { authorization: 'Bearer test-token' };
