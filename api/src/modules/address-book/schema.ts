import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema';

// The address book's tables (SPEC §3 Contact, Contact group; issue 12). A book belongs to an
// account: a company's users share the company account's book, a private user has their own.

export const contacts = pgTable(
  'address_book_contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyName: text('company_name'),
    email: text('email'),
    countryCode: text('country_code').notNull(),
    phonePrefix: text('phone_prefix'),
    phone: text('phone'),
    addressLine: text('address_line'),
    city: text('city'),
    region: text('region'),
    postCode: text('post_code'),
    addressId: text('address_id'),
    /** Name, company, e-mail, phone, city and post code, lower case without diacritics (search). */
    searchText: text('search_text').notNull(),
    /** Name, address and phone folded (rules.ts duplicateKey): one contact per key and account. */
    duplicateKey: text('duplicate_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('address_book_contacts_account_duplicate_idx').on(table.accountId, table.duplicateKey),
    index('address_book_contacts_account_name_idx').on(table.accountId, table.name, table.id),
  ],
);

export const contactGroups = pgTable(
  'address_book_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('address_book_groups_account_name_idx').on(table.accountId, table.name)],
);

export const contactGroupMembers = pgTable(
  'address_book_group_members',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.groupId] }),
    index('address_book_group_members_group_id_idx').on(table.groupId),
  ],
);
