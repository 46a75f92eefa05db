import { randomBytes } from 'node:crypto';
import { NOTICE_CODES, ORDER_MESSAGES, type PaymentMethod } from '@portal/shared-contracts/orders';
import { makeS10, S10_HOME_COUNTRY, serviceIndicatorFor } from '@portal/shared-contracts/s10';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { ApiError, invalidInput } from '../../http/problem';
import type { EventPublisher } from '../events';
import { accountTypeOf } from '../identity';
import {
  checkedPayment,
  type PaymentProvider,
  type PaymentSettlement,
  type SettlementResult,
  type VerifiedPaymentCallback,
} from '../payments';
import type { Workflow, WorkflowCatalogue } from '../workflows';
import type { Caller } from './access';
import { countDiscountUses } from './discount-usage';
import { toOrderWrite } from './resource';
import { orderLines, orders, payments } from './schema';
import { type OrderService, pricedForCaller } from './service';

export const ALREADY_PAID = 'The order is already paid.';
export const INVOICE_COMPANY_ONLY = 'Only a company account’s orders can be paid on invoice.';
/** The `provider` of payments made on a company's invoice (no provider: the post invoices the company). */
export const INVOICE_PROVIDER = 'invoice';
/** The `provider` of a test-mode order paid "on invoice" (issue 38): nobody is invoiced. */
export const TEST_INVOICE_PROVIDER = 'test-invoice';
const NOT_PAYABLE = 'The order was cancelled and cannot be paid.';

export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Assigns the loyalty discounts a paid order earns (the discounts module, given by the composition
 * root), told how many paid orders the user has now: the orders' tables are this module's.
 */
export interface LoyaltyAssigner {
  assignLoyalty(tx: Tx, userId: number | null, paidOrders: number, now: Date): Promise<unknown>;
}

/**
 * Paying an order (DESIGN §5): POST {order @id}/payments starts a payment with the provider for
 * the price the server computes now; the provider's verified callback settles it here
 * (PaymentSettlement). Settlement is idempotent and safe under concurrency:
 * - the payment row is locked and changed only while `pending`: a replayed or concurrent
 *   callback finds it settled and gets the recorded outcome;
 * - amount, currency and reference must be the ones the payment was started with;
 * - editing or cancelling the order, or starting a newer payment, cancels pending payments, so
 *   only a payment for the order's current content can pay it;
 * - at most one payment of an order can be `paid` (partial unique index), and the order moves
 *   to `paid` only from `unfinished`, in the same transaction;
 * - each paid line gets an S10 number from a database sequence (unique under concurrency).
 */
export class OrderPayments implements PaymentSettlement {
  constructor(
    private readonly orm: Orm,
    private readonly orderService: OrderService,
    private readonly catalogue: WorkflowCatalogue,
    private readonly provider: PaymentProvider,
    private readonly now: () => Date = () => new Date(),
    private readonly loyalty?: LoyaltyAssigner,
    /**
     * The domain events' outbox (modules/events): an `order.paid` event is published in the
     * settlement's transaction, for whoever subscribed to it (the composition root says who).
     */
    private readonly events?: EventPublisher,
    /** Told once a payment committed an order's payment (the metrics' count of paid orders). */
    private readonly onPaid?: () => void,
    /** Pays test-mode orders (issue 38): the sandbox, whatever PAYMENT_PROVIDER is. */
    private readonly testProvider: PaymentProvider = provider,
  ) {}

