import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Answers of creating and paying calls made with an `Idempotency-Key` (issue 38 item 1): one row per
// caller's scope (its account, or its user when it acts for none) and key, kept 24 hours. A row
// without `status` is a call still running: it holds the key until `lockedUntil`.

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `account:<id>` or `subject:<sub>` (a user acting for no account). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (hex) of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer's status; null while the first call runs. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    /** While the first call runs: after this a crashed call's key may be taken again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_scope_key_idx').on(table.scope, table.key),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);
