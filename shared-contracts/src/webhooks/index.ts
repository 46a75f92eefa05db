// `@portal/shared-contracts/webhooks` (since 1.5.0): a company's webhook endpoints (issue 20 item 3),
// for the API (api/src/modules/webhooks) and the settings page's Webhooks section (mf-account).
// The events carry SPEC §4 status names; how a receiver verifies them: the module's README.
import * as z from 'zod/mini';
import { ORDER_LINE_STATUSES } from '../orders/constants';
import { type RuleViolation, violation } from '../rules/violations';
import { openEnum } from '../schemas/open-enum';

/**
 * What an endpoint can be told of: a shipment's status changed, an order (each of its shipments)
 * was paid, a return was created, a return's status changed (scans of its own S10 number).
 */
export const WEBHOOK_EVENT_TYPES = [
  'shipment.status_changed',
  'order.paid',
  'return.created',
  'return.status_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A delivery waits (`pending`, tried again with back-off), reached the receiver, or was given up after a day. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The most endpoints one account keeps (each is told of every event it chose). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** The header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Portal-Signature';

export const WEBHOOK_MESSAGES = {
  url: 'This value is not a valid URL.',
  httpsOnly: 'The address must start with https://.',
  privateAddress:
    'The address must be reachable on the public internet (private, loopback and link-local addresses are refused).',
  unresolvable: 'The host name of this address could not be found.',
  events: 'Choose at least one event.',
  eventType: 'The value you selected is not a valid choice.',
  tooMany: 'An account keeps at most 10 webhook endpoints.',
  companyOnly: 'Webhooks are offered to company accounts, managed by their main administrators.',
  endpointNotFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Webhook delivery not found.',
  timeout: 'The receiver did not answer in time.',
  unreachable: 'The receiver could not be reached.',
} as const;

/** One try of a delivery: when, how long, and the receiver's status code or what went wrong. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  durationMs: z.int(),
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookEndpointSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  url: z.string(),
  events: z.array(openEnum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of creating an endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = z.object({
  ...webhookEndpointSchema.shape,
  secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  '@id': z.string(),
  id: z.int(),
  eventId: z.string(),
  eventType: openEnum(WEBHOOK_EVENT_TYPES),
  shipmentNumber: z.nullable(z.string()),
  /** The status the event reports (SPEC §4 names). */
  shipmentStatus: z.nullable(z.enum(ORDER_LINE_STATUSES)),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  nextAttemptAt: z.nullable(z.string()),
  /** The delivery this one sends again, when it is a re-send. */
  resentFrom: z.nullable(z.int()),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body of POST /api/accounts/{id}/webhook_endpoints, checked before it is sent (paths `url`, `events`). */
export function webhookEndpointViolations(input: { url: string; events: readonly string[] }): RuleViolation[] {
  const found: RuleViolation[] = [];
  const url = urlOf(input.url);
  if (!url || input.url.length > MAX_WEBHOOK_URL_LENGTH || !['https:', 'http:'].includes(url.protocol))
    found.push(violation('url', WEBHOOK_MESSAGES.url, 'INVALID_URL'));
  if (input.events.length === 0) found.push(violation('events', WEBHOOK_MESSAGES.events, 'NO_EVENTS'));
  else if (input.events.some((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event)))
    found.push(violation('events', WEBHOOK_MESSAGES.eventType, 'INVALID_EVENT'));
  return found;
}

function urlOf(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    // Credentials in the address would be sent to whoever answers it and shown in the list.
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}
