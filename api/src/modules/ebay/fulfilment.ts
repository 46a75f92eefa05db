import { EBAY_MESSAGES } from '@portal/shared-contracts/ebay';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../db';
import type { DomainEvent, EventConsumer } from '../events';
import { earliestRetryAt, type JobAttempt, type JobEngine } from '../jobs';
import { type EbayClient, EbayError } from './client';
import { ebayAccounts, ebayFulfilments, ebaySales } from './schema';
import type { TokenCipher } from './token-cipher';
import { EbayTokens } from './tokens';

export interface EbayFulfilmentOptions {
  client: EbayClient | null;
  cipher: TokenCipher;
  carrierCode: string;
  /** The job engine (modules/jobs): each fulfilment is an `ebay.fulfil` job with the policy declared there. */
  jobs: JobEngine;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

interface FulfilJob {
  fulfilmentId: number;
}

/**
 * Back to eBay (issue 15 item 4). When a shipment made from sales is paid, the `order.paid` domain
 * event's `ebay.order-paid` job (modules/events: written with the payment or not at all) writes the
 * fulfilment row of each sale (one row per sale, unique, so a sale is never told twice) and an
 * `ebay.fulfil` job for it beside, in one transaction. The job pushes the row with createShippingFulfillment (the sale's line
 * items, the carrier code and the S10 number); a failure keeps the row pending with its message for
 * the seller, and the engine tries again after the back-off JOB_POLICIES declares; nothing is lost.
 */
export class EbayFulfilments {
  private readonly now: () => Date;
  private readonly tokens: EbayTokens | null;

  constructor(
    private readonly orm: Orm,
    private readonly options: EbayFulfilmentOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.tokens = options.client ? new EbayTokens(orm, options.client, options.cipher, this.now) : null;
    options.jobs.handle<FulfilJob>('ebay.fulfil', (job, attempt) => this.push(job.fulfilmentId, attempt));
  }

  /** How it subscribes (the composition root): an `ebay.order-paid` job per paid order that is not a test. */
  consumer(): EventConsumer {
    return {
      kind: 'ebay.order-paid',
      on: { 'order.paid': (event) => this.orderPaid(event) },
      // A test-mode order is handed to nobody (issue 38).
      accepts: (event) => !(event.type === 'order.paid' && event.data.testMode),
    };
  }

  /** The sales of a paid order shipped, their fulfilment rows and `ebay.fulfil` jobs: one transaction. */
  private orderPaid(event: DomainEvent<'order.paid'>): Promise<void> {
    const order = { ...event.data, paidAt: new Date(event.data.paidAt) };
    return this.orm.transaction(async (tx) => {
      // One sale ("Ship") or several shipped together (the bulk path), each with its own line's number.
      const sales = await tx
        .update(ebaySales)
        .set({ state: 'shipped', updatedAt: order.paidAt })
        .where(and(eq(ebaySales.orderId, order.orderId), eq(ebaySales.state, 'prepared')))
        .returning({ id: ebaySales.id, orderLine: ebaySales.orderLine });
      const rows = sales.flatMap((sale) => {
        const trackingNumber = order.barcodes[sale.orderLine];
        return trackingNumber
          ? [{ saleId: sale.id, trackingNumber, nextAttemptAt: order.paidAt, shippedAt: order.paidAt }]
          : [];
      });
      if (rows.length === 0) return;
      const written = await tx
        .insert(ebayFulfilments)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: ebayFulfilments.id });
      await this.options.jobs.enqueue<FulfilJob>(
        tx,
        'ebay.fulfil',
        written.map((row) => ({ fulfilmentId: row.id })),
      );
    });
  }

  /** One attempt of one fulfilment; throws when eBay did not take it (the engine tries again). */
  private async push(fulfilmentId: number, attempt: JobAttempt): Promise<void> {
    const [due] = await this.orm
      .select({ fulfilment: ebayFulfilments, sale: ebaySales, account: ebayAccounts })
      .from(ebayFulfilments)
      .innerJoin(ebaySales, eq(ebaySales.id, ebayFulfilments.saleId))
      .innerJoin(ebayAccounts, eq(ebayAccounts.id, ebaySales.ebayAccountId))
      .where(eq(ebayFulfilments.id, fulfilmentId));
    // Done already (a job taken back after its instance died mid-way), or its sale is gone.
    if (due?.fulfilment.status !== 'pending') return;
    const { fulfilment, sale, account } = due;
    const client = this.options.client;
    if (!this.tokens || !client) throw new Error('ebay: the integration is off; the fulfilment waits');
    try {
      const ebayFulfilmentId = await this.tokens.withToken(account, (token) =>
        client.createShippingFulfilment(token, sale.ebayOrderId, {
          lineItems: sale.items.map((item) => ({ lineItemId: item.lineItemId, quantity: item.quantity })),
          shippedDate: fulfilment.shippedAt.toISOString(),
          shippingCarrierCode: this.options.carrierCode,
          trackingNumber: fulfilment.trackingNumber,
        }),
      );
      await this.orm
        .update(ebayFulfilments)
        .set({
          status: 'done',
          doneAt: this.now(),
          ebayFulfilmentId,
          lastProblem: null,
          attempts: fulfilment.attempts + 1,
        })
        .where(eq(ebayFulfilments.id, fulfilment.id));
    } catch (error) {
      if (!(error instanceof EbayError)) this.options.log?.error({ err: error }, 'ebay: fulfilment push failed');
      else
        this.options.log?.warn(
          { saleId: sale.id, kind: error.kind, why: error.message },
          'ebay: fulfilment not accepted',
        );
      const attempts = fulfilment.attempts + 1;
      await this.orm
        .update(ebayFulfilments)
        .set({
          attempts,
          lastProblem: problemOf(error),
          // What the seller is shown: the engine's earliest next attempt (its jitter may add to it).
          nextAttemptAt: earliestRetryAt('ebay.fulfil', attempt.retryCount, this.now()),
        })
        .where(eq(ebayFulfilments.id, fulfilment.id));
      throw error;
    }
  }
}

function problemOf(error: unknown): string {
  if (!(error instanceof EbayError)) return EBAY_MESSAGES.unavailable;
  if (error.kind === 'refused') return EBAY_MESSAGES.revoked;
  return error.kind === 'rejected' ? EBAY_MESSAGES.fulfilmentRejected : EBAY_MESSAGES.unavailable;
}
