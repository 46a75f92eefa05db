// The Drizzle schema of the shared tables (modules with tables of their own keep them in their
// schema.ts); drizzle-kit reads them to generate the SQL migrations in api/drizzle/
// (`npm run db:generate -w @portal/api`).

import {
  type AdminRole,
  type BarcodeRequestConfig,
  type InsuranceVariant,
  type SasBroadcastConfig,
  type ServiceOption,
  type SubTypeDescription,
  type WeightCost,
  WORKFLOW_ZONES,
  type WorkflowConfigs,
} from '@portal/shared-contracts/admin';
import {
  E_NOTIFICATION_CHOICES,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
  type OrderWrite,
} from '@portal/shared-contracts/orders';
import { type Price, SHIPMENT_TYPES } from '@portal/shared-contracts/pricing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
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
    /** The label in Latvian (SPEC §1: the portal speaks lv and en); null falls back to `label`. */
    labelLv: text('label_lv'),
    shipmentType: text('shipment_type', { enum: SHIPMENT_TYPES }).notNull(),
    shipmentSubType: text('shipment_sub_type').notNull(),
    shipmentSizeType: text('shipment_size_type'),
    /** A specific destination; null for a zone workflow (`zone` says which countries). */
    countryCode: char('country_code', { length: 2 }).references(() => countries.code),
    /** LV, EEA or WORLD (modules/workflows/zones.ts). */
    zone: text('zone', { enum: WORKFLOW_ZONES }).notNull(),
    transferType: text('transfer_type'),
    receivingType: text('receiving_type'),
    returnServiceType: text('return_service_type'),
    maxWeight: integer('max_weight').notNull(),
    maxInsuranceAmount: integer('max_insurance_amount'),
    deliveryDays: integer('delivery_days'),
    /** VAT share of the tariff price, in basis points (0: the published price has no VAT part). */
    vatRate: integer('vat_rate').notNull().default(0),
    onlineDiscountEligible: boolean('online_discount_eligible').notNull().default(false),
    subTypeDescription: jsonb('sub_type_description').$type<SubTypeDescription>().notNull(),
    configs: jsonb('configs').$type<WorkflowConfigs>().notNull(),
    insuranceVariants: jsonb('insurance_variants').$type<InsuranceVariant[]>().notNull().default([]),
    barcodeRequestConfigs: jsonb('barcode_request_configs').$type<BarcodeRequestConfig[]>().notNull().default([]),
    sasBroadcastConfigs: jsonb('sas_broadcast_configs').$type<SasBroadcastConfig[]>().notNull().default([]),
    weightCosts: jsonb('weight_costs').$type<WeightCost[]>().notNull(),
    serviceOptions: jsonb('service_options').$type<ServiceOption[]>().notNull(),
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
    /** `code` (anyone who knows it) or `loyalty` (assigned to a registered user after N paid orders). */
    kind: text('kind').notNull().default('code'),
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
// authenticated call from the identity provider's `sub`; `admin_roles` are its back-office roles
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

// Bot-check solutions (SPEC §7): verified once by POST /api/recaptcha-verify, then spent by one
// write. Keyed by the SHA-256 of the solution payload; expired rows are purged as new ones arrive.
export const botCheckTokens = pgTable('bot_check_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** `status in ('a', 'b')` from a list of the contracts: the database holds no other value. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** One line of the write body: the shape the JSON columns of order_lines hold. */
type OrderLineWrite = OrderWrite['orderLines'][number];

// Orders (SPEC §3 Order, Order line; issue 5). `key` is the unguessable capability in the order's
// URL (/api/orders/{key}); `account_id` is null for a visitor's order, served only on
// /api/public/orders/{key}. `version` grows with every write (optimistic concurrency: a PUT
// names the version it read). Deleting an account deletes its unpaid orders and archives the
// paid ones (`archived_at`): no key reaches an archived order (orders/archive.ts).
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The signed-in user who created it; null for a visitor. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unfinished'),
    version: integer('version').notNull().default(1),
    step: integer('step').notNull().default(1),
    discountCode: text('discount_code'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    privacyAccepted: boolean('privacy_accepted').notNull().default(false),
    eNotification: text('e_notification', { enum: E_NOTIFICATION_CHOICES }),
    /** The server's price of the whole order (shared-contracts Price), null while a line has none. */
    price: jsonb('price').$type<Price>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the order's account was deleted (orders/archive.ts): from then on no key and no user
     * reaches it; the post keeps it for its records. `pseudonymisedAt`: when its parties' personal
     * data were removed after the retention period.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    pseudonymisedAt: timestamp('pseudonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_key_idx').on(table.key),
    index('orders_account_id_idx').on(table.accountId),
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_e_notification_check', oneOf('e_notification', E_NOTIFICATION_CHOICES)),
  ],
);

