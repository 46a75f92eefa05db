import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { complaints } from '../../db/schema';

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
