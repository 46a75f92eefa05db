import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../identity/schema';

// Saved goods codes (SPEC §1 "HS code search with saved codes", §5 "goods code unique per
// account"; issue 13): the codes an account ships often, each with the user's own description,
// offered first in the order wizard's content step. A company's users share its codes. `code` is
// digits only; the nomenclature itself stays in memory (service.ts).
export const savedHsCodes = pgTable(
  'saved_hs_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per code and account: the rule, and the list's order (codes are read per account).
  (table) => [uniqueIndex('saved_hs_codes_account_id_code_idx').on(table.accountId, table.code)],
);
