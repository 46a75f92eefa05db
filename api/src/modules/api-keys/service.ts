import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_CODES,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_RECENT_USES,
  API_KEY_SCOPES,
  API_KEY_TEST_PREFIX,
  type ApiKey,
  type ApiKeyMode,
  type ApiKeyScope,
  type CreatedApiKey,
  MAX_API_KEYS,
  ROLE_MAIN_ADMIN,
} from '@portal/shared-contracts/account';
import { and, count, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, notFound } from '../../http/problem';
import { type IdentityService, lockAccount, userNames } from '../identity';
import { apiKeys, apiKeyUses } from './schema';

type KeyRow = typeof apiKeys.$inferSelect;

export const ACCESS_DENIED = 'Access Denied.';
/**
 * `lvp_live_` (or `lvp_test_` for a test key) + 16 hex digits (the row's public id) + `_` + 43
 * base64url characters (256 random bits).
 */
const KEY_PATTERN = /^lvp_(live|test)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

const prefixOf = (row: Pick<KeyRow, 'publicId' | 'mode'>) =>
  `${row.mode === 'test' ? API_KEY_TEST_PREFIX : API_KEY_PREFIX}${row.publicId}`;

/** The caller as `GET /api/me` answers it (routes.ts meSchema). */
export interface Me {
  '@id': '/api/me';
  kind: 'api_key' | 'user';
  account: string | null;
  scopes: ApiKeyScope[];
  mode: 'live' | 'test';
  apiKey: { '@id': string; name: string; prefix: string } | null;
  user: string | null;
  role: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** 401 with a code the client can act on: a key that never was (or is mistyped) or one revoked. */
const keyRefused = (kind: 'unknownKey' | 'revokedKey') =>
  new ApiError(
    401,
    API_KEY_MESSAGES[kind],
    [{ propertyPath: '', message: API_KEY_MESSAGES[kind], code: API_KEY_CODES[kind] }],
    { 'www-authenticate': `Bearer error="invalid_token"` },
  );

/** Who is calling with a key: what `verify` hands the request (auth/authenticate.ts). */
export function keyPrincipal(row: Pick<KeyRow, 'id' | 'accountId' | 'scopes' | 'mode'>): Principal {
  return {
    accessToken: '',
    subject: `api-key:${row.id}`,
    email: null,
    givenName: null,
    familyName: null,
    identityVerified: false,
    authMethods: ['api-key'],
    // No OAuth scopes: a key never passes for a machine client of the identity provider (tracking ingest).
    scopes: [],
    accountId: row.accountId,
    apiKey: { id: row.id, scopes: row.scopes, mode: row.mode },
  };
}

export interface ApiKeyUse {
  method: string;
  route: string;
  status: number;
  /**
   * How long ago the call arrived. A use is recorded after its answer, and two calls' records may
   * commit in either order (on PostgreSQL each on its own connection): the call's own time keeps
   * the list in the order the calls were made.
   */
  elapsedMs?: number;
}

/**
 * A company account's API keys (issue 20 item 2): its main administrators create, list and revoke
 * them; every call made with one is checked here (`verify`) and recorded (`recordUse`).
 */
export class ApiKeyService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(principal: Principal, accountId: number): Promise<ApiKey[]> {
    await this.mainAdministrator(principal, accountId);
    const rows = await this.orm
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return this.views(rows);
  }

  async create(
    principal: Principal,
    accountId: number,
    body: { name: string; scopes: ApiKeyScope[]; mode?: ApiKeyMode | undefined },
  ): Promise<CreatedApiKey> {
    const creator = await this.mainAdministrator(principal, accountId);
    const account = await this.identity.accountView(accountId);
    if (account.type !== 'company') throw new ApiError(422, API_KEY_MESSAGES.companyOnly);
    const publicId = randomBytes(8).toString('hex');
    const mode = body.mode ?? 'live';
    const key = `${prefixOf({ publicId, mode })}_${randomBytes(32).toString('base64url')}`;
    const row = await this.orm.transaction(async (tx) => {
      // Serialises creations on one account, so that the limit holds under concurrent requests.
      await lockAccount(tx, accountId);
      const [existing] = await tx.select({ total: count() }).from(apiKeys).where(eq(apiKeys.accountId, accountId));
      if ((existing?.total ?? 0) >= MAX_API_KEYS) throw new ApiError(422, API_KEY_MESSAGES.tooMany);
      const [inserted] = await tx
        .insert(apiKeys)
        .values({
          accountId,
          name: body.name.trim(),
          // In the order the screen lists them, once each.
          scopes: [...new Set(body.scopes)].sort(),
          publicId,
          keyHash: sha256(key).toString('hex'),
          mode,
          createdByUserId: creator.id,
          createdAt: this.now(),
        })
        .returning();
      if (!inserted) throw new Error('api key insert returned no row');
      return inserted;
    });
    const [view] = await this.views([row]);
    if (!view) throw new Error('api key view missing');
    return { ...view, key };
  }

