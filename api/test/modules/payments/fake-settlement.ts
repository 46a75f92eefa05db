import type { PaymentOutcome, PaymentSettlement, VerifiedPaymentCallback } from '../../../src/modules/payments';

/**
 * What the orders module must do, in memory: knows the payments it started (by providerPaymentId,
 * with the amount), refuses unknown ones and other amounts, and records the first final outcome.
 */
export class FakeSettlement implements PaymentSettlement {
  readonly expected = new Map<string, { reference: string; amountCents: number }>();
  readonly recorded = new Map<string, PaymentOutcome>();
  readonly calls: VerifiedPaymentCallback[] = [];
  failNext = false;

  async settle(callback: VerifiedPaymentCallback) {
    this.calls.push(callback);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    const payment = this.expected.get(callback.providerPaymentId);
    if (!payment || payment.reference !== callback.reference) throw new Error('unknown payment');
    if (payment.amountCents !== callback.amountCents) throw new Error('amount differs');
    const earlier = this.recorded.get(callback.providerPaymentId);
    // A paid payment stays paid; declined/cancelled may still be followed by a payment.
    if (earlier === 'paid') return { outcome: earlier };
    this.recorded.set(callback.providerPaymentId, callback.outcome);
    return { outcome: callback.outcome };
  }
}