// One shipment of an order. The parts the wizard edits as whole documents (attributes, services,
// sender, receiver, content, customs info) are jsonb, typed by shared-contracts/src/orders.
// `account_id`, `created_at`, `country_code` and `receiver_name` repeat what the list filters on
// (SPEC §2 my orders) so one index serves each filter within an account; they are written with
// the line and never differ from the order's and the documents' values.
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    workFlowId: integer('work_flow_id').references(() => workFlows.id),
    status: text('status', { enum: ORDER_LINE_STATUSES }).notNull().default('unfinished'),
    attributes: jsonb('attributes').$type<OrderLineWrite['attributes'] & object>().notNull().default({}),
    services: jsonb('services').$type<NonNullable<OrderLineWrite['services']>>(),
    sender: jsonb('sender').$type<NonNullable<OrderLineWrite['sender']>>(),
    receiver: jsonb('receiver').$type<NonNullable<OrderLineWrite['receiver']>>(),
    content: jsonb('content').$type<NonNullable<OrderLineWrite['content']>>().notNull().default([]),
    customsInfo: jsonb('customs_info').$type<NonNullable<OrderLineWrite['customsInfo']>>(),
    approvals: text('approvals').array().$type<NonNullable<OrderLineWrite['approvals']>>().notNull().default([]),
    discountCode: text('discount_code'),
    countryCode: char('country_code', { length: 2 }),
    receiverName: text('receiver_name'),
    /** S10 shipment number, given at payment. */
    barcode: text('barcode'),
    /** The line's price (shared-contracts Price) and its total in cents, null when not priced. */
    price: jsonb('price').$type<Price>(),
    priceCents: integer('price_cents'),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the sender handed it over and when it left for its destination (tracking scans, issue 6). */
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('order_lines_status_check', oneOf('status', ORDER_LINE_STATUSES)),
    uniqueIndex('order_lines_barcode_idx').on(table.barcode),
    index('order_lines_order_id_position_idx').on(table.orderId, table.position),
    // My orders: newest first within the account, optionally of one status or country.
    index('order_lines_account_created_at_idx').on(table.accountId, table.createdAt, table.id),
    index('order_lines_account_status_created_at_idx').on(table.accountId, table.status, table.createdAt),
    index('order_lines_account_country_created_at_idx').on(table.accountId, table.countryCode, table.createdAt),
    // Search by receiver name within an account (case-insensitive prefix).
    index('order_lines_account_receiver_name_idx').on(table.accountId, sql`lower(${table.receiverName})`),
    // Courier pick-ups booked per day (modules/courier): only lines with a pick-up are indexed.
    index('order_lines_pick_up_date_idx')
      .on(sql`(${table.services} -> 'courierPickUp' -> 'pickUpTime' ->> 'date')`)
      .where(sql`(${table.services} -> 'courierPickUp' -> 'pickUpTime' ->> 'date') is not null`),
  ],
);

