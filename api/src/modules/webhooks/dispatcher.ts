import { eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Resolver, WebhookTargets } from './addresses';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema';
import { type AttemptOutcome, sendDelivery } from './sender';

/** A delivery is tried for a day after its event; then it is `failed` (and can be re-sent by hand). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often each instance looks for due deliveries besides being woken by a new event. */
const POLL_MS = 5_000;
/** Rows one claim takes: each is the head of its shipment's line, so they are sent at once. */
const CLAIM_BATCH = 20;

/** Wait before the next try after the n-th failed one: 30 s, 1, 2, 4… minutes, at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 60 * 60 * 1000);
}

export interface DispatcherOptions {
  targets: WebhookTargets;
  timeoutMs: number;
  resolve: Resolver;
  /** Networks allowed besides the public internet (WEBHOOK_ALLOWED_NETWORKS), checked again at delivery. */
  allowed?: readonly string[];
  now?: () => Date;
  log?: { error(details: object, message: string): void };
  /** Told how each recorded attempt ended (the metrics: portal_webhook_deliveries_total). */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}

/**
 * Sends the queued deliveries (the durable queue of schema.ts), in the API process, beside the
 * requests and never in their way. A pass claims the due rows that head their shipment's line
 * for their endpoint (no earlier row of the same shipment and endpoint still pending), with
 * `FOR UPDATE SKIP LOCKED`: several API instances on one PostgreSQL database each claim other
 * rows, and a claim (`claimed_until`) outlives the request's time limit, so an instance that dies
 * mid-send leaves its rows to be claimed again. PGlite is one process (the same statement works).
 * Each try is recorded (time, duration, status code or error); a failure waits for the back-off,
 * a day after the event the row is `failed`.
 */
export class WebhookDispatcher {
  private readonly now: () => Date;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly orm: Orm,
    private readonly options: DispatcherOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.timer ??= setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for the pass under way (its sends end within the time limit). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.whenIdle();
  }

  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Starts a pass now (a new event was committed), or another right after the one under way. */
  wake(): void {
    void this.pass().catch((error: unknown) => this.options.log?.error({ err: error }, 'webhooks: a pass failed'));
  }

  /** Sends every due delivery, line after line, until none is due; one pass at a time per process. */
  pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.sendClaimed()) > 0) {
            // A delivered row lets the next one of its shipment go: claim again.
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Claims a batch of due rows, sends them together, records each try; answers how many were claimed. */
  private async sendClaimed(): Promise<number> {
    const now = this.now();
    const until = new Date(now.getTime() + this.options.timeoutMs + 60_000);
    const claimed = (
      (await this.orm.execute(sql`
        update ${webhookDeliveries} set claimed_until = ${until.toISOString()}::timestamptz
        where id in (
          select c.id from ${webhookDeliveries} c
          where c.status = 'pending' and c.next_attempt_at <= ${now.toISOString()}::timestamptz
            and (c.claimed_until is null or c.claimed_until <= ${now.toISOString()}::timestamptz)
            and not exists (
              select 1 from ${webhookDeliveries} e
              where e.endpoint_id = c.endpoint_id and e.shipment_number = c.shipment_number
                and e.status = 'pending' and e.id < c.id)
          order by c.next_attempt_at, c.id
          limit ${CLAIM_BATCH}
          for update skip locked)
        returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    if (claimed.length === 0) return 0;
    const rows = await this.orm
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((row) => Number(row.id)),
        ),
      );
    await Promise.all(
      rows.map(async ({ delivery, url, secret }) => {
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
        // A row whose endpoint went meanwhile, or a database that went away: the claim lapses
        // and the row is tried again; the other rows of the batch are recorded all the same.
        await this.record(delivery, at, outcome).catch((error: unknown) =>
          this.options.log?.error({ err: error, deliveryId: delivery.id }, 'webhooks: an attempt was not recorded'),
        );
      }),
    );
    return claimed.length;
  }

  private async record(
    delivery: typeof webhookDeliveries.$inferSelect,
    at: Date,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const now = this.now();
    const attemptCount = delivery.attemptCount + 1;
    const delivered = outcome.error === null;
    const givenUp = !delivered && now.getTime() - delivery.createdAt.getTime() >= GIVE_UP_AFTER_MS;
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
          attemptCount,
          claimedUntil: null,
          ...(delivered
            ? { status: 'delivered' as const, deliveredAt: now }
            : givenUp
              ? { status: 'failed' as const }
              : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attemptCount)) }),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
    });
    this.options.onAttempt?.(delivered ? 'delivered' : givenUp ? 'failed' : 'retrying');
  }
}
