import { type WEBHOOK_EVENT_TYPES, WEBHOOK_SIGNATURE_HEADER } from '@portal/shared-contracts/webhooks';
import { z } from 'zod';

// The webhook events as the OpenAPI document's `webhooks` (issue 38 item 5): what a receiver gets in
// each signed POST (outbox.ts writes them; WebhookPayload in schema.ts is their type).

const ORDER_LINE_STATUSES_DOCUMENTED = z
  .string()
  .describe(
    'The shipment’s status (SPEC §4 names: paid, transferred, processed, sent, releasedForDelivery, delivered, …).',
  );

const eventData = z
  .object({
    shipmentNumber: z.string().describe('The S10 number, e.g. `RR123456785LV`.'),
    status: ORDER_LINE_STATUSES_DOCUMENTED,
    previousStatus: ORDER_LINE_STATUSES_DOCUMENTED.optional(),
    statusDate: z.string().describe('When the scan that set the status happened (ISO 8601).'),
    orderKey: z.string().describe('The order’s key: `GET /api/orders/{orderKey}`.'),
    returnOf: z
      .string()
      .optional()
      .describe(
        '`return.created` and `return.status_changed` only: the S10 number of the shipment sent back; ' +
          '`shipmentNumber` is the return’s own.',
      ),
  })
  .meta({ id: 'WebhookEventData' });

function eventSchema(type: (typeof WEBHOOK_EVENT_TYPES)[number], id: string, description: string) {
  return z
    .object({
      id: z.string().describe('The event’s id: a re-sent delivery keeps it, so deduplicate on it.'),
      type: z.literal(type),
      createdAt: z.string().describe('When the portal recorded the event (ISO 8601).'),
      data: eventData,
    })
    .meta({ id, description });
}

export const WEBHOOK_EVENTS = {
  'order.paid': eventSchema('order.paid', 'OrderPaidEvent', 'One per shipment of an order once it is paid.'),
  'shipment.status_changed': eventSchema(
    'shipment.status_changed',
    'ShipmentStatusChangedEvent',
    'A shipment’s status changed (a scan of the post’s network, or the test helper’s in test mode).',
  ),
  'return.created': eventSchema(
    'return.created',
    'ReturnCreatedEvent',
    'A prepaid return label was made for a shipment (by the company, or by its customer on the returns page).',
  ),
  'return.status_changed': eventSchema(
    'return.status_changed',
    'ReturnStatusChangedEvent',
    'A prepaid return’s status changed: a scan of the return’s own S10 number (`shipmentNumber`) in the post’s network.',
  ),
} as const;

export const WEBHOOK_SIGNATURE_DESCRIPTION =
  `Every delivery is a POST of one JSON event, signed in \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`: ` +
  '`v1` is the HMAC-SHA256 of `<t>.<raw body>` with the endpoint’s secret (shown once when it is registered). ' +
  'Compare in constant time, refuse a `t` older than 5 minutes, deduplicate on the event’s `id`, and answer ' +
  '2xx within the time limit; anything else is tried again with back-off for a day.';
