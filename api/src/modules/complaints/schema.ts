import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { orders } from '../orders/schema';

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
    /** submitted → in_review → answered (shared-contracts COMPLAINT_STATUSES; answered only by answerComplaint). */
    status: text('status').notNull().default('submitted'),
    /** The back office's decision on the refund asked for (shared-contracts REFUND_DECISIONS). */
    refundDecision: text('refund_decision').notNull().default('undecided'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('complaints_user_id_idx').on(table.userId),
    index('complaints_order_id_idx').on(table.orderId),
    uniqueIndex('complaints_submission_number_idx').on(table.submissionNumber),
  ],
);

// The files of a complaint (SPEC §3 Complaint: attachment, proof of value document; §5 Uploads).
// The bytes live in the file storage (api/src/storage) under `storage_key`; this row says whose
// they are, so that only the complainant (and the back office) can read them back.
export const complaintAttachments = pgTable(
  'complaint_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    /** The form field: `attachments` or `proofOfValue` (shared-contracts COMPLAINT_FILE_FIELDS). */
    field: text('field').notNull(),
    /** The name the complainant's file had, for the download. */
    fileName: text('file_name').notNull(),
    /** The media type detected from the content (never the one the browser claimed). */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaint_attachments_complaint_id_idx').on(table.complaintId),
    uniqueIndex('complaint_attachments_storage_key_idx').on(table.storageKey),
  ],
);
