import type { ApiKeyScope } from '@portal/shared-contracts/account';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from '../identity/schema';

// A company account's API keys (issue 20 item 2). The key itself is never stored: only its public
// id (the part after `lvp_live_`, to find the row) and the SHA-256 of the whole key. Keys are 256
// random bits, so a plain hash is as strong as a slow one would be and costs nothing per call.

export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    /** 16 hex digits, the key's visible id (`lvp_live_<publicId>_<secret>`). */
    publicId: text('public_id').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `live`, or `test` (issue 38): a test key's orders are the sandbox's, never the post's (`lvp_test_…`). */
    mode: text('mode', { enum: ['live', 'test'] })
      .notNull()
      .default('live'),
  },
  (table) => [
    uniqueIndex('api_keys_public_id_idx').on(table.publicId),
    index('api_keys_account_id_idx').on(table.accountId),
    check('api_keys_scopes_check', sql`cardinality(${table.scopes}) > 0`),
    check('api_keys_mode_check', sql`${table.mode} in ('live', 'test')`),
  ],
);

/** The newest uses of each key (API_KEY_RECENT_USES of them: older ones are deleted as new ones come). */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The route's pattern (`/api/orders/:key`), never the URL: no order key or query is kept. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_key_uses_key_idx').on(table.apiKeyId, table.usedAt)],
);
