import type { EbayMoney, EbaySaleAddress, EbaySaleItem } from '@portal/shared-contracts/ebay';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { orders } from '../orders/schema';

// The eBay integration (issue 15). A registered user links eBay accounts (SPEC §6); their sales
// awaiting shipment are copied here; a sale shipped through the portal is told to eBay through the
// fulfilment outbox. Tokens are kept sealed (AES-256-GCM, EBAY_TOKEN_KEY): never in clear text.

export const ebayAccounts = pgTable(
  'ebay_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** eBay's immutable user id and username of the linked seller (Identity API getUser): an account deletion notice names them. */
    ebayUserId: text('ebay_user_id'),
    ebayUsername: text('ebay_username'),
    /** unfinished → linked; linked → revoked when eBay refuses the refresh token. */
    status: text('status').notNull().default('unfinished'),
    /** SHA-256 of the OAuth `state` of an unfinished link (the random value goes to eBay and back). */
    stateHash: text('state_hash'),
    stateExpiresAt: timestamp('state_expires_at', { withTimezone: true }),
    accessToken: text('access_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshToken: text('refresh_token'),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    importProblem: text('import_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ebay_accounts_user_id_idx').on(table.userId),
    index('ebay_accounts_ebay_user_id_idx').on(table.ebayUserId),
    uniqueIndex('ebay_accounts_state_hash_idx').on(table.stateHash),
    check('ebay_accounts_status_check', sql`${table.status} in ('unfinished', 'linked', 'revoked')`),
  ],
);

export interface StoredBuyer {
  name: string;
  username: string | null;
  email: string | null;
  phone: string | null;
}

export const ebaySales = pgTable(
  'ebay_sales',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ebayAccountId: integer('ebay_account_id')
      .notNull()
      .references(() => ebayAccounts.id, { onDelete: 'cascade' }),
    ebayOrderId: text('ebay_order_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    buyer: jsonb('buyer').$type<StoredBuyer>().notNull(),
    address: jsonb('address').$type<EbaySaleAddress>(),
    items: jsonb('items').$type<EbaySaleItem[]>().notNull(),
    total: jsonb('total').$type<EbayMoney>().notNull(),
    /** waiting → prepared (an order was made from it) → shipped (that order was paid). */
    state: text('state').notNull().default('waiting'),
    /** The portal order made from the sale ("Ship"), or from it and others at once (the bulk path). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * Which of that order's lines is this sale's shipment: its place among the lines (0 for the
     * first), whose S10 number goes to eBay. One line serves one sale.
     */
    orderLine: integer('order_line').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ebay_sales_account_order_idx').on(table.ebayAccountId, table.ebayOrderId),
    uniqueIndex('ebay_sales_order_line_idx').on(table.orderId, table.orderLine),
    check('ebay_sales_state_check', sql`${table.state} in ('waiting', 'prepared', 'shipped')`),
    check('ebay_sales_order_line_check', sql`${table.orderLine} >= 0`),
  ],
);

/**
 * The fulfilment record: one row per sale (unique), written in the payment's transaction with its
 * `ebay.fulfil` job, which pushes it to eBay with back-off until eBay accepts it (modules/jobs). A
 * sale is never fulfilled twice. `attempts`, `next_attempt_at` and `last_problem` are what the
 * seller sees; which row is due is the job engine's (no index here serves it).
 */
export const ebayFulfilments = pgTable(
  'ebay_fulfilments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => ebaySales.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastProblem: text('last_problem'),
    /** eBay's fulfilment id (the Location it answered). */
    ebayFulfilmentId: text('ebay_fulfilment_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ebay_fulfilments_sale_id_idx').on(table.saleId),
    check('ebay_fulfilments_status_check', sql`${table.status} in ('pending', 'done')`),
  ],
);
