import { randomBytes } from 'node:crypto';
import { RETURN_CODES, RETURN_MESSAGES } from '@portal/shared-contracts/returns';
import { and, eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import {
  checkedPayment,
  type PaymentProvider,
  type PaymentSettlement,
  type SettlementResult,
  type VerifiedPaymentCallback,
} from '../payments';
import { returnPayments, returns } from './schema';
import type { LabelMaker } from './service';

/** The prefix of the returns' payment references: their callbacks come to this module's settlement. */
export const RETURN_PAYMENT_PREFIX = 'return:';

export interface ReturnPaymentsOptions {
  orm: Orm;
  /** The provider payments start with (PAYMENT_PROVIDER). */
  provider: PaymentProvider;
  /** Pays test-mode returns (a test key's shipments): the sandbox, whatever PAYMENT_PROVIDER is. */
  testProvider: PaymentProvider;
  /**
   * Gives, before the settlement's transaction, what makes a paid return's label inside it
   * (`ReturnService.labelMaker`: the products it needs are read first, outside the transaction).
   */
  labelMaker: () => Promise<LabelMaker>;
  /** Told once a paid return's label and `return.created` committed (the events' outbox). */
  committed: () => void;
  now: () => Date;
}

/**
 * The customer pays a return's postage (the shop chose `customerPays`), as a visitor pays an order:
 * a payment started with the provider for the return's price, the browser sent to its page and
 * back to `/returns/{key}/{result}`, the verified callback settled here. Settling is idempotent and
 * safe under concurrency, as the orders' (orders/payment-service.ts): the payment row is locked and
 * changed only while pending; amount, currency and reference must be the started ones; a newer
 * payment cancels the pending one; the return gets its label only from `awaitingPayment`, so a
 * declined payment leaves no label and the customer pays again for the same return.
 */
export class ReturnPayments implements PaymentSettlement {
  constructor(private readonly options: ReturnPaymentsOptions) {}

  /** Starts a payment of the return with this key (the customer's capability): where to send the browser. */
  async start(key: string): Promise<{ redirectUrl: string }> {
    const { orm } = this.options;
    const [row] = await orm.select().from(returns).where(eq(returns.key, key));
    if (!row) throw notFound();
    if (row.status !== 'awaitingPayment') {
      throw invalidInput(422, [
        {
          propertyPath: 'key',
          message: RETURN_MESSAGES.en.notAwaitingPayment,
          code: RETURN_CODES.notAwaitingPayment,
        },
      ]);
    }
    const provider = row.testMode ? this.options.testProvider : this.options.provider;
    const reference = `${RETURN_PAYMENT_PREFIX}${randomBytes(16).toString('base64url')}`;
    const started = await provider.startPayment({
      reference,
      amountCents: row.price.amount,
      currency: row.price.currency,
      description: `Return of ${row.shipmentNumber}`,
      returnUrl: `/returns/${row.key}/{paymentResult}`,
    });
    const now = this.options.now();
    await orm.transaction(async (tx) => {
      // A newer payment replaces any pending one: only the latest can pay the return.
      await tx
        .update(returnPayments)
        .set({ status: 'cancelled', settledAt: now })
        .where(and(eq(returnPayments.returnId, row.id), eq(returnPayments.status, 'pending')));
      await tx.insert(returnPayments).values({
        returnId: row.id,
        provider: provider.id,
        reference,
        providerPaymentId: started.providerPaymentId,
        amount: row.price.amount,
        currency: row.price.currency,
        createdAt: now,
      });
    });
    return { redirectUrl: started.redirectUrl };
  }

  async settle(callback: VerifiedPaymentCallback): Promise<SettlementResult> {
    const issueLabel = await this.options.labelMaker();
    const result = await this.options.orm.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(returnPayments)
        .where(
          and(
            eq(returnPayments.provider, callback.providerId),
            eq(returnPayments.providerPaymentId, callback.providerPaymentId),
          ),
        )
        .for('update');
      const { payment, recorded } = checkedPayment(found, callback);
      if (recorded !== null) return { outcome: recorded };
      const now = this.options.now();
      if (callback.outcome !== 'paid') {
        await tx
          .update(returnPayments)
          .set({ status: callback.outcome, settledAt: now })
          .where(eq(returnPayments.id, payment.id));
        return { outcome: callback.outcome };
      }
      const [row] = await tx.select().from(returns).where(eq(returns.id, payment.returnId)).for('update');
      if (row?.status !== 'awaitingPayment') {
        // Paid already by another payment: this one must not make a second label.
        await tx
          .update(returnPayments)
          .set({ status: 'cancelled', settledAt: now })
          .where(eq(returnPayments.id, payment.id));
        return { outcome: 'cancelled' as const };
      }
      await tx.update(returnPayments).set({ status: 'paid', settledAt: now }).where(eq(returnPayments.id, payment.id));
      await issueLabel(tx, row);
      return { outcome: 'paid' as const, newlyPaid: true };
    });
    if ('newlyPaid' in result) this.options.committed();
    return { outcome: result.outcome };
  }
}
