// Refunds (issue 19): an administrator's refund decision (a complaint upheld, a service not
// given) gives money back through the provider that took it: Stripe refunds the card payment,
// the sandbox records a refund of no money. Paid orders cannot be cancelled (SPEC §4), so this is
// the one way money goes back. Never more than was paid: the payment row is locked while the
// refunds so far are summed, the provider is asked and the refund is recorded.
import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError, invalidInput } from '../../http/problem';
import type { PaymentProvider } from '../payments';
import { orders, paymentRefunds, payments } from './schema';

export const REFUND_MESSAGES = {
  orderNotFound: 'Order not found.',
  notPaid: 'The order has no paid payment to refund.',
  tooMuch: 'A refund cannot exceed what is left of the payment.',
  cannotRefund: 'The payment provider of this order cannot refund it here.',
} as const;

export interface RefundResult {
  refundId: string;
  amountCents: number;
  /** All refunds of the payment so far, this one included. */
  refundedCents: number;
  /** What is left that could still be refunded. */
  remainingCents: number;
}

export class OrderRefunds {
  private readonly providers: Map<string, PaymentProvider>;

  constructor(
    private readonly orm: Orm,
    providers: readonly PaymentProvider[],
  ) {
    this.providers = new Map(providers.map((provider) => [provider.id, provider]));
  }

  /** Refunds `amountCents` (default: all that is left) of the order's paid payment. */
  async refund(
    key: string,
    input: { amountCents?: number; reason: string },
    adminUserId: number | null,
  ): Promise<RefundResult> {
    return this.orm.transaction(async (tx) => {
      const [paid] = await tx
        .select({
          id: payments.id,
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
          amount: payments.amount,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.key, key), eq(payments.status, 'paid')))
        .for('update', { of: payments });
      if (!paid) {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.key, key));
        throw order ? new ApiError(422, REFUND_MESSAGES.notPaid) : new ApiError(404, REFUND_MESSAGES.orderNotFound);
      }
      const [{ refunded }] = (await tx
        .select({ refunded: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, paid.id))) as [{ refunded: number }];
      const remaining = paid.amount - refunded;
      const amount = input.amountCents ?? remaining;
      if (amount < 1 || amount > remaining) {
        throw invalidInput(422, [
          { propertyPath: 'amountCents', message: REFUND_MESSAGES.tooMuch, code: 'REFUND_TOO_MUCH' },
        ]);
      }
      const provider = this.providers.get(paid.provider);
      if (!provider?.refund) throw new ApiError(422, REFUND_MESSAGES.cannotRefund);
      const { refundId } = await provider.refund(paid.providerPaymentId, amount);
      await tx.insert(paymentRefunds).values({
        paymentId: paid.id,
        amount,
        providerRefundId: refundId,
        reason: input.reason,
        createdBy: adminUserId,
      });
      return { refundId, amountCents: amount, refundedCents: refunded + amount, remainingCents: remaining - amount };
    });
  }
}