  /**
   * Who the caller is (`GET /api/me`, issue 38 item 3): a key's account, scopes and mode; a signed-in
   * user's account (the one the call acts for, when they are its member), role, and every scope.
   */
  async whoAmI(principal: Principal): Promise<Me> {
    const key = principal.apiKey;
    if (key) {
      const [row] = await this.orm.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      if (!row || principal.accountId === null) throw new Error('the verified key has no row');
      return {
        '@id': '/api/me',
        kind: 'api_key',
        account: `/api/accounts/${principal.accountId}`,
        scopes: row.scopes,
        mode: row.mode,
        apiKey: { '@id': `/api/accounts/${row.accountId}/api_keys/${row.id}`, name: row.name, prefix: prefixOf(row) },
        user: null,
        role: null,
      };
    }
    const membership =
      principal.accountId === null
        ? null
        : await this.identity.member(principal, principal.accountId).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          });
    return {
      '@id': '/api/me',
      kind: 'user',
      account: membership ? `/api/accounts/${principal.accountId}` : null,
      scopes: [...API_KEY_SCOPES],
      mode: 'live',
      apiKey: null,
      user: membership ? `/api/users/${membership.user.id}` : null,
      role: membership?.role ?? null,
    };
  }

  /** Revokes the key (idempotent): it stays listed, and every call with it answers 401 from now on. */
  async revoke(principal: Principal, accountId: number, keyId: number): Promise<ApiKey> {
    await this.mainAdministrator(principal, accountId);
    await this.orm
      .update(apiKeys)
      .set({ revokedAt: this.now() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
    const [row] = await this.orm
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)));
    // Another account's key is the same 404 as one that does not exist.
    if (!row) throw notFound(API_KEY_MESSAGES.keyNotFound);
    const [view] = await this.views([row]);
    if (!view) throw new Error('api key view missing');
    return view;
  }

  /**
   * The caller behind a bearer value that starts like a key: 401 with a reason for a key malformed,
   * unknown or revoked. The row is found by its public id and the hash compared in
   * constant time, so timing tells nothing about the secret part.
   */
  async verify(key: string): Promise<Principal> {
    const match = KEY_PATTERN.exec(key);
    if (!match) throw keyRefused('unknownKey');
    const [row] = await this.orm
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.publicId, match[2] as string));
    const given = sha256(key);
    const stored = row ? Buffer.from(row.keyHash, 'hex') : Buffer.alloc(given.length);
    if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) throw keyRefused('unknownKey');
    // The prefix is part of the hashed key; a row's mode never changes: they agree, or the key is unknown.
    if (row.mode !== match[1]) throw keyRefused('unknownKey');
    if (row.revokedAt) throw keyRefused('revokedKey');
    return keyPrincipal(row);
  }

  /**
   * Records a call made with the key (its route pattern, status and time) and when it was last
   * used; keeps the newest API_KEY_RECENT_USES uses only, so the table stays small however busy
   * the key is.
   */
  async recordUse(keyId: number, { elapsedMs = 0, ...use }: ApiKeyUse): Promise<void> {
    const usedAt = new Date(this.now().getTime() - elapsedMs);
    await this.orm.transaction(async (tx) => {
      await tx.update(apiKeys).set({ lastUsedAt: usedAt }).where(eq(apiKeys.id, keyId));
      await tx.insert(apiKeyUses).values({ apiKeyId: keyId, ...use, usedAt });
      const kept = tx
        .select({ id: apiKeyUses.id })
        .from(apiKeyUses)
        .where(eq(apiKeyUses.apiKeyId, keyId))
        .orderBy(desc(apiKeyUses.usedAt), desc(apiKeyUses.id))
        .limit(API_KEY_RECENT_USES);
      await tx.delete(apiKeyUses).where(and(eq(apiKeyUses.apiKeyId, keyId), notInArray(apiKeyUses.id, kept)));
    });
  }

  /** The caller's user when they are a main administrator of the account; 403 for other members, 404 for others. */
  private async mainAdministrator(principal: Principal, accountId: number) {
    const { user, role } = await this.identity.member(principal, accountId);
    if (role !== ROLE_MAIN_ADMIN) throw new ApiError(403, ACCESS_DENIED);
    return user;
  }

  private async views(rows: KeyRow[]): Promise<ApiKey[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const uses = await this.orm
      .select()
      .from(apiKeyUses)
      .where(inArray(apiKeyUses.apiKeyId, ids))
      .orderBy(desc(apiKeyUses.usedAt), desc(apiKeyUses.id));
    const creatorIds = rows.flatMap((row) => (row.createdByUserId === null ? [] : [row.createdByUserId]));
    const creators = creatorIds.length === 0 ? [] : await userNames(this.orm, creatorIds);
    const nameOf = (id: number | null) => {
      const creator = creators.find((candidate) => candidate.id === id);
      if (!creator) return null;
      const name = [creator.firstName, creator.lastName].filter(Boolean).join(' ');
      return name || creator.email;
    };
    return rows.map((row) => ({
      '@id': `/api/accounts/${row.accountId}/api_keys/${row.id}`,
      id: row.id,
      name: row.name,
      scopes: row.scopes,
      mode: row.mode,
      prefix: prefixOf(row),
      createdAt: row.createdAt.toISOString(),
      createdBy: nameOf(row.createdByUserId),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      recentUses: uses
        .filter((use) => use.apiKeyId === row.id)
        .map((use) => ({ method: use.method, route: use.route, status: use.status, usedAt: use.usedAt.toISOString() })),
    }));
  }
}
