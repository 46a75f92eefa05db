import {
  PaymentCallbackError,
  type PaymentOutcome,
  type PaymentSettlement,
  type SettlementResult,
  type VerifiedPaymentCallback,
} from './provider';

/**
 * More than one module takes payments (orders; the returns the customer pays for, issue 40): one
 * set of callback routes and providers, and each payment settled by the module that started it.
 * A module names its payments' references with a prefix of its own (`return:`: the colon is never
 * in the orders' base64url references); a reference no prefix claims goes to the default (orders).
 * Settlements are added while the modules register, and looked up when a callback arrives.
 */
export class PaymentSettlements implements PaymentSettlement {
  private readonly byPrefix = new Map<string, PaymentSettlement>();
  private fallback: PaymentSettlement | undefined;

  /** The settlement of references starting with `prefix`; `''` is the default one. */
  add(prefix: string, settlement: PaymentSettlement): void {
    if (prefix === '') this.fallback = settlement;
    else this.byPrefix.set(prefix, settlement);
  }

  settle(callback: VerifiedPaymentCallback): Promise<SettlementResult> {
    for (const [prefix, settlement] of this.byPrefix) {
      if (callback.reference.startsWith(prefix)) return settlement.settle(callback);
    }
    if (!this.fallback) return Promise.reject(new PaymentCallbackError('unknownPayment', 'Payment not found.'));
    return this.fallback.settle(callback);
  }
}

/** A module's record of a payment it started, as a settlement compares a callback with it. */
export interface RecordedPayment {
  reference: string;
  amount: number;
  currency: string;
  status: string;
}

/**
 * The checks every settlement makes on its locked payment row before it acts (orders' and returns'):
 * none found is `unknownPayment`; another reference, amount or currency is `mismatch`. Answers the
 * payment and the outcome recorded earlier for one settled already (a replayed or late callback
 * changes nothing), or `recorded: null` while it is pending.
 */
export function checkedPayment<Payment extends RecordedPayment>(
  payment: Payment | undefined,
  callback: VerifiedPaymentCallback,
): { payment: Payment; recorded: PaymentOutcome | null } {
  if (!payment) throw new PaymentCallbackError('unknownPayment', 'Payment not found.');
  if (payment.reference !== callback.reference) {
    throw new PaymentCallbackError('mismatch', 'The callback names another payment.');
  }
  if (payment.amount !== callback.amountCents || payment.currency !== callback.currency) {
    throw new PaymentCallbackError('mismatch', 'The callback amount differs from the payment.');
  }
  const { status } = payment;
  const recorded = status === 'pending' ? null : status === 'paid' || status === 'declined' ? status : 'cancelled';
  return { payment, recorded };
}
