import { randomUUID } from 'node:crypto';
import type { Orm } from '../../db';
import { JOB_POLICIES, type JobAttempt, type JobEngine, type JobKind, type ProducerTx } from '../jobs';
import { DOMAIN_EVENT_KINDS, type DomainEvent, type DomainEventType, type NewDomainEvent } from './kinds';
import { domainEvents } from './schema';

/** A producer's transaction (Drizzle's): the event's row and its consumers' jobs commit with its change. */
export type EventTx = Pick<Orm, 'insert'> & ProducerTx;

/** What one consumer does with one event of a type it subscribed to (throws to be tried again). */
export type EventHandler<T extends DomainEventType> = (event: DomainEvent<T>, attempt: JobAttempt) => Promise<void>;

/**
 * A consumer of domain events: a job kind of its own (its queue, and its retry policy in
 * JOB_POLICIES), the types it hears with what it does with each, and which events it wants.
 */
export interface EventConsumer {
  kind: JobKind;
  on: { [T in DomainEventType]?: EventHandler<T> };
  /** Leaves events out before a job is written for them (e.g. test-mode orders: issue 38). */
  accepts?: (event: DomainEvent) => boolean;
  /**
   * The key of a keyed kind (JOB_POLICIES `keyed`): the events of one key reach the consumer one at
   * a time, in the order published (pg-boss' key_strict_fifo).
   */
  keyOf?: (event: DomainEvent) => string;
}

/** What producers are given: they publish, and never learn who listens. */
export interface EventPublisher {
  /** Writes the events in the producer's transaction, with a job per subscribed consumer beside them. */
  publish(tx: EventTx, events: NewDomainEvent | readonly NewDomainEvent[]): Promise<void>;
  /** The producer's transaction committed: consumers may start now rather than at the next poll. */
  committed(): void;
}

interface EventJob {
  event: DomainEvent;
}

/**
 * The domain events' outbox (issue 37 item 2). `publish` writes each event once, to the
 * `domain_events` table, in the producer's transaction, and beside it one job per consumer that
 * subscribed to its type (one pg-boss insert per consumer, all the events of a call in it): they
 * commit with the change or not at all. Each consumer's job runs on its own queue with its own
 * retry policy, so one consumer failing is retried without holding up or repeating the others.
 * The jobs carry the event, so consumers never read this module's table. Consumers subscribe in the
 * composition root (composition/background.ts), before the first event is published.
 */
export class DomainEvents implements EventPublisher {
  private readonly consumers: EventConsumer[] = [];

  constructor(
    private readonly jobs: JobEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  subscribe(consumer: EventConsumer): void {
    if (this.consumers.some((other) => other.kind === consumer.kind)) {
      throw new Error(`events: the job kind ${consumer.kind} has a consumer already`);
    }
    const keyed = (JOB_POLICIES[consumer.kind] as { keyed?: boolean }).keyed ?? false;
    if (keyed !== (consumer.keyOf !== undefined)) {
      throw new Error(`events: ${consumer.kind} ${keyed ? 'is keyed: its consumer needs keyOf' : 'is not keyed'}`);
    }
    this.consumers.push(consumer);
    this.jobs.handle<EventJob>(consumer.kind, async ({ event }, attempt) => {
      const handler = consumer.on[event.type] as EventHandler<DomainEventType> | undefined;
      if (!handler) return; // a type it no longer hears
      // The job's copy is checked against the kind's schema as the row was when published.
      const data = DOMAIN_EVENT_KINDS[event.type].parse(event.data);
      await handler({ ...event, data } as DomainEvent, attempt);
    });
  }

  async publish(tx: EventTx, input: NewDomainEvent | readonly NewDomainEvent[]): Promise<void> {
    const list = (Array.isArray(input) ? input : [input]) as readonly NewDomainEvent[];
    if (list.length === 0) return;
    const published = this.now();
    const events = list.map(
      (event) =>
        ({
          id: randomUUID(),
          type: event.type,
          aggregateId: event.aggregateId,
          occurredAt: (event.occurredAt ?? published).toISOString(),
          data: DOMAIN_EVENT_KINDS[event.type].parse(event.data),
        }) as DomainEvent,
    );
    await tx.insert(domainEvents).values(
      events.map((event) => ({
        id: event.id,
        type: event.type,
        aggregateId: event.aggregateId,
        payload: event.data,
        occurredAt: new Date(event.occurredAt),
      })),
    );
    for (const consumer of this.consumers) {
      const heard = events.filter((event) => event.type in consumer.on && (consumer.accepts?.(event) ?? true));
      const keyOf = consumer.keyOf;
      await this.jobs.enqueue<EventJob>(
        tx,
        consumer.kind,
        heard.map((event) => ({ event })),
        keyOf ? (job) => keyOf(job.event) : undefined,
      );
    }
  }

  committed(): void {
    this.jobs.wake();
  }
}
