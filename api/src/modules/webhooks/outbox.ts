import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@portal/shared-contracts/webhooks';
import { and, inArray, sql } from 'drizzle-orm';
import type { JobEngine } from '../jobs';
import { accountOfOrder, accountsOfLines, type PaidOrder, type PaidOrderListener, type PaidOrderTx } from '../orders';
import type { ReturnCreated, ReturnListener, ReturnsTx } from '../returns';
import type { StatusChange, StatusChangeListener, TrackingTx } from '../tracking';
import { queueDeliveries } from './deliverer';
import { type WebhookPayload, webhookDeliveries, webhookEndpoints } from './schema';

type Tx = PaidOrderTx | TrackingTx | ReturnsTx;

/** An event of one account's shipment, before it is queued for each endpoint that chose its type. */
interface AccountEvent {
  accountId: number;
  payload: WebhookPayload;
}

/**
 * The webhooks' outbox (DESIGN §5): told of paid orders (the orders module), returns made (the
 * returns module) and status changes (tracking) inside the transaction that makes them, it writes one delivery row per event and
 * endpoint that chose the event's type. The rows commit with the change or not at all, so an
 * event is never lost and never told of a change that was rolled back; each row is a
 * `webhooks.deliver` job of the job engine written in the same transaction (deliverer.ts), sent
 * after the commit (`afterCommit` wakes the engine), so no request waits for a receiver.
 */
export class WebhookOutbox implements PaidOrderListener, StatusChangeListener, ReturnListener {
  /** A test key's integrator sees its test orders' events (issue 38). */
  readonly hearsTestOrders = true;

  constructor(
    private readonly jobs: JobEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One `order.paid` event per shipment of the order: each is ordered with its own shipment's status changes. */
  async orderPaid(tx: PaidOrderTx, order: PaidOrder): Promise<void> {
    const accountId = await accountOfOrder(tx, order.orderId);
    if (!accountId) return;
    const createdAt = this.now().toISOString();
    await this.queue(
      tx,
      'order.paid',
      order.barcodes.map((shipmentNumber) => ({
        accountId,
        payload: {
          id: randomUUID(),
          type: 'order.paid',
          createdAt,
          data: { shipmentNumber, status: 'paid', statusDate: order.paidAt.toISOString(), orderKey: order.key },
        },
      })),
    );
  }

  async statusChanged(tx: TrackingTx, changes: readonly StatusChange[]): Promise<void> {
    const lines = await accountsOfLines(
      tx,
      changes.map((change) => change.orderLineId),
    );
    const lineOf = new Map(lines.map((line) => [line.lineId, line]));
    const createdAt = this.now().toISOString();
    await this.queue(
      tx,
      'shipment.status_changed',
      changes.flatMap((change) => {
        const line = lineOf.get(change.orderLineId);
        if (!line?.accountId) return [];
        return [
          {
            accountId: line.accountId,
            payload: {
              id: randomUUID(),
              type: 'shipment.status_changed' as const,
              createdAt,
              data: {
                shipmentNumber: change.shipmentNumber,
                status: change.to,
                previousStatus: change.from,
                statusDate: change.statusDate.toISOString(),
                orderKey: line.orderKey,
              },
            },
          },
        ];
      }),
    );
  }

  /** One `return.created` event: the return's own S10 number, and the shipment it sends back. */
  async returnCreated(tx: ReturnsTx, created: ReturnCreated): Promise<void> {
    await this.queue(tx, 'return.created', [
      {
        accountId: created.accountId,
        payload: {
          id: randomUUID(),
          type: 'return.created',
          createdAt: this.now().toISOString(),
          data: {
            shipmentNumber: created.returnBarcode,
            status: 'paid',
            statusDate: created.createdAt.toISOString(),
            orderKey: created.orderKey,
            returnOf: created.shipmentNumber,
          },
        },
      },
    ]);
  }

  afterCommit(): void {
    this.jobs.wake();
  }

  /** A row per event and endpoint of its account that chose this type, in the events' order. */
  private async queue(tx: Tx, type: WebhookEventType, events: readonly AccountEvent[]): Promise<void> {
    if (events.length === 0) return;
    const accountIds = [...new Set(events.map((event) => event.accountId))];
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId })
      .from(webhookEndpoints)
      .where(
        and(
          inArray(webhookEndpoints.accountId, accountIds),
          sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
        ),
      );
    if (endpoints.length === 0) return;
    const now = this.now();
    const rows = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.accountId === event.accountId)
        .map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.payload.id,
          eventType: type,
          shipmentNumber: event.payload.data.shipmentNumber,
          payload: event.payload,
          createdAt: now,
          nextAttemptAt: now,
        })),
    );
    if (rows.length === 0) return;
    const queued = await tx.insert(webhookDeliveries).values(rows).returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      shipmentNumber: webhookDeliveries.shipmentNumber,
    });
    await queueDeliveries(this.jobs, tx, queued);
  }
}
