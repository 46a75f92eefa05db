import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsMessage, SmsSender } from './sender';

/** A message as the development outbox keeps it: one JSON file per message. */
export interface OutboxMessage extends SmsMessage {
  sentAt: string;
}

/**
 * Development stand-in for an SMS provider: each message is written to `dir` as a JSON file
 * (`{ to, body, sentAt }`), named so that files sort by time. Developers read the codes there and
 * the end-to-end tests read them the same way. Production refuses it (config.ts).
 */
export function outboxSmsSender(dir: string): SmsSender {
  // Two messages can share a millisecond; the sequence keeps their names in sending order.
  let sequence = 0;
  return {
    description: `SMS outbox folder ${dir}`,
    async send(message) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      sequence += 1;
      const name = `${sentAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}.json`;
      const stored: OutboxMessage = { to: message.to, body: message.body, sentAt };
      await writeFile(join(dir, name), `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    },
  };
}

/** Keeps the messages in memory: the default of test runs, so they leave no files behind. */
export function memorySmsSender(): SmsSender & { readonly sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    description: 'memory',
    sent,
    async send(message) {
      sent.push({ ...message });
    },
  };
}
