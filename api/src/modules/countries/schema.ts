import { boolean, char, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Lists are read in code order through the primary key; `active` is too unselective
// (a few inactive of ~250) for an index of its own to help.
export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  nameLv: text('name_lv').notNull(),
  aliasNames: text('alias_names').array().notNull().default([]),
  phonePrefix: text('phone_prefix'),
  active: boolean('active').notNull().default(true),
  type: integer('type'),
});

export const countryGroups = pgTable(
  'country_groups',
  {
    countryCode: char('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
  },
  (table) => [
    // The key serves "groups of these countries"; the index serves "countries of this group".
    primaryKey({ columns: [table.countryCode, table.groupName] }),
    index('country_groups_group_name_country_code_idx').on(table.groupName, table.countryCode),
  ],
);
