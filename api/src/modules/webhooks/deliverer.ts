import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { earliestRetryAt, type JobAttempt, type JobEngine, type ProducerTx } from '../jobs';
import type { Resolver, WebhookTargets } from './addresses';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema';
import { type AttemptOutcome, sendDelivery } from './sender';

export interface DelivererOptions {
  targets: WebhookTargets;
  timeoutMs: number;
  resolve: Resolver;
  /** Networks allowed besides the public internet (WEBHOOK_ALLOWED_NETWORKS), checked again at delivery. */
  allowed?: readonly string[];
  now?: () => Date;
  /** Told how each recorded attempt ended (the metrics: portal_webhook_deliveries_total). */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}

interface DeliverJob {
  deliveryId: number;
}

type QueuedDelivery = { id: number; endpointId: number; shipmentNumber: string };

/**
 * Queues delivery rows just written in `tx` as `webhooks.deliver` jobs (modules/jobs), keyed by
 * endpoint and shipment: a receiver gets a shipment's events in the order they happened, a later
 * one waiting while an earlier one is retried. The jobs commit with the rows or not at all.
 */
export function queueDeliveries(jobs: JobEngine, tx: ProducerTx, rows: readonly QueuedDelivery[]): Promise<void> {
  const keyOf = new Map(rows.map((row) => [row.id, `${row.endpointId}:${row.shipmentNumber}`]));
  return jobs.enqueue<DeliverJob>(
    tx,
    'webhooks.deliver',
    rows.map((row) => ({ deliveryId: row.id })),
    (job) => keyOf.get(job.deliveryId) ?? String(job.deliveryId),
  );
}

/**
 * Sends the queued deliveries: the handler of the `webhooks.deliver` jobs, whose back-off and
 * last attempt JOB_POLICIES declares (modules/jobs). Each try is recorded (time, duration, status
 * code or error) on the delivery the settings page lists; a failure is thrown for the engine to try
 * again, and after the last attempt the delivery is `failed` (it can be re-sent by hand).
 */
export class WebhookDeliverer {
  private readonly now: () => Date;

  constructor(
    private readonly orm: Orm,
    jobs: JobEngine,
    private readonly options: DelivererOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    jobs.handle<DeliverJob>('webhooks.deliver', (job, attempt) => this.deliver(job.deliveryId, attempt));
  }

  private async deliver(deliveryId: number, attempt: JobAttempt): Promise<void> {
    const [row] = await this.orm
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // The endpoint was deleted (its deliveries with it), or the delivery ended already.
    if (row?.delivery.status !== 'pending') return;
    const { delivery, url, secret } = row;
    const at = this.now();
    const outcome = await sendDelivery(
      {
        url,
        secret,
        body: JSON.stringify(delivery.payload),
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        deliveryId: delivery.id,
      },
      {
        targets: this.options.targets,
        timeoutMs: this.options.timeoutMs,
        resolve: this.options.resolve,
        allowed: this.options.allowed ?? [],
      },
    );
    await this.record(delivery, at, outcome, attempt);
    if (outcome.error !== null) throw new Error(`webhooks: delivery ${delivery.id} failed: ${outcome.error}`);
  }

  private async record(
    delivery: typeof webhookDeliveries.$inferSelect,
    at: Date,
    outcome: AttemptOutcome,
    attempt: JobAttempt,
  ): Promise<void> {
    const now = this.now();
    const delivered = outcome.error === null;
    const givenUp = !delivered && attempt.lastAttempt;
    await this.orm.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        at,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        error: outcome.error,
      });
      await tx
        .update(webhookDeliveries)
        .set({
          ...(delivered
            ? { status: 'delivered' as const, deliveredAt: now }
            : givenUp
              ? { status: 'failed' as const }
              : // What the settings page shows: the engine's earliest next try (its jitter may add to it).
                { nextAttemptAt: earliestRetryAt('webhooks.deliver', attempt.retryCount, now) }),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
    });
    this.options.onAttempt?.(delivered ? 'delivered' : givenUp ? 'failed' : 'retrying');
  }
}
