import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentCallbackError,
  type PaymentCallbackRequest,
  PaymentInputError,
  type PaymentOutcome,
  type PaymentProvider,
  type StartedPayment,
  type StartPaymentInput,
  type VerifiedPaymentCallback,
} from './provider';
import { assertReturnUrl } from './return-url';
import { hmac, signatureMatches, signToken, verifyToken } from './signing';

export const SANDBOX_PROVIDER_ID = 'sandbox';
/** Header of the sandbox callback: hex HMAC-SHA256 of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxProviderOptions {
  /** HMAC secret; all API instances must share it (PAYMENT_SANDBOX_SECRET). Default: env, else random per process. */
  secret?: string;
  /** Where the API is mounted as the browser sees it; the payment page is `${apiBasePath}/payment-sandbox/{id}`. */
  apiBasePath?: string;
  /** How long a started payment can be paid. */
  ttlSeconds?: number;
  /** How old a callback may be when it is verified. */
  callbackToleranceSeconds?: number;
  /** Origins an absolute returnUrl may point at (paths on this site are always allowed). */
  allowedReturnOrigins?: string[];
  /** Clock, for tests. */
  now?: () => Date;
}

/** What the sandbox signs into a providerPaymentId: the payment itself, so it needs no storage. */
const paymentTokenSchema = z.strictObject({
  v: z.literal(1),
  nonce: z.string(),
  reference: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.string(),
  description: z.string(),
  returnUrl: z.string(),
  /** Epoch seconds after which the page refuses to pay. */
  expiresAt: z.number().int(),
});
export type SandboxPayment = z.infer<typeof paymentTokenSchema>;

const callbackBodySchema = z.strictObject({
  eventId: z.string().min(1).max(100),
  providerPaymentId: z.string().min(1).max(4000),
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  outcome: z.enum(['paid', 'declined', 'cancelled']),
  /** Epoch seconds. */
  issuedAt: z.number().int(),
});

const MAX_REFERENCE = 100;
const MAX_DESCRIPTION = 200;

