// The payment provider interface (DESIGN §5). The orders module talks to a provider only through
// this file's types: it starts a payment, sends the browser to the provider's page, and settles
// the order when a verified callback arrives. The sandbox (sandbox-provider.ts) is the default in
// development; Stripe Checkout (stripe-provider.ts) is the real one, chosen by PAYMENT_PROVIDER.

/** How a payment ended, as the provider reports it. */
export type PaymentOutcome = 'paid' | 'declined' | 'cancelled';

/** The `paymentResult` segment of the portal's return route (`/orders/{type}/{key}/{paymentResult}`). */
export type PaymentResult = 'success' | 'failed' | 'cancelled';

export interface StartPaymentInput {
  /** The merchant's reference of what is paid (the orders module's payment id); comes back in the callback. */
  reference: string;
  /** Integer cents, > 0. */
  amountCents: number;
  /** ISO 4217, e.g. `EUR`. */
  currency: string;
  /** Shown to the payer on the provider's page. */
  description: string;
  /**
   * Where the browser returns after the payment. A path (`/orders/parcel/{key}`) or an absolute
   * URL of an allowed origin; the provider adds the result (see return-url.ts).
   */
  returnUrl: string;
}

export interface StartedPayment {
  /** The provider's id of this payment; the orders module stores it with its payment record. */
  providerPaymentId: string;
  /** Where to send the browser to pay. */
  redirectUrl: string;
}

/** A callback as it arrived over HTTP: its headers and the body exactly as sent (signatures cover the bytes). */
export interface PaymentCallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** A callback whose signature, freshness, uniqueness and consistency the provider has checked. */
export interface VerifiedPaymentCallback {
  /** `PaymentProvider.id` of the provider that verified it. */
  providerId: string;
  providerPaymentId: string;
  /** Unique per callback; a second callback with the same id is a replay and is refused. */
  eventId: string;
  reference: string;
  amountCents: number;
  currency: string;
  outcome: PaymentOutcome;
  occurredAt: Date;
}

export interface PaymentProvider {
  /** Short stable name, e.g. `sandbox`; also the path segment of its callback route. */
  readonly id: string;
  /** Registers a payment with the provider; refuses input the provider cannot take (PaymentInputError). */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /**
   * Verifies a callback: signature, freshness, not seen before, and (where the provider can)
   * that amount, currency and reference are the ones the payment was started with.
   * Throws PaymentCallbackError otherwise; never returns an unverified callback.
   */
  parseCallback(request: PaymentCallbackRequest): Promise<VerifiedPaymentCallback>;
  /**
   * Gives money back for a paid payment, whole or `amountCents` of it (providers that move real
   * money: Stripe). Refuses more than is left unrefunded.
   */
  refund?(providerPaymentId: string, amountCents?: number): Promise<{ refundId: string }>;
}

export interface SettlementResult {
  /**
   * The outcome now recorded for the payment. For a payment settled before (a double click, a
   * second tab) it is the earlier outcome: a paid payment stays paid, whatever comes later.
   */
  outcome: PaymentOutcome;
}

/**
 * Implemented by the orders module. `settle` must be idempotent and safe under concurrency:
 * - find its payment by `providerPaymentId` (and `reference`), refuse (throw) if unknown;
 * - refuse (throw) when `amountCents` / `currency` differ from what it asked to be paid;
 * - apply a final outcome once (paid → lines paid + S10 numbers; declined / cancelled → the
 *   order stays payable), in one transaction with a conditional update, so that two callbacks at
 *   once never both apply; a later callback returns the recorded outcome without changes.
 */
export interface PaymentSettlement {
  settle(callback: VerifiedPaymentCallback): Promise<SettlementResult>;
}

export type PaymentCallbackFailure =
  | 'signature'
  | 'malformed'
  | 'stale'
  | 'unknownPayment'
  | 'mismatch'
  | 'expired'
  | 'replayed';

/** A callback that must not be trusted; `reason` says why (for logs and the callback route's answer). */
export class PaymentCallbackError extends Error {
  constructor(
    readonly reason: PaymentCallbackFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentCallbackError';
  }
}

/**
 * startPayment input the provider refuses, e.g. a returnUrl to another site. Its statusCode makes
 * the API's error handler answer 422 with the message if a caller lets it through, never a 500.
 */
export class PaymentInputError extends Error {
  readonly statusCode = 422;

  constructor(message: string) {
    super(message);
    this.name = 'PaymentInputError';
  }
}

export const RESULT_OF_OUTCOME: Readonly<Record<PaymentOutcome, PaymentResult>> = {
  paid: 'success',
  declined: 'failed',
  cancelled: 'cancelled',
};
