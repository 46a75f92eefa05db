import { createHash } from 'node:crypto';
import type { WebhookEventType } from '@portal/shared-contracts/webhooks';
import { and, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { DomainEvent, EventConsumer } from '../events';
import type { JobEngine } from '../jobs';
import { accountOfOrder, accountsOfLines } from '../orders';
import { queueDeliveries } from './deliverer';
import { type WebhookPayload, webhookDeliveries, webhookEndpoints } from './schema';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** An event of one account's shipment, before it is queued for each endpoint that chose its type. */
interface AccountEvent {
  accountId: number;
  payload: WebhookPayload;
}

/**
 * The webhooks' consumer of domain events (DESIGN §5, modules/events): given each `order.paid`,
 * `shipment.status_changed` and `return.created` as a `webhooks.events` job, it writes one delivery row per event and
 * endpoint that chose the event's type, with its `webhooks.deliver` job (deliverer.ts), in one
 * transaction: a delivery exists exactly once per event whatever the retries of this job. The jobs
 * are keyed by order, so an order's events are turned into deliveries in the order they happened
 * (and each delivery's id, the webhook's event id, is the domain event's own, per shipment).
 */
export class WebhookOutbox {
  constructor(
    private readonly orm: Orm,
    private readonly jobs: JobEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** How it subscribes (the composition root): a test key's integrator sees its test orders' events (issue 38). */
  consumer(): EventConsumer {
    return {
      kind: 'webhooks.events',
      on: {
        'order.paid': (event) => this.orm.transaction((tx) => this.orderPaid(tx, event)),
        'shipment.status_changed': (event) => this.orm.transaction((tx) => this.statusChanged(tx, event)),
        'return.created': (event) => this.orm.transaction((tx) => this.returnCreated(tx, event)),
        'return.status_changed': (event) => this.orm.transaction((tx) => this.returnStatusChanged(tx, event)),
      },
      // A return's events follow each other, by its own number (new: nothing of its order's comes
      // between). The last case is for the types it does not hear, which never get a job.
      keyOf: (event) => {
        if (event.type === 'return.created' || event.type === 'return.status_changed')
          return `return:${event.data.returnBarcode}`;
        if (event.type === 'order.paid' || event.type === 'shipment.status_changed')
          return `order:${event.data.orderId}`;
        return `${event.type}:${event.aggregateId}`;
      },
    };
  }

  /** One `order.paid` webhook per shipment of the order: each is ordered with its own shipment's status changes. */
  private async orderPaid(tx: Tx, event: DomainEvent<'order.paid'>): Promise<void> {
    const order = event.data;
    const accountId = await accountOfOrder(tx, order.orderId);
    if (!accountId) return;
    const createdAt = this.now().toISOString();
    await this.queue(
      tx,
      'order.paid',
      order.barcodes.map((shipmentNumber) => ({
        accountId,
        payload: {
          id: idOf(event.id, shipmentNumber),
          type: 'order.paid',
          createdAt,
          data: { shipmentNumber, status: 'paid', statusDate: order.paidAt, orderKey: order.key },
        },
      })),
    );
  }

  private async statusChanged(tx: Tx, event: DomainEvent<'shipment.status_changed'>): Promise<void> {
    const change = event.data;
    const [line] = await accountsOfLines(tx, [change.orderLineId]);
    if (!line?.accountId) return;
    await this.queue(tx, 'shipment.status_changed', [
      {
        accountId: line.accountId,
        payload: {
          id: event.id,
          type: 'shipment.status_changed' as const,
          createdAt: this.now().toISOString(),
          data: {
            shipmentNumber: change.shipmentNumber,
            status: change.to as WebhookPayload['data']['status'],
            previousStatus: change.from as WebhookPayload['data']['status'],
            statusDate: change.statusDate,
            orderKey: line.orderKey,
          },
        },
      },
    ]);
  }

  /** One `return.created` webhook: the return's own S10 number, and the shipment it sends back. */
  private async returnCreated(tx: Tx, event: DomainEvent<'return.created'>): Promise<void> {
    const created = event.data;
    await this.queue(tx, 'return.created', [
      {
        accountId: created.accountId,
        payload: {
          id: event.id,
          type: 'return.created',
          createdAt: this.now().toISOString(),
          data: {
            shipmentNumber: created.returnBarcode,
            status: 'paid',
            statusDate: created.createdAt,
            orderKey: created.orderKey,
            returnOf: created.shipmentNumber,
          },
        },
      },
    ]);
  }

  /** One `return.status_changed` webhook: the return's own S10 number and status, and the shipment it sends back. */
  private async returnStatusChanged(tx: Tx, event: DomainEvent<'return.status_changed'>): Promise<void> {
    const change = event.data;
    const [line] = await accountsOfLines(tx, [change.orderLineId]);
    if (!line?.accountId) return;
    await this.queue(tx, 'return.status_changed', [
      {
        accountId: line.accountId,
        payload: {
          id: event.id,
          type: 'return.status_changed',
          createdAt: this.now().toISOString(),
          data: {
            shipmentNumber: change.returnBarcode,
            status: change.to as WebhookPayload['data']['status'],
            previousStatus: change.from as WebhookPayload['data']['status'],
            statusDate: change.statusDate,
            orderKey: line.orderKey,
            returnOf: change.shipmentNumber,
          },
        },
      },
    ]);
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

/**
 * The webhook event id of one shipment's part of a domain event: the same every time the event's
 * job runs (a SHA-256 of both in a UUID's shape), so a receiver can tell a repeat.
 */
function idOf(eventId: string, shipmentNumber: string): string {
  const hex = createHash('sha256').update(`${eventId}:${shipmentNumber}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
