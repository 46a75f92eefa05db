import type { CmsKind } from '@portal/shared-contracts/cms';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

// CMS blocks (SPEC §3 "CMS block": name, content): the information pages' texts, edited by the
// back office without a release. The body is Markdown, rendered to sanitised HTML when read.
export const cmsBlocks = pgTable(
  'cms_blocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The block's name, e.g. `terms` (shared-contracts CMS_KEY_PATTERN). */
    key: text('key').notNull(),
    titleEn: text('title_en').notNull(),
    titleLv: text('title_lv').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyLv: text('body_lv').notNull(),
    /** What the block is for (shared-contracts CMS_KINDS): page, footer, tooltip, advert or news. */
    kind: text('kind').$type<CmsKind>().notNull().default('page'),
    /** Off: kept for the back office, never shown publicly. */
    active: boolean('active').notNull().default(true),
    /** Adverts and news: the page or https address the card leads to. */
    linkPath: text('link_path'),
    /** News and adverts: shown from (null: always) until (null: no end). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The seed's version of a seeded block; null once an administrator has changed it (never overwritten). */
    seedVersion: integer('seed_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator who last changed it; null for the seed. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('cms_blocks_key_idx').on(table.key),
    // The home page's news and adverts, the footer: one kind, newest first.
    index('cms_blocks_kind_published_at_idx').on(table.kind, table.publishedAt),
  ],
);