/**
 * The default payment provider (DESIGN §5): a hosted payment page the API serves itself
 * (routes.ts). Stateless: the providerPaymentId is the signed payment, so any API instance that
 * shares the secret can show and settle it. Its callbacks are signed like a real provider's and
 * verified by the same `parseCallback`; replays are refused by event id (kept in memory for the
 * tolerance window; across instances the settlement's idempotency is what protects).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = SANDBOX_PROVIDER_ID;
  private readonly secret: string;
  private readonly apiBasePath: string;
  private readonly ttlSeconds: number;
  private readonly toleranceSeconds: number;
  private readonly allowedReturnOrigins: string[];
  private readonly now: () => Date;
  /** eventId → epoch seconds until which it must be remembered. */
  private readonly seenEvents = new Map<string, number>();

  constructor(options: SandboxProviderOptions = {}) {
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.apiBasePath = (options.apiBasePath ?? '/api').replace(/\/+$/, '');
    this.ttlSeconds = options.ttlSeconds ?? 30 * 60;
    this.toleranceSeconds = options.callbackToleranceSeconds ?? 5 * 60;
    this.allowedReturnOrigins = options.allowedReturnOrigins ?? [];
    this.now = options.now ?? (() => new Date());
  }

  async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    const { reference, amountCents, currency, description, returnUrl } = input;
    if (reference.length === 0 || reference.length > MAX_REFERENCE) {
      throw new PaymentInputError(`reference must be 1–${MAX_REFERENCE} characters`);
    }
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      throw new PaymentInputError('amountCents must be a positive integer');
    }
    if (!/^[A-Z]{3}$/.test(currency)) throw new PaymentInputError('currency must be an ISO 4217 code');
    if (description.length > MAX_DESCRIPTION) {
      throw new PaymentInputError(`description must be at most ${MAX_DESCRIPTION} characters`);
    }
    assertReturnUrl(returnUrl, this.allowedReturnOrigins);
    const payment: SandboxPayment = {
      v: 1,
      nonce: randomBytes(16).toString('base64url'),
      reference,
      amountCents,
      currency,
      description,
      returnUrl,
      expiresAt: this.epochSeconds() + this.ttlSeconds,
    };
    const providerPaymentId = signToken(this.secret, payment);
    return { providerPaymentId, redirectUrl: this.pageUrl(providerPaymentId) };
  }

  /**
   * A refund of the sandbox: no money moved, so none goes back; the id is recorded like a real
   * provider's. Refuses payments this sandbox did not start. The caller keeps the sum in check.
   */
  async refund(providerPaymentId: string, amountCents?: number): Promise<{ refundId: string }> {
    if (!this.readPayment(providerPaymentId)) throw new PaymentInputError('Payment not found.');
    if (amountCents !== undefined && (!Number.isInteger(amountCents) || amountCents < 1)) {
      throw new PaymentInputError('amountCents must be a positive whole number of cents');
    }
    return { refundId: `sandbox-refund-${randomBytes(12).toString('base64url')}` };
  }

  /** Path of the hosted payment page of a payment. */
  pageUrl(providerPaymentId: string): string {
    return `${this.apiBasePath}/payment-sandbox/${providerPaymentId}`;
  }

  /**
   * The payment a providerPaymentId stands for, or null when this sandbox did not sign it.
   * `expired` tells whether it can still be paid (the page refuses expired payments).
   */
  readPayment(providerPaymentId: string): { payment: SandboxPayment; expired: boolean } | null {
    const parsed = paymentTokenSchema.safeParse(verifyToken(this.secret, providerPaymentId));
    if (!parsed.success) return null;
    return { payment: parsed.data, expired: this.epochSeconds() > parsed.data.expiresAt };
  }

  /**
   * What the sandbox "bank" sends the merchant when the payer presses a button: a signed
   * callback, built exactly as a provider's server would post it.
   */
  createCallback(providerPaymentId: string, outcome: PaymentOutcome): PaymentCallbackRequest {
    const read = this.readPayment(providerPaymentId);
    if (!read) throw new PaymentCallbackError('unknownPayment', 'Payment not found.');
    if (read.expired) throw new PaymentCallbackError('expired', 'The payment has expired.');
    const rawBody = JSON.stringify({
      eventId: randomUUID(),
      providerPaymentId,
      reference: read.payment.reference,
      amountCents: read.payment.amountCents,
      currency: read.payment.currency,
      outcome,
      issuedAt: this.epochSeconds(),
    } satisfies z.infer<typeof callbackBodySchema>);
    return {
      headers: { [SANDBOX_SIGNATURE_HEADER]: this.signCallback(rawBody), 'content-type': 'application/json' },
      rawBody,
    };
  }

  /** Hex signature of a callback body (exposed for tests that play a forger or a provider). */
  signCallback(rawBody: string): string {
    return hmac(this.secret, 'callback', rawBody).toString('hex');
  }

  async parseCallback(request: PaymentCallbackRequest): Promise<VerifiedPaymentCallback> {
    const header = request.headers[SANDBOX_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) {
      throw new PaymentCallbackError('signature', 'The callback signature is missing.');
    }
    if (!signatureMatches(hmac(this.secret, 'callback', request.rawBody), Buffer.from(signature, 'hex'))) {
      throw new PaymentCallbackError('signature', 'The callback signature is not valid.');
    }

    let json: unknown;
    try {
      json = JSON.parse(request.rawBody);
    } catch {
      throw new PaymentCallbackError('malformed', 'The callback body is not JSON.');
    }
    const parsed = callbackBodySchema.safeParse(json);
    if (!parsed.success) throw new PaymentCallbackError('malformed', 'The callback body is not a payment callback.');
    const callback = parsed.data;

    const now = this.epochSeconds();
    if (callback.issuedAt < now - this.toleranceSeconds || callback.issuedAt > now + 60) {
      throw new PaymentCallbackError('stale', 'The callback is too old or from the future.');
    }

    // The callback must describe the payment as it was started: same reference, amount, currency.
    const read = this.readPayment(callback.providerPaymentId);
    if (!read) throw new PaymentCallbackError('unknownPayment', 'The callback is for an unknown payment.');
    const { payment } = read;
    if (
      payment.reference !== callback.reference ||
      payment.amountCents !== callback.amountCents ||
      payment.currency !== callback.currency
    ) {
      throw new PaymentCallbackError('mismatch', 'The callback does not match the payment that was started.');
    }
    if (callback.issuedAt > payment.expiresAt) {
      throw new PaymentCallbackError('expired', 'The callback came after the payment expired.');
    }

    this.forgetOldEvents(now);
    if (this.seenEvents.has(callback.eventId)) {
      throw new PaymentCallbackError('replayed', 'The callback was received before.');
    }
    this.seenEvents.set(callback.eventId, callback.issuedAt + this.toleranceSeconds + 60);

    return {
      providerId: this.id,
      providerPaymentId: callback.providerPaymentId,
      eventId: callback.eventId,
      reference: callback.reference,
      amountCents: callback.amountCents,
      currency: callback.currency,
      outcome: callback.outcome,
      occurredAt: new Date(callback.issuedAt * 1000),
    };
  }

  /** A remembered event can go once a callback carrying it would be refused as stale anyway. */
  private forgetOldEvents(now: number): void {
    for (const [eventId, until] of this.seenEvents) {
      if (until < now) this.seenEvents.delete(eventId);
    }
  }

  private epochSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