  async start(
    caller: Caller,
    key: string,
    returnUrl: string | null | undefined,
    method: PaymentMethod = 'card',
  ): Promise<{ redirectUrl: string; paid?: boolean }> {
    const { order, lines } = await this.orderService.load(key);
    const current = await this.orderService.access.check(caller, order, 'write');
    if (current.status === 'paid') throw new ApiError(422, ALREADY_PAID);
    if (current.status !== 'unfinished') throw new ApiError(422, NOT_PAYABLE);
    if (method === 'invoice' && !(await this.isCompanyAccount(current.accountId))) {
      throw invalidInput(422, [
        { propertyPath: 'method', message: INVOICE_COMPANY_ONLY, code: 'INVOICE_COMPANY_ONLY' },
      ]);
    }

    const write = toOrderWrite(current, lines);
    const violations = (await this.orderService.violations(write, { kind: 'all' }, true, current.id)).filter(
      (violation) => !NOTICE_CODES.includes(violation.code),
    );
    if (violations.length > 0) throw invalidInput(422, violations);
    const priced = await this.orderService.price(write, pricedForCaller(caller.principal));
    if (priced.violations.length > 0) throw invalidInput(422, priced.violations);
    if (!priced.price || priced.price.amount <= 0) {
      throw invalidInput(422, [
        { propertyPath: 'orderLines', message: ORDER_MESSAGES.noPriceFound, code: 'NO_PRICE_FOUND' },
      ]);
    }

    const workflows = await this.catalogue.all();
    const firstWorkflow = workflows.find((workflow) => workflow.id === lines[0]?.workFlowId);
    const reference = randomBytes(16).toString('base64url');
    const orderPage = returnUrl ?? `/orders/${firstWorkflow?.shipmentType ?? 'parcel'}/${current.key}`;
    const onInvoice = method === 'invoice';
    const provider = current.testMode ? this.testProvider : this.provider;
    const invoiceProvider = current.testMode ? TEST_INVOICE_PROVIDER : INVOICE_PROVIDER;
    // On invoice nothing goes to a provider: the payment is recorded and settled below, as a
    // provider's callback would settle it (same locks, S10 numbers and event).
    const started = onInvoice
      ? { providerPaymentId: reference, redirectUrl: orderPage.replace('{paymentResult}', 'success') }
      : await provider.startPayment({
          reference,
          amountCents: priced.price.amount,
          currency: priced.price.currency,
          description: `Order ${current.key}`,
          returnUrl: orderPage,
        });
    const now = this.now();
    await this.orm.transaction(async (tx) => {
      // A newer payment replaces any pending one: only the latest can pay the order.
      await tx
        .update(payments)
        .set({ status: 'cancelled', settledAt: now })
        .where(and(eq(payments.orderId, current.id), eq(payments.status, 'pending')));
      await tx.insert(payments).values({
        orderId: current.id,
        provider: onInvoice ? invoiceProvider : provider.id,
        reference,
        providerPaymentId: started.providerPaymentId,
        amount: priced.price!.amount,
        currency: priced.price!.currency,
        returnUrl: returnUrl ?? null,
        createdAt: now,
      });
      // The price the payment was started for is the order's price from now on, and each line's.
      await tx.update(orders).set({ price: priced.price }).where(eq(orders.id, current.id));
      for (const [position, linePrice] of priced.linePrices.entries()) {
        await tx
          .update(orderLines)
          .set({ price: linePrice })
          .where(and(eq(orderLines.orderId, current.id), eq(orderLines.position, position)));
      }
    });
    if (!onInvoice) return { redirectUrl: started.redirectUrl };
    const { outcome } = await this.settle({
      providerId: invoiceProvider,
      providerPaymentId: reference,
      eventId: reference,
      reference,
      amountCents: priced.price.amount,
      currency: priced.price.currency,
      outcome: 'paid',
      occurredAt: now,
    });
    // Paid meanwhile by another payment (two tabs): this one was cancelled, and says so.
    if (outcome !== 'paid') throw new ApiError(422, ALREADY_PAID);
    return { redirectUrl: started.redirectUrl, paid: true };
  }

  private async isCompanyAccount(accountId: number | null): Promise<boolean> {
    if (accountId === null) return false;
    return (await accountTypeOf(this.orm, accountId)) === 'company';
  }

  async settle(callback: VerifiedPaymentCallback): Promise<SettlementResult> {
    const result = await this.settleInTransaction(callback);
    if (result.newlyPaid) {
      this.events?.committed();
      this.onPaid?.();
    }
    return { outcome: result.outcome };
  }

