import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../identity/schema';

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
    // The list's default order (by name, case ignored): a page is read in index order, not sorted
    // out of the whole book (issue 12 bench: 100,000 contacts, first page 158 ms → 0.1 ms).
    index('address_book_contacts_account_lower_name_idx').on(table.accountId, sql`lower(${table.name})`, table.id),
    // The country filter, in the default order; its count is read from the index alone.
    index('address_book_contacts_account_country_idx').on(
      table.accountId,
      table.countryCode,
      sql`lower(${table.name})`,
      table.id,
    ),
    // Search is "every word anywhere in the text" (LIKE '%word%'): trigrams (pg_trgm) find the
    // matching rows instead of reading the whole table (a phone number: 52 ms → 0.6 ms).
    index('address_book_contacts_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * How many contacts each book holds per country, kept by statement triggers on the contacts table
 * (migration 0016): the list's totals without counting a book of 100,000 rows on every page. No
 * foreign key on purpose: the triggers run while an account's contacts are deleted with it, and
 * a row whose count reaches 0 is removed.
 */
export const contactCounts = pgTable(
  'address_book_contact_counts',
  {
    accountId: integer('account_id').notNull(),
    countryCode: text('country_code').notNull(),
    contacts: integer('contacts').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.countryCode] })],
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
