// Stripe Checkout as the portal's card payment provider (issue 19), through Stripe's official Node
// SDK: the portal starts a hosted Checkout Session and sends the payer to it; Stripe reports the
// result by a webhook signed with Stripe's own scheme (`Stripe-Signature`, verified by the SDK's
// `webhooks.constructEvent`); refunds go back through the same API. `apiUrl` points the SDK at
// another host speaking Stripe's HTTP API: the local stand-in (infra/stripe-standin/) in
// development and tests; production talks to api.stripe.com (the config module refuses others).
import type Stripe from 'stripe';
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
import { assertReturnUrl, returnUrlFor } from './return-url';

export const STRIPE_PROVIDER_ID = 'stripe';

export interface StripeProviderOptions {
  secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  /** The portal's public origin: Checkout returns the payer to absolute URLs under it. */
  portalUrl: string;
  /** Another host speaking Stripe's API (the stand-in); default Stripe's own. */
  apiUrl?: string;
  /** Seconds a webhook's signature stays valid (Stripe's default: 300). */
  toleranceSeconds?: number;
}

/** The Checkout Session events that decide a payment, and what each means for it. */
const OUTCOME_OF_EVENT: Readonly<Record<string, PaymentOutcome>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'declined',
  'checkout.session.expired': 'cancelled',
};

function sdkOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? '443' : '80'),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly id = STRIPE_PROVIDER_ID;
  /** Stripe's SDK, loaded at the first payment (0.1 s of every start and test file otherwise). */
  private client?: Promise<Stripe>;
  private readonly portalOrigin: string;

  constructor(private readonly options: StripeProviderOptions) {
    this.portalOrigin = new URL(options.portalUrl).origin;
  }

  private stripe(): Promise<Stripe> {
    this.client ??= import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk(this.options.secretKey, sdkOptions(this.options.apiUrl)),
    );
    return this.client;
  }

  async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentInputError('amountCents must be a positive whole number of cents');
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) throw new PaymentInputError('currency must be an ISO 4217 code');
    assertReturnUrl(input.returnUrl, [this.portalOrigin]);
    const absolute = (result: 'success' | 'cancelled') =>
      new URL(returnUrlFor(input.returnUrl, result), this.portalOrigin).toString();
    const session = await (await this.stripe()).checkout.sessions.create({
      mode: 'payment',
      client_reference_id: input.reference,
      metadata: { reference: input.reference },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: input.description.slice(0, 250) || 'Postal services' },
          },
        },
      ],
      success_url: absolute('success'),
      cancel_url: absolute('cancelled'),
    });
    if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
    return { providerPaymentId: session.id, redirectUrl: session.url };
  }

  /**
   * A webhook whose signature Stripe's scheme verifies. Stripe delivers an event again until it
   * gets a 2xx answer, so a repeated event id is not refused here: the orders module's settlement
   * is idempotent and answers the outcome it recorded the first time.
   */
  async parseCallback(request: PaymentCallbackRequest): Promise<VerifiedPaymentCallback> {
    const header = request.headers['stripe-signature'];
    if (typeof header !== 'string')
      throw new PaymentCallbackError('signature', 'The Stripe-Signature header is missing.');
    const stripe = await this.stripe();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        request.rawBody,
        header,
        this.options.webhookSecret,
        this.options.toleranceSeconds,
      );
    } catch (error) {
      const stale = error instanceof Error && /timestamp/i.test(error.message);
      throw new PaymentCallbackError(stale ? 'stale' : 'signature', 'The Stripe signature does not verify.');
    }
    const outcome = OUTCOME_OF_EVENT[event.type];
    if (!outcome) throw new PaymentCallbackError('malformed', `Stripe event ${event.type} does not settle a payment.`);
    const session = event.data.object as Stripe.Checkout.Session;
    if (outcome === 'paid' && session.payment_status === 'unpaid') {
      throw new PaymentCallbackError('malformed', 'The checkout session completed without a payment.');
    }
    const reference = session.client_reference_id ?? session.metadata?.reference;
    if (!reference || session.amount_total === null || !session.currency) {
      throw new PaymentCallbackError('malformed', 'The checkout session lacks its reference, amount or currency.');
    }
    return {
      providerId: this.id,
      providerPaymentId: session.id,
      eventId: event.id,
      reference,
      amountCents: session.amount_total,
      currency: session.currency.toUpperCase(),
      outcome,
      occurredAt: new Date(event.created * 1000),
    };
  }

  /** Refunds a paid Checkout Session, whole or `amountCents` of it; answers Stripe's refund id. */
  async refund(providerPaymentId: string, amountCents?: number): Promise<{ refundId: string }> {
    const session = await (await this.stripe()).checkout.sessions.retrieve(providerPaymentId);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new PaymentInputError('The payment has nothing to refund.');
    const refund = await (await this.stripe()).refunds.create({
      payment_intent: paymentIntent,
      ...(amountCents !== undefined ? { amount: amountCents } : {}),
    });
    return { refundId: refund.id };
  }
}
