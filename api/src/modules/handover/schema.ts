import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema';

// Printer-free hand-over (issue 20 item 5). A paid order gets one hand-over record; its code (the
// QR) names only `id`, a random value with no meaning, signed with HANDOVER_SECRET (service.ts).
// No personal data is stored here: who the order's parties are stays with the order.
export const handovers = pgTable(
  'handovers',
  {
    /** Random (16 bytes, base64url): what the signed code names. Never a sequence: it says nothing. */
    id: text('id').primaryKey(),
    /** The paid order whose labels the code prints; null for a prepaid return's code. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The prepaid return (issue 40) whose label the code prints, named by its own S10 number (the
     * returns module's `returnBarcode`); null for an order's code. Exactly one of the two is set.
     */
    returnBarcode: text('return_barcode'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the code is refused (HANDOVER_VALID_DAYS after payment). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once, by a conditional UPDATE: two concurrent redeems cannot both succeed. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The machine client (its token's `sub`) of the counter or locker that printed the label. */
    redeemedBy: text('redeemed_by'),
    /** When the e-mail carrying the code was sent (the paid-order e-mail's outbox); null: not yet. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    // One hand-over per paid order: the listener may run again (a replayed settlement), never twice over.
    uniqueIndex('handovers_order_id_idx').on(table.orderId),
    // One hand-over per prepaid return, as per order.
    uniqueIndex('handovers_return_barcode_idx').on(table.returnBarcode),
    check('handovers_owner_check', sql`(${table.orderId} is null) <> (${table.returnBarcode} is null)`),
    index('handovers_unmailed_idx').on(table.createdAt).where(sql`${table.mailedAt} is null`),
    check('handovers_redeemed_check', sql`(${table.redeemedAt} is null) = (${table.redeemedBy} is null)`),
  ],
);
