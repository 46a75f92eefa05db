import type { AdminRole } from '@portal/shared-contracts/admin';
import type { LabelFormat } from '@portal/shared-contracts/orders';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Identity (SPEC §3 User, User account link, Account; issue 3). A user is provisioned once after
// sign-in (POST /api/my-user) from the identity provider's `sub`; `admin_roles` are its back-office roles
// (issue 14, `@portal/shared-contracts/admin`): none for a customer.
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  subject: text('subject').notNull().unique(),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  adminRoles: text('admin_roles').array().$type<AdminRole[]>().notNull().default([]),
  /** Sign-in methods seen for this user (`password`, `smartid`, `eparaksts`). */
  authMethods: text('auth_methods').array().notNull().default([]),
  /** Set by an administrator (issue 14): a blocked user's calls are refused until unblocked. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /**
   * When the person deleted their profile (issue 13): the row stays, so the same sign-in cannot
   * come back as a new user, and the back office's archive lists it; every call is refused.
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// `contact` holds the sender profile (phone and prefix, address, return parcel locker,
// e-notification consent), read and replaced whole (modules/identity/model.ts).
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  type: text('type').notNull(),
  email: text('email'),
  isActive: boolean('is_active').notNull().default(true),
  contact: jsonb('contact').notNull().default({}),
  companyName: text('company_name'),
  companyRegNr: text('company_reg_nr'),
  /** A company's contract with the post (SPEC §3 admin user-account view); set by the back office. */
  contractNumber: text('contract_number'),
  /** The company wants an invoice per shipment rather than one per period (SPEC §3 "separate invoice"). */
  separateInvoice: boolean('separate_invoice').notNull().default(false),
  /** The shipping label format the account's downloads default to (issue 20 item 4); null: A6. */
  labelFormat: text('label_format').$type<LabelFormat>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userAccounts = pgTable(
  'user_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** Who linked the user (SPEC §3 admin user-account view "added by"): a main administrator, or the approving admin. */
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_accounts_user_id_account_id_idx').on(table.userId, table.accountId),
    index('user_accounts_account_id_idx').on(table.accountId),
  ],
);

// Company account applications (SPEC §1): stored as sent, reviewed by an administrator later.
export const companyApplications = pgTable(
  'company_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    registrationNumber: text('registration_number').notNull(),
    vatNumber: text('vat_number'),
    email: text('email').notNull(),
    phonePrefix: text('phone_prefix'),
    phone: text('phone'),
    address: text('address'),
    iban: text('iban'),
    /** `pending`, `approved` or `rejected` (shared-contracts COMPANY_APPLICATION_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The administrator's decision: who, when, and on approval the company account it created. */
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('company_applications_user_id_idx').on(table.userId),
    index('company_applications_status_idx').on(table.status, table.createdAt),
  ],
);

// Branches of a company account (SPEC §3 Account `branches`): shown on the company's settings
// page; the back office keeps them.
export const accountBranches = pgTable(
  'account_branches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_branches_account_id_idx').on(table.accountId)],
);

// Phone change codes (SPEC §4 Phone change): one row per code sent. Only an HMAC of the code is
// kept (`code_hash`, keyed by PHONE_CODE_SECRET and bound to the row's id and number). A row is
// spent (`spent_at`) when its code changed the phone, when a newer code replaced it, or when its
// attempts ran out; `attempts` counts wrong codes typed.
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendAvailableAt: timestamp('resend_available_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The account's latest code and its codes of the last hour.
    index('phone_verifications_account_id_created_at_idx').on(table.accountId, table.createdAt),
    index('phone_verifications_user_id_idx').on(table.userId),
  ],
);
