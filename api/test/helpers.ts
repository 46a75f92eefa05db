import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWK } from 'jose';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
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
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', migrate: options.migrate });

  const name = `portal_test_${process.pid}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), migrate: options.migrate });
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
  options: {
    logger?: BuildAppOptions['logger'];
    extend?: (app: FastifyInstance) => void;
    now?: BuildAppOptions['now'];
    config?: BuildAppOptions['config'];
    mailer?: BuildAppOptions['mailer'];
    fileStorage?: BuildAppOptions['fileStorage'];
    sms?: BuildAppOptions['sms'];
  } = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const app = await buildApp({
    db,
    logger: options.logger ?? false,
    auth: TEST_AUTH,
    now: options.now,
    mailer: options.mailer,
    fileStorage: options.fileStorage,
    sms: options.sms,
    // Tests send hundreds of calls from one address in seconds: the limits have their own test.
    // Worker threads load TypeScript through tsx, which jest's own transform is not: files are
    // written in the test's thread (the gateway's e2e tests and the bench use the pool).
    config: options.config ?? loadConfig({ ...process.env, RATE_LIMIT: 'off', DOCUMENT_WORKERS: '0' }),
  });
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

// The test identity provider: one signing key made per test file, tokens signed synchronously
// (ES256, as the development provider signs) so that constants like BEARER can be built at load.
export const TEST_ISSUER = 'https://idp.test';
export const TEST_AUDIENCE = 'portal-api';
const testKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicJwk = {
  ...(testKeys.publicKey.export({ format: 'jwk' }) as JWK),
  kid: 'test-key',
  alg: 'ES256',
  use: 'sig',
};
export const TEST_AUTH: BuildAppOptions['auth'] = {
  issuer: TEST_ISSUER,
  audience: TEST_AUDIENCE,
  keys: createLocalJWKSet({ keys: [publicJwk] }),
};

export interface TokenClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  identityVerified?: boolean;
  amr?: string[];
  [claim: string]: unknown;
}

/** A signed access token; `expiresIn` seconds (negative: already expired), another key or issuer to forge. */
export function signToken(
  claims: TokenClaims,
  options: { expiresIn?: number; key?: KeyObject; issuer?: string; audience?: string; kid?: string } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'ES256', typ: 'at+jwt', kid: options.kid ?? 'test-key' };
  const payload = {
    iss: options.issuer ?? TEST_ISSUER,
    aud: options.audience ?? TEST_AUDIENCE,
    iat: now,
    exp: now + (options.expiresIn ?? 600),
    ...claims,
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: options.key ?? testKeys.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

export const bearer = (claims: TokenClaims, options?: Parameters<typeof signToken>[1]) => ({
  authorization: `Bearer ${signToken(claims, options)}`,
});

/** A key the API does not know, for forged tokens. */
export const foreignKey = (): KeyObject => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

/** An ordinary signed-in caller (not identity-verified). */
export const BEARER = bearer({ sub: 'test-user', email: 'test-user@example.com' });