// Payments of orders (DESIGN §5). `provider_payment_id` is the provider's own id, unique, so a
// replayed callback finds the payment it already settled; at most one payment of an order can
// be `paid` (partial unique index), so two settlements can never both charge one order.
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Our random reference, sent to the provider and returned in its callbacks. */
    reference: text('reference').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Cents; what the order cost when the payment started. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** pending, then paid, declined or cancelled (also when a newer payment or an edit supersedes it). */
    status: text('status').notNull().default('pending'),
    returnUrl: text('return_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_payment_id_idx').on(table.provider, table.providerPaymentId),
    uniqueIndex('payments_reference_idx').on(table.reference),
    uniqueIndex('payments_order_id_paid_idx').on(table.orderId).where(sql`${table.status} = 'paid'`),
    index('payments_order_id_idx').on(table.orderId),
  ],
);

// Money given back for a paid payment (issue 19: complaints' refund decisions go through the
// payment provider). The sum of a payment's refunds never exceeds its amount (orders/refunds.ts
// checks it with the payment row locked).
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Cents, > 0. */
    amount: integer('amount').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    reason: text('reason').notNull(),
    /** The administrator who decided it. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_refunds_payment_id_idx').on(table.paymentId)],
);

/**
 * Serial numbers of S10 shipment numbers (8 digits). A sequence hands out each value once, even
 * to concurrent transactions, and never reuses a value after a rollback. Running out of
 * 99 999 999 numbers is an error, not a silent wrap (S10 numbers must not be reused within a year).
 */
export const shipmentSerialSequence = pgSequence('shipment_serial_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 99_999_999,
  cycle: false,
});

// Scan events of shipments posted by the operator's sorting and delivery systems (issue 6). An
// event is stored even when its shipment is unknown or it breaks the transition table (then
// `violation` says why): nothing a scanner reports is lost. `(source, event_id)` makes a repeated
// post of the same event a no-op; `source` is the posting system's client id. An event belongs to
// its shipment number (order_lines.barcode, unique), not to a line id: a foreign key cost every
// inserted scan a trigger query, and its index one more insertion, for a link nothing read.
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    shipmentNumber: text('shipment_number').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** { name, countryCode, serviceLocationId? } */
    location: jsonb('location').notNull(),
    note: text('note'),
    violation: text('violation'),
  },
  (table) => [
    uniqueIndex('tracking_events_source_event_id_idx').on(table.source, table.eventId),
    // The lookup and the replay read one shipment's events in time order.
    index('tracking_events_shipment_number_occurred_at_idx').on(table.shipmentNumber, table.occurredAt, table.id),
  ],
);

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
  ],
);

// A complaint or refund request (SPEC §3 Complaint). `user_id` is null for a visitor's complaint,
// which nobody reads back through the API (the e-mail and the submission number are its receipt).
// `submission_number` is what the complainant quotes to the post: CMP-<year>-<id padded>.
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submissionNumber: text('submission_number'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    problemType: text('problem_type'),
    source: text('source').notNull().default('web'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name'),
    registrationNumber: text('registration_number'),
    shipmentNumber: text('shipment_number'),
    complainant: text('complainant').notNull(),
    hasContract: boolean('has_contract').notNull().default(false),
    contractNumber: text('contract_number'),
    damageType: text('damage_type').notNull(),
    description: text('description').notNull(),
    shipmentValueCents: integer('shipment_value_cents'),
    refundIban: text('refund_iban').notNull(),
    comment: text('comment'),
    discoveredOn: text('discovered_on'),
    /** submitted → in_review → answered (shared-contracts COMPLAINT_STATUSES; answered only by answerComplaint). */
    status: text('status').notNull().default('submitted'),
    /** The back office's decision on the refund asked for (shared-contracts REFUND_DECISIONS). */
    refundDecision: text('refund_decision').notNull().default('undecided'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('complaints_user_id_idx').on(table.userId),
    index('complaints_order_id_idx').on(table.orderId),
    uniqueIndex('complaints_submission_number_idx').on(table.submissionNumber),
  ],
);
