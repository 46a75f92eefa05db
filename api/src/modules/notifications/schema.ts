import type { AnnouncementChannel, AnnouncementStatus, RecipientGroup } from '@portal/shared-contracts/account';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { orderLines } from '../orders/schema';

// Progress notifications of shipments (issue 6): one row per chosen status change of a line whose
// order was placed by a registered user who agreed to e-notifications. `user_id` is the owner
// (the order's creator); `emailed_at` is set once the e-mail has gone out. Texts are not stored:
// the list and the e-mail write them from `status` in the reader's language.
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    shipmentNumber: text('shipment_number').notNull(),
    status: text('status').notNull(),
    previousStatus: text('previous_status').notNull(),
    /** When the shipment reached the status (the scan's time), not when the row was written. */
    statusDate: timestamp('status_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  // The list: one user's notifications, newest first.
  (table) => [
    index('notifications_user_id_created_at_id_idx').on(table.userId, table.createdAt, table.id),
    // For the foreign key: a deleted order line clears its notifications' link.
    index('notifications_order_line_id_idx').on(table.orderLineId),
    // The retention job's question: the rows past NOTIFICATION_HISTORY_DAYS (retention.ts).
    index('notifications_created_at_idx').on(table.createdAt),
  ],
);

// What a user chose in the Settings tab of /settings (issue 13): the status changes to hear about
// and the language of e-mails. No row: every notified status, e-mails in both languages.
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `en` or `lv`; null: both languages, Latvian first. */
  language: text('language'),
  statuses: text('statuses').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The post's announcements (issue 14 item 6, SPEC §3 Notification): composed in the back office
// for private and/or company accounts, sent once (unsent → sent) by e-mail, text message and/or
// into the notification list of the users of those accounts (issue 13 item 5).
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recipientGroups: text('recipient_groups').array().$type<RecipientGroup[]>().notNull(),
    channels: text('channels').array().$type<AnnouncementChannel[]>().notNull(),
    caption: text('caption').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    /** The same texts in Latvian (caption, description, content above are the English ones). */
    captionLv: text('caption_lv').notNull(),
    descriptionLv: text('description_lv').notNull(),
    contentLv: text('content_lv').notNull(),
    status: text('status').$type<AnnouncementStatus>().notNull().default('unsent'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** How many e-mails and text messages the send queued (accounts with an address or a phone). */
    emailCount: integer('email_count').notNull().default(0),
    smsCount: integer('sms_count').notNull().default(0),
  },
  // The users' list reads the sent ones newest first; the back office sorts by creation.
  (table) => [
    index('announcements_sent_at_idx').on(table.sentAt, table.id),
    index('announcements_created_at_idx').on(table.createdAt, table.id),
  ],
);

// Which user has read which announcement (an announcement is one row for many readers).
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.announcementId] }),
    index('announcement_reads_announcement_id_idx').on(table.announcementId),
  ],
);

// The notification banner (issue 14 item 6, the content group): one row, id 1, written by the back
// office; every page shows it while `active`.
export const notificationBanner = pgTable('notification_banner', {
  id: integer('id').primaryKey().default(1),
  active: boolean('active').notNull().default(false),
  textEn: text('text_en').notNull().default(''),
  textLv: text('text_lv').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
