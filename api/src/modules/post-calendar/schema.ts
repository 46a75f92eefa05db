import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

// The post's own days off (issue 14 item 9): days besides Latvia's public holidays on which the
// post does not work; courier pick-up and delivery dates skip them (api/src/calendar).
export const postDaysOff = pgTable('post_days_off', {
  /** The day, YYYY-MM-DD (Riga). */
  date: date('date', { mode: 'string' }).primaryKey(),
  reasonEn: text('reason_en').notNull(),
  reasonLv: text('reason_lv').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The administrator who set it. */
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
