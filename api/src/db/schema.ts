// The one Drizzle schema shared by PGlite and PostgreSQL. drizzle-kit reads this file to
// generate the SQL migrations in api/drizzle/ (`npm run db:generate -w @portal/api`).
import {
  boolean,
  char,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

// Post offices and parcel lockers (SPEC §7, issue 7). `id` is the source's own identifier
// (`omniva-96331`), stable across reloads; a location missing from a reload is retired
// (`active` false, `retired_at` set), never deleted, so orders keep pointing at it.
// `search_text` is name, address, city and post code in lower case without diacritics.
export const serviceLocations = pgTable(
  'service_locations',
  {
    id: text('id').primaryKey(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    type: text('type').notNull(),
    operator: text('operator').notNull(),
    ownNetwork: boolean('own_network').notNull().default(false),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postCode: text('post_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    openingHours: text('opening_hours'),
    source: text('source').notNull().default(''),
    searchText: text('search_text').notNull(),
    active: boolean('active').notNull().default(true),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Filters of the list: country and type together, operator; the bounding box reads the
    // latitude band through the index and checks longitude on the rows it finds.
    index('service_locations_country_code_type_idx').on(table.countryCode, table.type),
    index('service_locations_operator_idx').on(table.operator),
    index('service_locations_latitude_longitude_idx').on(table.latitude, table.longitude),
  ],
);

// Workflows (SPEC §3 Workflow, issue 4): one shipping product to one country or one zone, with
// its configuration, weight steps and additional services. The JSON columns hold documents that
// are read and edited whole (types in modules/workflows/model.ts). `seed_key` names a seeded
// workflow so that seeding is idempotent; workflows made by administrators have none.
export const workFlows = pgTable(
  'work_flows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seedKey: text('seed_key'),
    isActive: boolean('is_active').notNull().default(true),
    label: text('label').notNull(),
    shipmentType: text('shipment_type').notNull(),
    shipmentSubType: text('shipment_sub_type').notNull(),
    shipmentSizeType: text('shipment_size_type'),
    /** A specific destination; null for a zone workflow (`zone` says which countries). */
    countryCode: char('country_code', { length: 2 }).references(() => countries.code),
    /** LV, EEA or WORLD (modules/workflows/zones.ts). */
    zone: text('zone').notNull(),
    transferType: text('transfer_type'),
    receivingType: text('receiving_type'),
    returnServiceType: text('return_service_type'),
    maxWeight: integer('max_weight').notNull(),
    maxInsuranceAmount: integer('max_insurance_amount'),
    deliveryDays: integer('delivery_days'),
    /** VAT share of the tariff price, in basis points (0: the published price has no VAT part). */
    vatRate: integer('vat_rate').notNull().default(0),
    onlineDiscountEligible: boolean('online_discount_eligible').notNull().default(false),
    subTypeDescription: jsonb('sub_type_description').notNull(),
    configs: jsonb('configs').notNull(),
    insuranceVariants: jsonb('insurance_variants').notNull().default([]),
    barcodeRequestConfigs: jsonb('barcode_request_configs').notNull().default([]),
    sasBroadcastConfigs: jsonb('sas_broadcast_configs').notNull().default([]),
    weightCosts: jsonb('weight_costs').notNull(),
    serviceOptions: jsonb('service_options').notNull(),
    servicesToAdd: text('services_to_add').array().notNull().default([]),
    servicesToRemove: text('services_to_remove').array().notNull().default([]),
    /** Fields whose seeded value is a placeholder for an administrator to set (e.g. `maxWeight`). */
    placeholders: text('placeholders').array().notNull().default([]),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('work_flows_seed_key_idx').on(table.seedKey),
    // The default list order (createdAt descending, id as tie-break).
    index('work_flows_created_at_id_idx').on(table.createdAt, table.id),
    // Filters of the list and of the price lookup: type (+ subtype, size), country, zone.
    index('work_flows_shipment_type_sub_type_size_idx').on(
      table.shipmentType,
      table.shipmentSubType,
      table.shipmentSizeType,
    ),
    index('work_flows_country_code_idx').on(table.countryCode),
    index('work_flows_zone_shipment_type_idx').on(table.zone, table.shipmentType),
  ],
);

// Discount codes (SPEC §3 Discount) as the price engine reads them. `value` is basis points for
// `percentage` (1000 = 10 %) and cents for `fixedPrice`. Null `work_flow_ids`: every workflow.
export const discounts = pgTable(
  'discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    frequency: text('frequency').notNull().default('each'),
    frequencyIndex: integer('frequency_index'),
    status: text('status').notNull().default('active'),
    usageCount: integer('usage_count').notNull().default(0),
    maxCount: integer('max_count'),
    validFrom: date('valid_from'),
    validTill: date('valid_till'),
    userType: text('user_type').notNull().default('all'),
    workFlowIds: integer('work_flow_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Codes are stored upper case; one code may come back in another period (SPEC §5), so not unique.
    index('discounts_code_idx').on(table.code),
    index('discounts_status_valid_from_idx').on(table.status, table.validFrom),
  ],
);

// Identity (SPEC §3 User, User account link, Account; issue 3). A user is provisioned on the first
// authenticated call from the identity provider's `sub`; `is_admin` is the back-office flag.
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  subject: text('subject').notNull().unique(),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Sign-in methods seen for this user (`password`, `smartid`, `eparaksts`). */
  authMethods: text('auth_methods').array().notNull().default([]),
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
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('company_applications_user_id_idx').on(table.userId)],
);

// Bot-check solutions (SPEC §7): verified once by POST /api/recaptcha-verify, then spent by one
// write. Keyed by the SHA-256 of the solution payload; expired rows are purged as new ones arrive.
export const botCheckTokens = pgTable('bot_check_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
