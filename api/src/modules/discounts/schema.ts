import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { discounts, users } from '../../db/schema';

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