  private async settleInTransaction(
    callback: VerifiedPaymentCallback,
  ): Promise<SettlementResult & { newlyPaid?: boolean }> {
    // Read before the transaction: the catalogue reloads itself through the database client when
    // its snapshot is older than its TTL, which inside the transaction waits on it for ever on
    // PGlite's one connection (refused there: a paid order's return page said "failed", rarely).
    const workflows = await this.catalogue.all();
    return this.orm.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, callback.providerId), eq(payments.providerPaymentId, callback.providerPaymentId)),
        )
        .for('update');
      const { payment, recorded } = checkedPayment(row, callback);
      if (recorded !== null) return { outcome: recorded };

      const now = this.now();
      if (callback.outcome !== 'paid') {
        await tx.update(payments).set({ status: callback.outcome, settledAt: now }).where(eq(payments.id, payment.id));
        return { outcome: callback.outcome };
      }

      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
      if (order?.status !== 'unfinished') {
        // Paid already by another payment, or cancelled: this one must not pay it again.
        await tx.update(payments).set({ status: 'cancelled', settledAt: now }).where(eq(payments.id, payment.id));
        return { outcome: 'cancelled' };
      }
      await tx.update(payments).set({ status: 'paid', settledAt: now }).where(eq(payments.id, payment.id));
      await tx
        .update(orders)
        .set({ status: 'paid', paidAt: now, updatedAt: now, version: sql`${orders.version} + 1` })
        .where(eq(orders.id, order.id));
      const barcodes = await this.numberLines(tx, order.id, workflows, now, order.testMode);
      // A test order spends no discount (issue 38).
      if (!order.testMode) await countDiscountUses(tx, order, now);
      // SPEC §4: a registered user's Nth paid order earns the loyalty discounts set for N.
      if (this.loyalty && order.userId !== null) {
        const [paid] = await tx
          .select({ total: count() })
          .from(orders)
          .where(and(eq(orders.userId, order.userId), eq(orders.status, 'paid')));
        await this.loyalty.assignLoyalty(tx, order.userId, paid?.total ?? 0, now);
      }
      // Written once, with the payment: its consumers' jobs commit with it or not at all.
      await this.events?.publish(tx, {
        type: 'order.paid',
        aggregateId: String(order.id),
        occurredAt: now,
        data: {
          orderId: order.id,
          key: order.key,
          userId: order.userId,
          barcodes,
          paidAt: now.toISOString(),
          testMode: order.testMode,
        },
      });
      return { outcome: 'paid', newlyPaid: true };
    });
  }

  /**
   * Marks the order's lines paid, each with a new S10 number (service indicator per product, LV);
   * a test-mode order's from the test range (issue 38), so live numbering has no gaps from tests.
   */
  private async numberLines(
    tx: Tx,
    orderId: number,
    workflows: Workflow[],
    now: Date,
    testMode: boolean,
  ): Promise<string[]> {
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
    const barcodes: string[] = [];
    for (const line of lines) {
      const workflow = workflows.find((candidate) => candidate.id === line.workFlowId);
      const barcode = makeS10(indicatorOf(workflow, line.services), await nextSerial(tx, testMode), S10_HOME_COUNTRY);
      await tx
        .update(orderLines)
        .set({ status: 'paid', barcode, statusDate: now, updatedAt: now })
        .where(eq(orderLines.id, line.id));
      barcodes.push(barcode);
    }
    return barcodes;
  }
}

export function indicatorOf(workflow: Workflow | undefined, services: unknown): string {
  const insured =
    ((services as { insurance?: { amount?: number | null } | null } | null)?.insurance?.amount ?? null) !== null;
  return serviceIndicatorFor({
    shipmentType: workflow?.shipmentType ?? 'parcel',
    shipmentSubType: workflow?.shipmentSubType ?? 'standard',
    shipmentSizeType: workflow?.shipmentSizeType ?? null,
    insured,
  });
}

/**
 * The next S10 serial from the sequence (never handed out twice, even after a rollback): live
 * shipments' `shipment_serial_seq` (LIVE_SERIALS), test mode's `test_shipment_serial_seq` (TEST_SERIALS).
 */
export async function nextSerial(tx: Tx, testMode: boolean): Promise<number> {
  const sequence = testMode ? sql`'test_shipment_serial_seq'` : sql`'shipment_serial_seq'`;
  const result = await tx.execute<{ serial: string | number }>(sql`select nextval(${sequence}) as serial`);
  const rows = (result as unknown as { rows: { serial: string | number }[] }).rows;
  return Number(rows[0]?.serial);
}
