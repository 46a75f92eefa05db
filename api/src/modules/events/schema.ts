import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The domain events' outbox (issue 37 item 2): one row per event, written by its producer in the
// transaction that made the change (outbox.ts `publish`), with a job for each consumer that
// subscribed to its type beside it. The row is the event's record (what happened, once); the jobs
// carry a copy of it, so no consumer reads this table. Kept JOB_HISTORY_DAYS (retention.ts).
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    /** One of DOMAIN_EVENT_TYPES (kinds.ts), e.g. `order.paid`. */
    type: text('type').notNull(),
    /** What the event is about, e.g. the order's id or the shipment's S10 number. */
    aggregateId: text('aggregate_id').notNull(),
    /** The event's data as its kind's zod schema declares it (kinds.ts). */
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // An aggregate's history, in order.
    index('domain_events_aggregate_idx').on(table.type, table.aggregateId, table.occurredAt),
    // The retention job's question: the events past JOB_HISTORY_DAYS.
    index('domain_events_occurred_at_idx').on(table.occurredAt),
  ],
);
