import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// News cards of the home page (issue 21, SPEC §2): service news in English and Latvian, seeded
// until the back office's content blocks replace them. `slug` names a seeded item, so seeding
// again adds only what is missing. A card shows from `published_at` until `expires_at` (if set).
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    titleEn: text('title_en').notNull(),
    titleLv: text('title_lv').notNull(),
    textEn: text('text_en').notNull(),
    textLv: text('text_lv').notNull(),
    /** A page of the portal the card links to (e.g. `/postal-network`), or none. */
    linkPath: text('link_path'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('news_slug_idx').on(table.slug), index('news_published_at_idx').on(table.publishedAt)],
);
