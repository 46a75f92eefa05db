import { type SmsMessage, SmsSendError, type SmsSender } from './sender';

/** Twilio's REST API (the Messages resource of API version 2010-04-01). */
export const TWILIO_API_URL = 'https://api.twilio.com';
/** A provider that answers slower than this is treated as down: the user may ask again. */
const TIMEOUT_MS = 10_000;

export interface TwilioOptions {
  /** The account SID (`AC…`): the user name of Basic authentication and part of the path. */
  accountSid: string;
  /** The account's auth token (or an API key's secret with `apiKeySid`). */
  authToken: string;
  /** An API key SID (`SK…`) to authenticate with instead of the account SID. */
  apiKeySid?: string;
  /** The sender: a Twilio number in E.164 or an alphanumeric sender ID (`Pasts`). */
  from?: string;
  /** A Messaging Service SID (`MG…`): Twilio picks the sender from the service's pool. */
  messagingServiceSid?: string;
  /** Another host speaking the same API (a regional edge, a test server). */
  apiUrl?: string;
  fetch?: typeof fetch;
}

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP Basic authentication. 201 with the
 * message resource (`sid`, `status`) is success; an error answers its JSON `{code, message,
 * more_info, status}`, which becomes an SmsSendError carrying Twilio's code.
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
export function twilioSmsSender(options: TwilioOptions): SmsSender {
  if (!options.from && !options.messagingServiceSid)
    throw new Error('Twilio needs a sender: TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  const base = (options.apiUrl ?? TWILIO_API_URL).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const user = options.apiKeySid ?? options.accountSid;
  const authorization = `Basic ${Buffer.from(`${user}:${options.authToken}`).toString('base64')}`;
  const send = options.fetch ?? fetch;
  return {
    description: `Twilio ${new URL(base).host}`,
    async send(message: SmsMessage) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else if (options.from) form.set('From', options.from);
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError('Twilio could not be reached', undefined, { cause: error });
      }
      const body = (await response.json().catch(() => null)) as TwilioAnswer | null;
      if (response.ok && typeof body?.sid === 'string') {
        // `failed` / `undelivered` are reported later by status callbacks; at creation Twilio
        // answers `accepted`, `queued` or `sending`.
        if (body.status === 'failed' || body.status === 'undelivered')
          throw new SmsSendError(`Twilio ${body.status} the message ${body.sid}`, body.error_code ?? undefined);
        return;
      }
      throw new SmsSendError(
        `Twilio answered ${response.status}: ${body?.message ?? response.statusText}`,
        body?.code ?? response.status,
      );
    },
  };
}

/** The fields of Twilio's answers that matter here (message resource or error). */
interface TwilioAnswer {
  sid?: string;
  status?: string | number;
  error_code?: number | null;
  code?: number;
  message?: string;
}
