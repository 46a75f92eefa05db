import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, users } from '../../db/schema';

// Cancellations made in the back office (issue 14 item 3): why and by whom an agent cancelled a
// client's order. One per order (a cancelled order cannot be cancelled again); it goes with the order.
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The agent; null once their user is gone (the audit trail keeps the call). */
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_cancellations_order_id_idx').on(table.orderId)],
);
