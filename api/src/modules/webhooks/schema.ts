import type { OrderLineStatus } from '@portal/shared-contracts/orders';
import type { WebhookDeliveryStatus, WebhookEventType } from '@portal/shared-contracts/webhooks';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../identity/schema';

// Webhooks (issue 20 item 3): a company account's HTTPS endpoints, told of its shipments' status
// changes and payments. `secret` is kept as given out: the API needs it in clear to sign every
// delivery (an HMAC key cannot be hashed like a password); see README.md "The secret".
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_account_id_idx').on(table.accountId)],
);

/** What a delivery sends: the event as the receiver reads it (README.md "Events"). */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: {
    shipmentNumber: string;
    status: OrderLineStatus;
    previousStatus?: OrderLineStatus;
    statusDate: string;
    orderKey: string;
    /** `return.created`, `return.status_changed`: the S10 number of the shipment the return sends back (issue 40). */
    returnOf?: string;
  };
}

/**
 * The durable queue (the outbox): one row per event and endpoint, written in the transaction of
 * the change it reports. A row is `pending` until the receiver answers 2xx (`delivered`) or a day
 * of back-off has passed (`failed`). Rows of one shipment and endpoint go in id order: a row waits
 * while an earlier one of its shipment is pending (its job is keyed: deliverer.ts). When and how
 * often it is tried is the job engine's (modules/jobs); `next_attempt_at` is what the settings page
 * shows as the earliest next try, and the attempts are `webhook_attempts`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    shipmentNumber: text('shipment_number').notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The delivery this one sends again (the settings page's re-send). */
    resentFrom: integer('resent_from'),
  },
  // The settings page's list: an endpoint's deliveries, newest first. (Which row is due, and the
  // order per shipment, are the job engine's: no index of this table serves them.)
  (table) => [index('webhook_deliveries_endpoint_id_idx').on(table.endpointId, table.id)],
);

/** Each try of a delivery: when, how long, the receiver's status code or what went wrong. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_id_idx').on(table.deliveryId)],
);
