import type { Locale } from '@portal/shared-contracts';
import type { OrderLineStatus } from '@portal/shared-contracts/orders';
import type { TrackingAnswer, TrackingEventView } from '@portal/shared-contracts/tracking';
import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../../db';
import { ApiError, notFound } from '../../http/problem';
import type { EventPublisher, NewDomainEvent } from '../events';
import {
  lockReturnsByNumber,
  lockShipmentsByNumber,
  type ReturnOfShipment,
  recordReturnProgress,
  recordShipmentProgress,
  type ShipmentProgress,
} from '../orders';
import { describeEvent, isTrackingEventCode, TRACKING_EVENT_CODES } from './event-codes';
import { expectedDelivery } from './expected-delivery';
import { MAX_IN_PROGRESS, type ShipmentInProgress, shipmentsInProgress } from './in-progress';
import { type RejectedRow, splitBatch } from './ingest-model';
import { type LookupStatement, lookupStatement } from './lookup-query';
import { trackingEvents } from './schema';
import { replayEvents } from './status-machine';
import { nextTestScan, TEST_HELPER_SOURCE } from './test-journey';

export const SHIPMENT_NOT_FOUND = 'Shipment not found.';

/** What the sender of a batch learns: how many rows were new, repeated or refused, and why. */
export interface IngestResult {
  stored: number;
  duplicates: number;
  /** Stored, but they break the transition table or name an unknown shipment. */
  flagged: { index: number; eventId: string; reason: string }[];
  rejected: RejectedRow[];
}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** One order line whose status an ingested batch changed (after the batch's transaction committed). */
export interface StatusChange {
  orderId: number;
  orderLineId: number;
  shipmentNumber: string;
  from: OrderLineStatus;
  to: OrderLineStatus;
  /** When the scan that set `to` happened. */
  statusDate: Date;
  /** A test-mode order's shipment (issue 38): its webhooks go out, its e-mails do not. */
  testMode: boolean;
}

/** A prepaid return (issue 40) whose own status an ingested batch changed. */
export interface ReturnStatusChange extends StatusChange {
  returnBarcode: string;
}

export interface TrackingServiceOptions {
  /**
   * The domain events' outbox (modules/events): a `shipment.status_changed` per changed shipment is
   * published in the batch's transaction, for whoever subscribed (webhooks, notifications).
   */
  events?: EventPublisher;
  logger?: { error(details: object, message: string): void };
  /** The database behind `orm`: on PGlite the lookup is prepared once (lookup-query.ts). */
  driver?: Database['driver'];
  /** Told what each batch held once it is stored (the metrics: portal_tracking_events_ingested_total). */
  onIngested?: (counts: { stored: number; duplicates: number; flagged: number; rejected: number }) => void;
}

const UNKNOWN_SHIPMENT = 'No shipment with this number was paid on the portal.';

/** One stored event as the replay reads it: [id, status, occurredAt, violation]. */
type StoredEventRow = [number, string, string, string | null];

/** A status change as the domain event all its consumers hear (modules/events). */
function statusChangedEvent(change: StatusChange): NewDomainEvent {
  return {
    type: 'shipment.status_changed',
    aggregateId: change.shipmentNumber,
    data: {
      orderId: change.orderId,
      orderLineId: change.orderLineId,
      shipmentNumber: change.shipmentNumber,
      from: change.from,
      to: change.to,
      statusDate: change.statusDate.toISOString(),
      testMode: change.testMode,
    },
  };
}

/** A return's status change as the domain event its consumers hear (the webhooks: `return.status_changed`). */
function returnStatusChangedEvent(change: ReturnStatusChange): NewDomainEvent {
  return {
    type: 'return.status_changed',
    aggregateId: change.returnBarcode,
    data: {
      orderId: change.orderId,
      orderLineId: change.orderLineId,
      shipmentNumber: change.shipmentNumber,
      returnBarcode: change.returnBarcode,
      from: change.from,
      to: change.to,
      statusDate: change.statusDate.toISOString(),
      testMode: change.testMode,
    },
  };
}

/** One stored event as the replay reads it. */
interface StoredEvent {
  id: number;
  status: OrderLineStatus;
  occurredAt: Date;
  violation: string | null;
}

/**
 * The rows of a bulk statement as one jsonb parameter: one bind value whatever the batch size
 * (a VALUES list of 500 rows is thousands of parameters, and building it cost more than the SQL).
 */
const asJson = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Every stored event of these shipments, grouped by number and in time order, read as one json
 * value: a batch of 500 scans replays thousands of stored events, and the driver's field-by-field
 * parsing of that many rows cost more than reading them.
 */
async function storedEventsOf(tx: Tx, numbers: readonly string[]): Promise<Record<string, StoredEventRow[]>> {
  const stored = (
    (await tx.execute(sql`
      select coalesce(json_object_agg(t.number, t.events), '{}'::json) as "eventsOf"
      from (
        select e.shipment_number as number,
          json_agg(json_build_array(e.id, e.status, e.occurred_at, e.violation) order by e.occurred_at, e.id) as events
        from ${trackingEvents} e
        where e.shipment_number = any(array(select jsonb_array_elements_text(${asJson(numbers)})))
        group by e.shipment_number
      ) t`)) as unknown as { rows: { eventsOf: Record<string, StoredEventRow[]> }[] }
  ).rows;
  return stored[0]?.eventsOf ?? {};
}

/**
 * One shipment's (or return's) events replayed from `paid`, where every journey starts (a line
 * gets its number when paid, a return when its label is made): the violations found go into
 * `reasons`, those that changed into `violationUpdates`; the events that applied, in order.
 */
function replayOne(
  rows: readonly StoredEventRow[],
  reasons: Map<number, string>,
  violationUpdates: { id: number; violation: string | null }[],
) {
  const own: StoredEvent[] = rows.map(([id, status, occurredAt, violation]) => ({
    id,
    status: status as OrderLineStatus,
    occurredAt: new Date(occurredAt),
    violation,
  }));
  const replay = replayEvents('paid', own);
  for (const { event, violation } of replay.events) {
    if (violation) reasons.set(event.id, violation);
    if (event.violation !== violation) violationUpdates.push({ id: event.id, violation });
  }
  const applied = replay.events.filter(({ violation }) => violation === null).map(({ event }) => event);
  return { replay, applied };
}

async function updateViolations(tx: Tx, updates: readonly { id: number; violation: string | null }[]): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update ${trackingEvents} set violation = v.violation
    from jsonb_to_recordset(${asJson(updates)}) as v(id int, violation text)
    where ${trackingEvents.id} = v.id`);
}

/**
 * Tracking (issue 6). Ingestion stores each good row of a batch once (per posting system and
 * event id), then replays every event of each shipment it touched in the order the scans happened
 * (status-machine.ts): that puts late and out-of-order scans in their place, flags the events that
 * break the transition table, and sets the order line's status, status date and hand-over and
 * dispatch times. Lookup reads one shipment's line and events in one statement (lookup-query.ts).
 */
export class TrackingService {
  private readonly lookupRow: LookupStatement;

  constructor(
    private readonly orm: Orm,
    private readonly options: TrackingServiceOptions = {},
  ) {
    // The public lookup is the portal's most frequent call: one statement, prepared where the
    // driver does not (lookup-query.ts).
    this.lookupRow = lookupStatement(orm, options.driver ?? 'postgres');
  }

  async ingest(source: string, rows: readonly unknown[]): Promise<IngestResult> {
    const { accepted, rejected } = splitBatch(rows);
    if (accepted.length === 0) {
      this.options.onIngested?.({ stored: 0, duplicates: 0, flagged: 0, rejected: rejected.length });
      return { stored: 0, duplicates: 0, flagged: [], rejected };
    }
    const numbers = [...new Set(accepted.map(({ event }) => event.shipmentNumber))];
    const { result, changes } = await this.orm.transaction(async (tx) => {
      // Two batches touching one shipment replay it one after the other.
      const lines = await lockShipmentsByNumber(tx, numbers);
      const lineOf = new Map(lines.map((line) => [line.barcode as string, line.id]));
      // A prepaid return's own number (issue 40): its scans are replayed as its own journey.
      const returnsOf = await lockReturnsByNumber(
        tx,
        numbers.filter((number) => !lineOf.has(number)),
      );
      const returnOf = new Map(returnsOf.map((line) => [line.returnBarcode, line]));
      const known = (number: string) => lineOf.has(number) || returnOf.has(number);
      const rows = accepted.map(({ event }) => ({
        eventId: event.eventId,
        shipmentNumber: event.shipmentNumber,
        code: event.code,
        status: TRACKING_EVENT_CODES[event.code].status,
        occurredAt: event.occurredAt,
        location: event.location,
        note: event.note ?? null,
        violation: known(event.shipmentNumber) ? null : UNKNOWN_SHIPMENT,
      }));
      // One jsonb parameter, rows inserted in the batch's order (ids follow it: the replay's tie-break).
      const inserted = (
        (await tx.execute(sql`
          insert into ${trackingEvents}
            (source, event_id, shipment_number, code, status, occurred_at, location, note, violation)
          select ${source}, e.value->>'eventId', e.value->>'shipmentNumber', e.value->>'code', e.value->>'status', (e.value->>'occurredAt')::timestamptz, e.value->'location',
            e.value->>'note', e.value->>'violation'
          from jsonb_array_elements(${asJson(rows)}) with ordinality as e(value, position)
          order by e.position
          on conflict (source, event_id, occurred_at) do nothing
          returning id, event_id as "eventId", shipment_number as "number"`)) as unknown as {
          rows: { id: number; eventId: string; number: string }[];
        }
      ).rows;
      const statusOf = new Map(lines.map((line) => [line.id, line.status as OrderLineStatus]));
      const testLines = new Set(lines.filter((line) => line.testMode).map((line) => line.id));
      const orderOf = new Map(lines.map((line) => [line.id, line.orderId]));
      const { reasons, changes: shipmentChanges } = await this.replay(tx, lineOf, statusOf, testLines, orderOf);
      const returnChanges = await this.replayReturns(tx, returnsOf, reasons);
      // Written once with the new statuses: the consumers' jobs commit with them or not at all.
      await this.options.events?.publish(tx, [
        ...shipmentChanges.map(statusChangedEvent),
        ...returnChanges.map(returnStatusChangedEvent),
      ]);
      const changes = [...shipmentChanges, ...returnChanges];
      const indexOf = new Map(accepted.map(({ index, event }) => [event.eventId, index]));
      const flagged = inserted.flatMap(({ id, eventId, number }) => {
        const reason = reasons.get(id) ?? (known(number) ? undefined : UNKNOWN_SHIPMENT);
        return reason ? [{ index: indexOf.get(eventId) ?? -1, eventId, reason }] : [];
      });
      const result = { stored: inserted.length, duplicates: accepted.length - inserted.length, flagged, rejected };
      return { result, changes };
    });
    this.options.onIngested?.({
      stored: result.stored,
      duplicates: result.duplicates,
      flagged: result.flagged.length,
      rejected: result.rejected.length,
    });
    if (changes.length > 0) this.options.events?.committed();
    return result;
  }

  /**
   * Replays every event of these (known) shipments and stores the outcome: the line's status and
   * times, and each event's violation where the replay changed it. Events of shipments the
   * portal does not know are stored with their flag and not replayed.
   */
  private async replay(
    tx: Tx,
    lineOf: Map<string, number>,
    statusOf: Map<number, OrderLineStatus>,
    testLines: ReadonlySet<number>,
    orderOf: ReadonlyMap<number, number>,
  ): Promise<{ reasons: Map<number, string>; changes: StatusChange[] }> {
    const reasons = new Map<number, string>();
    const changes: StatusChange[] = [];
    if (lineOf.size === 0) return { reasons, changes };
    const eventsOf = await storedEventsOf(tx, [...lineOf.keys()]);
    const violationUpdates: { id: number; violation: string | null }[] = [];
    const lineUpdates: ShipmentProgress[] = [];
    for (const [number, lineId] of lineOf) {
      const { replay, applied } = replayOne(eventsOf[number] ?? [], reasons, violationUpdates);
      const last = applied.at(-1);
      const firstOf = (statuses: OrderLineStatus[]) =>
        applied.find((event) => statuses.includes(event.status))?.occurredAt ?? null;
      lineUpdates.push({
        id: lineId,
        status: replay.status,
        statusDate: last?.occurredAt ?? null,
        transferredAt: firstOf(['transferred', 'transferredInBulk']),
        sentAt: firstOf(['sent', 'sentAbroad']),
      });
      const from = statusOf.get(lineId);
      if (from && from !== replay.status) {
        changes.push({
          orderId: orderOf.get(lineId) ?? 0,
          orderLineId: lineId,
          shipmentNumber: number,
          from,
          to: replay.status,
          statusDate: last?.occurredAt ?? new Date(),
          testMode: testLines.has(lineId),
        });
      }
    }
    // One statement per kind of update (in chunks), not one per row: a batch of 500 scans touches
    // up to 500 lines, and a round trip each made ingestion slower than the scanners post.
    await updateViolations(tx, violationUpdates);
    await recordShipmentProgress(tx, lineUpdates, new Date());
    return { reasons, changes };
  }

  /**
   * Replays every event of these prepaid returns (issue 40), as a shipment's, and stores each
   * return's status on its shipment's line (orders' `recordReturnProgress`); the changes, for
   * `return.status_changed`. The violations found go into `reasons`.
   */
  private async replayReturns(
    tx: Tx,
    returnsOf: readonly ReturnOfShipment[],
    reasons: Map<number, string>,
  ): Promise<ReturnStatusChange[]> {
    if (returnsOf.length === 0) return [];
    const eventsOf = await storedEventsOf(
      tx,
      returnsOf.map((line) => line.returnBarcode),
    );
    const violationUpdates: { id: number; violation: string | null }[] = [];
    const updates: { id: number; status: OrderLineStatus; statusDate: Date | null }[] = [];
    const changes: ReturnStatusChange[] = [];
    for (const line of returnsOf) {
      const { replay, applied } = replayOne(eventsOf[line.returnBarcode] ?? [], reasons, violationUpdates);
      const last = applied.at(-1);
      updates.push({ id: line.id, status: replay.status, statusDate: last?.occurredAt ?? null });
      if (line.status !== replay.status) {
        changes.push({
          orderId: line.orderId,
          orderLineId: line.id,
          shipmentNumber: line.barcode ?? '',
          returnBarcode: line.returnBarcode,
          from: line.status,
          to: replay.status,
          statusDate: last?.occurredAt ?? new Date(),
          testMode: line.testMode,
        });
      }
    }
    await updateViolations(tx, violationUpdates);
    await recordReturnProgress(tx, updates);
    return changes;
  }

  /**
   * Moves each shipment of a test-mode order one step along its journey (issue 38, the test
   * helper): one scan each, ingested as the network's would be, so the status changes, the
   * tracking timeline and the webhooks are the real ones. The shipments as they are now.
   */
  async advanceTestOrder(orderId: number, now: Date): Promise<{ number: string; code: string | null }[]> {
    const shipments = await shipmentsInProgress(this.orm, { testOrder: orderId, limit: MAX_IN_PROGRESS });
    const scans = shipments.flatMap((shipment) => {
      const scan = nextTestScan(shipment, now);
      return scan ? [scan] : [];
    });
    if (scans.length > 0) await this.ingest(TEST_HELPER_SOURCE, scans);
    return shipments.map((shipment) => ({
      number: shipment.number,
      code: scans.find((scan) => scan.shipmentNumber === shipment.number)?.code ?? null,
    }));
  }

  /** Shipments paid and not yet delivered or returned, for the network's systems (in-progress.ts). */
  inProgress(filter: { number?: string; limit?: number }): Promise<ShipmentInProgress[]> {
    return shipmentsInProgress(this.orm, filter);
  }

  /** The answers of the numbers that exist, in the order asked. */
  async lookupMany(numbers: readonly string[], locale: Locale): Promise<TrackingAnswer[]> {
    const answers = await Promise.all(
      numbers.map((number) =>
        this.lookup(number, locale).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
      ),
    );
    return answers.filter((answer): answer is TrackingAnswer => answer !== null);
  }

  async lookup(number: string, locale: Locale): Promise<TrackingAnswer> {
    const line = await this.lookupRow(number);
    if (!line) throw notFound(SHIPMENT_NOT_FOUND);
    const status = line.status as OrderLineStatus;
    const destination = line.countryCode ?? 'LV';
    return {
      '@id': `/api/tracking/${number}`,
      '@type': 'Tracking',
      number,
      status,
      statusDate: new Date(line.statusDate).toISOString(),
      shipmentType: line.shipmentType === 'letter' ? 'letter' : 'parcel',
      destinationCountryCode: destination,
      expectedDelivery: expectedDelivery({
        status,
        transferredAt: line.transferredAt === null ? null : new Date(line.transferredAt),
        destinationCountryCode: destination,
        deliveryDays: line.deliveryDays,
      }),
      deliveryPlace:
        line.placeName === null
          ? null
          : { name: line.placeName, address: line.placeAddress ?? '', countryCode: line.placeCountryCode ?? '' },
      returnBarcode: line.returnBarcode ?? null,
      returnOf: line.returnOf ?? null,
      events: line.events.map(
        ([id, code, eventStatus, occurredAt, placeName, placeCountryCode, note]): TrackingEventView => ({
          id: String(id),
          code,
          status: eventStatus as OrderLineStatus,
          text: isTrackingEventCode(code) ? describeEvent(code, locale) : code,
          // json renders timestamptz with the session's offset: the answer says UTC, as elsewhere.
          occurredAt: new Date(occurredAt).toISOString(),
          place: { name: placeName, countryCode: placeCountryCode },
          note,
        }),
      ),
    };
  }
}
