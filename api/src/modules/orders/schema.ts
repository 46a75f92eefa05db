import {
  E_NOTIFICATION_CHOICES,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
  type OrderWrite,
} from '@portal/shared-contracts/orders';
import type { Price } from '@portal/shared-contracts/pricing';
import { LIVE_SERIALS, TEST_SERIALS } from '@portal/shared-contracts/s10';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from '../identity/schema';
import { workFlows } from '../workflows/schema';

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
    /**
     * Made with a test API key (issue 38): paid in the sandbox, moved by the test helper, seen only by
     * the account's test keys, and never handed to the post's systems (hand-over, eBay, e-mails).
     */
    testMode: boolean('test_mode').notNull().default(false),
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
// the line and never differ from the order's and the documents' values. `order_status` repeats
// the order's status for the same reason; the database keeps it (migration 0036's triggers: set
// from the order when a line is inserted, rewritten on the lines when the order's status changes),
// so no code path that changes an order's status can leave its lines behind.
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
    /** The order's status (kept by the database's triggers; never written by the API). */
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).notNull().default('unfinished'),
    /** The order's `testMode` (set from the order by the database's trigger when the line is inserted). */
    testMode: boolean('test_mode').notNull().default(false),
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
    /** The S10 number of the shipment's prepaid return (the returns module's, issue 40), once made. */
    returnBarcode: text('return_barcode'),
    /** The return's own journey (tracking's scans of `returnBarcode`): `paid` when its label is made. */
    returnStatus: text('return_status', { enum: ORDER_LINE_STATUSES }),
    returnStatusDate: timestamp('return_status_date', { withTimezone: true }),
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
    check('order_lines_order_status_check', oneOf('order_status', ORDER_STATUSES)),
    uniqueIndex('order_lines_barcode_idx').on(table.barcode),
    uniqueIndex('order_lines_return_barcode_idx').on(table.returnBarcode),
    index('order_lines_order_id_position_idx').on(table.orderId, table.position),
    // My orders: newest first within the account, optionally of one status or country. The line's
    // id ends each (the list's tie-break): a page is read in order from the index alone. Every list
    // asks for the account's live or test lines (issue 38), so `test_mode` follows the account: the
    // count of a filter's matches (up to ORDER_LIST_COUNT_LIMIT) is then an index-only scan; without
    // it each candidate line was read from the table for its test_mode and the planner chose to
    // read the whole table instead (country filter, 1,100,000 lines of one company: 56 -> 2.5 ms).
    index('order_lines_account_created_at_idx').on(table.accountId, table.testMode, table.createdAt, table.id),
    index('order_lines_account_status_created_at_idx').on(
      table.accountId,
      table.testMode,
      table.status,
      table.createdAt,
      table.id,
    ),
    // The line's status and order status follow the id (they change nothing of the order): the
    // country's count combined with either is an index-only scan too. Read from the table, the
    // count of country+status+dates (1,100,000 lines of one company) made the planner read the
    // whole table, 170 ms; from this index 6.6 ms.
    index('order_lines_account_country_created_at_idx').on(
      table.accountId,
      table.testMode,
      table.countryCode,
      table.createdAt,
      table.id,
      table.status,
      table.orderStatus,
    ),
    index('order_lines_account_order_status_created_at_idx').on(
      table.accountId,
      table.testMode,
      table.orderStatus,
      table.createdAt,
      table.id,
    ),
    // Search by receiver name within an account: "a word starts with the text" is a LIKE
    // '% text%' on the name behind a space, which trigrams (pg_trgm) answer from this index, word
    // starts included (a text of one or two letters too); btree_gin puts the account in the same
    // index, so one account's matches are found without reading the other accounts'. The same
    // expression as the search's gives the planner its statistics (migration 0052 keeps 1,000
    // values of it): it knows a surname that 10 % of a company's lines carry from a rare one, and
    // reads the newest lines in order for the first and the index for the second (before, it
    // guessed 5 lines for "kalniņa" and read the whole table, 526 ms). Without fastupdate a new
    // line goes into the index at once: with it, new lines wait in a pending list that every
    // search reads in full until a vacuum (3,600 new lines made a search 2 → 23 ms).
    index('order_lines_account_receiver_words_trgm_idx')
      .using('gin', table.accountId, sql`(' ' || lower(${table.receiverName})) gin_trgm_ops`)
      .with({ fastupdate: false }),
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
 * to concurrent transactions, and never reuses a value after a rollback. Running out of its
 * numbers is an error, not a silent wrap (S10 numbers must not be reused within a year).
 * Live shipments take 00000001–89999999; 90000000–99999999 belong to test mode (below), so an
 * integrator's test orders leave no gaps in the live numbering (issue 38).
 */
export const shipmentSerialSequence = pgSequence('shipment_serial_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: LIVE_SERIALS.last,
  cycle: false,
});

/** The test-mode orders' S10 serials (`lvp_test_…` keys, issue 38): a range of their own. */
export const testShipmentSerialSequence = pgSequence('test_shipment_serial_seq', {
  startWith: TEST_SERIALS.first,
  minValue: TEST_SERIALS.first,
  maxValue: TEST_SERIALS.last,
  cycle: false,
});

// Cancellations made in the back office (issue 14 item 3): why and by whom an agent cancelled a
// client's order. One per order (a cancelled order cannot be cancelled again); it goes with the order.
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The agent; null once their user is gone (the audit trail keeps the call). */
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_cancellations_order_id_idx').on(table.orderId)],
);
