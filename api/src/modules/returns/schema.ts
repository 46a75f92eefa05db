import type { Price } from '@portal/shared-contracts/pricing';
import type {
  CustomerReturnMode,
  ReturnDropOff,
  ReturnPayer,
  ReturnReason,
  ReturnStatus,
} from '@portal/shared-contracts/returns';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../identity/schema';
import { orderLines } from '../orders/schema';

// Prepaid returns (issue 40 item 1): one per paid shipment of a company account. A return made as a
// code waits (`codeIssued`) until the shop's customer redeems it on the public returns page; a
// label (the company's "Create return label", or a redeemed code) has its own S10 number, also kept
// on the shipment as its `returnBarcode` (the orders module's), and is paid by the shop on account.
/** A party as the label prints it (the documents module's PrintableParty, kept with the return). */
export interface ReturnParty {
  name: string;
  companyName?: string | null;
  phone?: string | null;
  email?: string | null;
  address: {
    addressLine: string;
    city: string;
    postCode: string;
    countryCode: string;
    countryName: string;
    region?: string | null;
  };
}

/** The parcel locker or post office the customer chose to hand the return over at, as shown and printed. */
export interface ReturnDropOffPlace {
  id: string;
  name: string;
  address: string;
  city: string;
}

export const returns = pgTable(
  'returns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The return's capability: its label is downloaded at /api/public/returns/{key}/label. */
    key: text('key').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    orderKey: text('order_key').notNull(),
    /** The S10 number of the shipment sent back. */
    shipmentNumber: text('shipment_number').notNull(),
    /** The code the customer redeems (`RET-XXXXXXXX`), null for a label made by the company. */
    code: text('code'),
    status: text('status').$type<ReturnStatus>().notNull(),
    reason: text('reason').$type<ReturnReason>(),
    dropOff: text('drop_off').$type<ReturnDropOff>(),
    /** The place of that kind the customer chose (optional: any place of the kind will do). */
    dropOffPlace: jsonb('drop_off_place').$type<ReturnDropOffPlace>(),
    comment: text('comment'),
    /** The return's own S10 number, once its label is made. */
    returnBarcode: text('return_barcode'),
    /** The parties as printed: the customer (the shipment's receiver) sends to the shop (its sender). */
    sender: jsonb('sender').$type<ReturnParty>().notNull(),
    receiver: jsonb('receiver').$type<ReturnParty>().notNull(),
    productLabel: text('product_label').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** The return product's price from the tariffs (the shipment's product, within Latvia). */
    price: jsonb('price').$type<Price>().notNull(),
    priceCents: integer('price_cents').notNull(),
    payer: text('payer').$type<ReturnPayer>().notNull().default('shopOnAccount'),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    labelIssuedAt: timestamp('label_issued_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('returns_key_idx').on(table.key),
    uniqueIndex('returns_order_line_id_idx').on(table.orderLineId),
    uniqueIndex('returns_code_idx').on(table.code),
    uniqueIndex('returns_return_barcode_idx').on(table.returnBarcode),
    // The company's list: newest first.
    index('returns_account_created_at_idx').on(table.accountId, table.createdAt, table.id),
    check('returns_status_check', sql`${table.status} in ('codeIssued', 'awaitingPayment', 'labelIssued')`),
    check(
      'returns_label_check',
      sql`(${table.status} = 'labelIssued') = (${table.returnBarcode} is not null and ${table.labelIssuedAt} is not null)`,
    ),
  ],
);

/**
 * A company account's choice for returns its customers start on /returns with the order number and
 * e-mail (`CUSTOMER_RETURN_MODES`); no row is the default, the shop pays. Return codes and labels
 * the shop makes itself are not affected.
 */
export const returnSettings = pgTable(
  'return_settings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerReturns: text('customer_returns').$type<CustomerReturnMode>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'return_settings_customer_returns_check',
      sql`${table.customerReturns} in ('off', 'shopPays', 'customerPays')`,
    ),
  ],
);

/**
 * The customer's card payments of a return's postage (`customerPays`): the payments module's
 * provider is started with `reference` (prefixed `return:` so its callbacks reach this module's
 * settlement, not the orders'); settled once, the way the orders' payments are.
 */
export const returnPayments = pgTable(
  'return_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'declined' | 'cancelled'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('return_payments_reference_idx').on(table.reference),
    uniqueIndex('return_payments_provider_payment_idx').on(table.provider, table.providerPaymentId),
    // At most one paid payment per return: a second paid callback cannot make two labels.
    uniqueIndex('return_payments_one_paid_idx').on(table.returnId).where(sql`${table.status} = 'paid'`),
    index('return_payments_return_id_idx').on(table.returnId),
    check('return_payments_status_check', sql`${table.status} in ('pending', 'paid', 'declined', 'cancelled')`),
  ],
);
