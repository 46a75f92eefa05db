import { fileURLToPath } from 'node:url';
import { memorySmsSender, outboxSmsSender } from './outbox';
import type { SmsSender } from './sender';
import { type TwilioOptions, twilioSmsSender } from './twilio';

export { memorySmsSender, type OutboxMessage, outboxSmsSender } from './outbox';
export { type SmsMessage, SmsSendError, type SmsSender } from './sender';
export { TWILIO_API_URL, type TwilioOptions, twilioSmsSender } from './twilio';

const defaultOutboxDir = fileURLToPath(new URL('../../../../.data/sms', import.meta.url));

/** The SMS settings of the configuration (SMS_PROVIDER, SMS_OUTBOX_DIR, TWILIO_*: api/src/config). */
export type SmsSettings =
  | { provider: 'outbox'; outboxDir?: string; nodeEnv: string }
  | { provider: 'twilio'; twilio: Omit<TwilioOptions, 'fetch'> };

/**
 * Text messages (SPEC §4 phone change): Twilio's Messages API in production, the outbox folder
 * `SMS_OUTBOX_DIR` (default `<repo>/.data/sms`) in development; test runs without a folder keep
 * them in memory.
 */
export function smsSenderFromSettings(settings: SmsSettings): SmsSender {
  if (settings.provider === 'twilio') return twilioSmsSender(settings.twilio);
  if (settings.outboxDir) return outboxSmsSender(settings.outboxDir);
  if (settings.nodeEnv === 'test') return memorySmsSender();
  return outboxSmsSender(defaultOutboxDir);
}
