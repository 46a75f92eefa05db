import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWK } from 'jose';
import { type BuildAppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db';
import { seedOptionsOf } from '../src/seeds';
import { onServer, type TestTemplates, testConfigSettings, withDatabaseName } from './templates/templates';

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
  if (!serverUrl) {
    const pgliteDump = templates?.driver === 'pglite' ? new Blob([readFileSync(template as string)]) : undefined;
    return openDatabase({ dataDir: 'memory://', migrate: options.migrate, pgliteDump });
  }

  const name = `portal_test_${process.pid}_${Date.now().toString(36)}`;
  const fromTemplate = templates?.driver === 'postgres' ? ` template "${template}"` : '';
  await onServer(serverUrl, `create database "${name}"${fromTemplate}`);
  const db = await openDatabase({ url: withDatabaseName(serverUrl, name), migrate: options.migrate });
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
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
 * The whole API on a fresh database, quiet. Starting PGlite takes seconds: open one per test
 * file in beforeAll. `extend` may add test-only routes before the app is ready. `sharing`: another
 * instance on that app's database (several API instances on one database), closed without it.
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
  } = {},
): Promise<TestApp> {
  const config = options.config ?? loadConfig(testConfigSettings());
  // An app seeds as it starts (outside production): from the seeded template that seed has
  // nothing left to add. Other seed options start from the migrated one and seed in full.
  const seedsAsTemplate =
    !config.production && JSON.stringify(seedOptionsOf(config)) === JSON.stringify(readTemplates()?.seedOptions);
  const db = options.sharing?.db ?? (await openTestDatabase({ from: seedsAsTemplate ? 'seeded' : 'migrated' }));
  const app = await buildApp({
    db,
    logger: options.logger ?? false,
    auth: TEST_AUTH,
    now: options.now,
    mailer: options.mailer,
    fileStorage: options.fileStorage,
    sms: options.sms,
    config,
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
