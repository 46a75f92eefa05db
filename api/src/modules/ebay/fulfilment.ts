import { EBAY_MESSAGES } from '@portal/shared-contracts/ebay';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../db';
import type { PaidOrder, PaidOrderListener, PaidOrderTx } from '../orders';
import { type EbayClient, EbayError } from './client';
import { ebayAccounts, ebayFulfilments, ebaySales } from './schema';
import type { TokenCipher } from './token-cipher';
import { EbayTokens } from './tokens';

/** A claimed attempt is not taken again by another pass (or instance) for this long. */
const CLAIM_MS = 2 * 60 * 1000;
/** Back-off after the n-th failure: 1, 2, 4… minutes, at most 6 hours; never given up. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failures - 1), 6 * 60 * 60 * 1000);
}

export interface EbayFulfilmentOptions {
  client: EbayClient | null;
  cipher: TokenCipher;
  carrierCode: string;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Back to eBay (issue 15 item 4). When a shipment made from sales is paid, `orderPaid` writes the
 * fulfilment row of each sale in the payment's transaction (the outbox: one row per sale, unique, so
 * a sale is never told twice); `pass` pushes the due rows with createShippingFulfillment (the sale's
 * line items, the carrier code and the S10 number). A failure keeps the row pending with its
 * message for the seller and the next attempt after a back-off; nothing is lost.
 */
export class EbayFulfilments implements PaidOrderListener {
  private readonly now: () => Date;
  private readonly tokens: EbayTokens | null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly orm: Orm,
    private readonly options: EbayFulfilmentOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.tokens = options.client ? new EbayTokens(orm, options.client, options.cipher, this.now) : null;
  }

  async orderPaid(tx: PaidOrderTx, order: PaidOrder): Promise<void> {
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
    await tx.insert(ebayFulfilments).values(rows).onConflictDoNothing();
  }

  afterCommit(): void {
    void this.pass().catch((error: unknown) => this.options.log?.error({ err: error }, 'ebay: fulfilment pass failed'));
  }

  /** Pushes every due fulfilment once; answers how many eBay accepted. One pass at a time per process. */
  pass(): Promise<number> {
    if (!this.running) {
      this.running = this.pushDue().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pushDue(): Promise<number> {
    if (!this.tokens || !this.options.client) return 0;
    const now = this.now();
    const due = await this.orm
      .select({ fulfilment: ebayFulfilments, sale: ebaySales, account: ebayAccounts })
      .from(ebayFulfilments)
      .innerJoin(ebaySales, eq(ebaySales.id, ebayFulfilments.saleId))
      .innerJoin(ebayAccounts, eq(ebayAccounts.id, ebaySales.ebayAccountId))
      .where(and(eq(ebayFulfilments.status, 'pending'), lte(ebayFulfilments.nextAttemptAt, now)))
      .orderBy(asc(ebayFulfilments.nextAttemptAt))
      .limit(50);
    let done = 0;
    for (const { fulfilment, sale, account } of due) {
      // Claim the row: only the pass whose update finds it still due pushes it.
      const claimed = await this.orm
        .update(ebayFulfilments)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(
          and(
            eq(ebayFulfilments.id, fulfilment.id),
            eq(ebayFulfilments.nextAttemptAt, fulfilment.nextAttemptAt),
            eq(ebayFulfilments.status, 'pending'),
          ),
        )
        .returning({ id: ebayFulfilments.id });
      if (claimed.length === 0) continue;
      const client = this.options.client;
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
        done += 1;
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
            nextAttemptAt: new Date(this.now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(ebayFulfilments.id, fulfilment.id));
      }
    }
    return done;
  }
}

function problemOf(error: unknown): string {
  if (!(error instanceof EbayError)) return EBAY_MESSAGES.unavailable;
  if (error.kind === 'refused') return EBAY_MESSAGES.revoked;
  return error.kind === 'rejected' ? EBAY_MESSAGES.fulfilmentRejected : EBAY_MESSAGES.unavailable;
}
