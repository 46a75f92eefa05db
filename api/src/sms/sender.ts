/** One text message: an E.164 number (`+37121234567`) and a short body. */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * Sends text messages. The identity module's phone change only knows this interface; the
 * configuration picks the provider (index.ts `smsSenderFromSettings`).
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  /** Where the messages go, for the start-up log (no secrets). */
  readonly description: string;
}

/** The provider refused the message or could not be reached; `message` is safe to log, never shown to users. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string | number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
