import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

// Discount codes (SPEC §3 Discount) as the price engine reads them. `value` is basis points for
// `percentage` (1000 = 10 %) and cents for `fixedPrice`. Null `work_flow_ids`: every workflow.
export const discounts = pgTable(
  'discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    /** `code` (anyone who knows it) or `loyalty` (assigned to a registered user after N paid orders). */
    kind: text('kind').notNull().default('code'),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    frequency: text('frequency').notNull().default('each'),
    frequencyIndex: integer('frequency_index'),
    status: text('status').notNull().default('active'),
    usageCount: integer('usage_count').notNull().default(0),
    maxCount: integer('max_count'),
    validFrom: date('valid_from'),
    validTill: date('valid_till'),
    userType: text('user_type').notNull().default('all'),
    workFlowIds: integer('work_flow_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Codes are stored upper case; one code may come back in another period (SPEC §5), so not unique.
    index('discounts_code_idx').on(table.code),
    index('discounts_status_valid_from_idx').on(table.status, table.validFrom),
  ],
);

// Loyalty discounts assigned to registered users (SPEC §4 "a loyalty discount is assigned after a
// number of orders"): one row per user and loyalty discount, written when the user's Nth order is
// paid. `seenAt` stays null until the user closed the new-discount dialog (SPEC §2 Other screens).
export const userDiscounts = pgTable(
  'user_discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_discounts_user_discount_idx').on(table.userId, table.discountId),
    index('user_discounts_discount_idx').on(table.discountId),
  ],
);
