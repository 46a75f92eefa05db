import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

/** A value as the audit keeps it: the resource before or after the change, as the API showed it. */
export type AuditValue = Record<string, unknown> | null;

// The back office's audit trail (issue 14): one row per successful admin change (every non-GET
// /api/admin call). `route` is the route pattern (`/api/admin/service_locations/:id`), `path` the
// URL called; the user is kept as an id (set null if the user is deleted, the row stays).
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<AuditValue>(),
    after: jsonb('after').$type<AuditValue>(),
  },
  (table) => [
    index('admin_audit_at_idx').on(table.at),
    index('admin_audit_user_at_idx').on(table.userId, table.at),
    index('admin_audit_entity_idx').on(table.entityType, table.entityId),
  ],
);

/**
 * The audit trail past AUDIT_ARCHIVE_AFTER_DAYS (issue 41): the same rows, moved here by the
 * `retention` job with the time they were moved, and never deleted by the portal. /admin/audit
 * searches the live table only; the archive is read with SQL (README.md "Data retention").
 */
export const adminAuditArchive = pgTable(
  'admin_audit_archive',
  {
    /** The row's id in `admin_audit`, kept. */
    id: integer('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<AuditValue>(),
    after: jsonb('after').$type<AuditValue>(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('admin_audit_archive_at_idx').on(table.at),
    index('admin_audit_archive_entity_idx').on(table.entityType, table.entityId),
  ],
);
