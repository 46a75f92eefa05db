// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locale';
import type { OrderLineStatus } from '../orders/constants';
import type { RuleViolation } from '../rules/violations';
import { violation } from '../rules/violations';

// The Settings tab (SPEC §2 /settings, §3 Notification): which status changes of a shipment the
// sender hears about, and the language of the portal's e-mails and text messages. The
// notifications module sends only the statuses chosen here.

/**
 * The status changes a sender can hear about: handed over, held, returned, gone abroad, ready for
 * pick-up or out for delivery, delivered. The sorting steps between (processed, sent within
 * Latvia) are left out: they come hours apart and say nothing the sender can act on.
 */
export const NOTIFIED_STATUSES = [
  'transferred',
  'transferredInBulk',
  'onHold',
  'returned',
  'sentAbroad',
  'releasedForDelivery',
  'delivered',
] as const satisfies readonly OrderLineStatus[];
export type NotifiedStatus = (typeof NOTIFIED_STATUSES)[number];

export const isNotifiedStatus = (status: string): status is NotifiedStatus =>
  (NOTIFIED_STATUSES as readonly string[]).includes(status);

/**
 * The choices the Settings tab offers: the two hand-over statuses are one choice for the sender
 * (at a post office or in a bulk hand-over), so they are chosen together.
 */
export const NOTIFICATION_CHOICES = [
  { id: 'handedOver', statuses: ['transferred', 'transferredInBulk'] },
  { id: 'onHold', statuses: ['onHold'] },
  { id: 'returned', statuses: ['returned'] },
  { id: 'sentAbroad', statuses: ['sentAbroad'] },
  { id: 'releasedForDelivery', statuses: ['releasedForDelivery'] },
  { id: 'delivered', statuses: ['delivered'] },
] as const satisfies readonly { id: string; statuses: readonly NotifiedStatus[] }[];

/** GET and PUT /api/users/{id}/notification_settings. */
export const notificationSettingsSchema = z.object({
  '@id': z.optional(z.string()),
  '@type': z.optional(z.literal('NotificationSettings')),
  /** The language of e-mails and text messages; null: both languages, Latvian first. */
  language: z.nullable(z.enum(LOCALES)),
  /** The status changes to hear about; a user who never chose hears about all of them. */
  statuses: z.array(z.enum(NOTIFIED_STATUSES)),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  language: 'Choose English or Latvian.',
  status: 'The value you selected is not a valid choice.',
} as const;

/** Violations of a settings body (paths `language`, `statuses[i]`). */
export function notificationSettingsViolations(input: { language: unknown; statuses: unknown }): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (input.language !== null && !(LOCALES as readonly unknown[]).includes(input.language))
    found.push(violation('language', NOTIFICATION_SETTINGS_MESSAGES.language, 'INVALID_LANGUAGE'));
  if (!Array.isArray(input.statuses)) {
    found.push(violation('statuses', NOTIFICATION_SETTINGS_MESSAGES.status, 'INVALID_STATUS'));
    return found;
  }
  input.statuses.forEach((status, index) => {
    if (typeof status !== 'string' || !isNotifiedStatus(status))
      found.push(violation(`statuses[${index}]`, NOTIFICATION_SETTINGS_MESSAGES.status, 'INVALID_STATUS'));
  });
  return found;
}
