import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from '../../db/schema';

// The identity module's own tables (issue 13); users, accounts and their links are in db/schema.ts.

// Branches of a company account (SPEC §3 Account `branches`): shown on the company's settings
// page; the back office keeps them.
export const accountBranches = pgTable(
  'account_branches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_branches_account_id_idx').on(table.accountId)],
);

// Phone change codes (SPEC §4 Phone change): one row per code sent. Only an HMAC of the code is
// kept (`code_hash`, keyed by PHONE_CODE_SECRET and bound to the row's id and number). A row is
// spent (`spent_at`) when its code changed the phone, when a newer code replaced it, or when its
// attempts ran out; `attempts` counts wrong codes typed.
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendAvailableAt: timestamp('resend_available_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The account's latest code and its codes of the last hour.
    index('phone_verifications_account_id_created_at_idx').on(table.accountId, table.createdAt),
    index('phone_verifications_user_id_idx').on(table.userId),
  ],
);
