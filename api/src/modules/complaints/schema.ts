import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, users } from '../../db/schema';

// The references are thunks, so this file and db/schema.ts (which re-exports it) may import each other.
// A complaint or refund request (SPEC §3 Complaint). `user_id` is null for a visitor's complaint,
// which nobody reads back through the API (the e-mail and the submission number are its receipt).
// `submission_number` is what the complainant quotes to the post: CMP-<year>-<id padded>.
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submissionNumber: text('submission_number'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    problemType: text('problem_type'),
    source: text('source').notNull().default('web'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name'),
    registrationNumber: text('registration_number'),
    shipmentNumber: text('shipment_number'),
    complainant: text('complainant').notNull(),
    hasContract: boolean('has_contract').notNull().default(false),
    contractNumber: text('contract_number'),
    damageType: text('damage_type').notNull(),
    description: text('description').notNull(),
    shipmentValueCents: integer('shipment_value_cents'),
    refundIban: text('refund_iban').notNull(),
    comment: text('comment'),
    discoveredOn: text('discovered_on'),
    /** submitted → answered (the back office answers: admin issue). */
    status: text('status').notNull().default('submitted'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('complaints_user_id_idx').on(table.userId),
    index('complaints_order_id_idx').on(table.orderId),
    uniqueIndex('complaints_submission_number_idx').on(table.submissionNumber),
  ],
);
