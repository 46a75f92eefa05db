import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Scan events of shipments posted by the operator's sorting and delivery systems (issue 6). An
// event is stored even when its shipment is unknown or it breaks the transition table (then
// `violation` says why): nothing a scanner reports is lost. `(source, event_id, occurred_at)` makes a
// repeated post of the same event a no-op; `source` is the posting system's client id. An event belongs to
// its shipment number (order_lines.barcode, unique), not to a line id: a foreign key cost every
// inserted scan a trigger query, and its index one more insertion, for a link nothing read.
//
// Partitioned by month of `occurred_at` (issue 41: PostgreSQL declarative partitions, made by the
// migration `data_retention` and kept by partitions.ts; drizzle declares the columns and keys only). A
// partitioned table's keys must hold the partition key: the primary key is (id, occurred_at) and a
// repeated event is one with the same source, event id and time (a scanner re-posting an event sends
// it whole). Events outside every month's partition land in `tracking_events_default`.
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    shipmentNumber: text('shipment_number').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** { name, countryCode, serviceLocationId? } */
    location: jsonb('location').notNull(),
    note: text('note'),
    violation: text('violation'),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.occurredAt] }),
    uniqueIndex('tracking_events_source_event_id_occurred_at_idx').on(table.source, table.eventId, table.occurredAt),
    // The lookup and the replay read one shipment's events in time order.
    index('tracking_events_shipment_number_occurred_at_idx').on(table.shipmentNumber, table.occurredAt, table.id),
  ],
);
