import type { Address, LineAttributes, OrderLineStatus } from '@portal/shared-contracts/orders';
import type { NetworkPlace, ShipmentInProgress } from '@portal/shared-contracts/tracking';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Orm } from '../../db';
import { linesInProgress } from '../orders';
import { locationsByIds } from '../service-locations';
import { shipmentWaysOf } from '../workflows';
import { trackingEvents } from './schema';

/**
 * The shipments the operator's network still has to carry: paid on the portal and not yet
 * delivered or returned. It is what a postal operator sends its sorting systems as pre-advice
 * (the electronic data of shipments about to be handed over); here the development simulator
 * (infra/tracking-simulator/) reads it with the same `tracking:ingest` token it posts scans with,
 * so it drives the real ingestion endpoint from the outside, like the systems it stands in for.
 */
export const IN_PROGRESS_STATUSES: readonly OrderLineStatus[] = [
  'paid',
  'created',
  'transferred',
  'transferredInBulk',
  'processed',
  'sent',
  'sentAbroad',
  'releasedForDelivery',
  'onHold',
];

export type { NetworkPlace, ShipmentInProgress };

export const MAX_IN_PROGRESS = 500;

/**
 * `testOrder`: the shipments of that test-mode order (issue 38, the test helper); without it, the
 * real ones only — the network's systems never hear of a test order.
 */
export async function shipmentsInProgress(
  orm: Orm,
  { number, limit = 100, testOrder }: { number?: string; limit?: number; testOrder?: number },
): Promise<ShipmentInProgress[]> {
  const lines = await withShipmentWays(
    orm,
    await linesInProgress(orm, {
      statuses: IN_PROGRESS_STATUSES,
      number,
      testOrder,
      limit: Math.min(limit, MAX_IN_PROGRESS),
    }),
  );
  if (lines.length === 0) return [];

  const numbers = lines.map((line) => line.number as string);
  const attributesOf = (line: (typeof lines)[number]) => (line.attributes ?? {}) as LineAttributes;
  const receiverAddressOf = (line: (typeof lines)[number]) =>
    (line.receiver as { address?: Address } | null)?.address ?? null;
  const placeIds = [
    ...new Set(
      lines.flatMap((line) => [attributesOf(line).transferLocationId, receiverAddressOf(line)?.serviceLocationId]),
    ),
  ].filter((id): id is string => typeof id === 'string' && id !== '');
  const [places, events] = await Promise.all([
    locationsByIds(orm, placeIds),
    orm
      .select({ number: trackingEvents.shipmentNumber, code: trackingEvents.code })
      .from(trackingEvents)
      .where(and(inArray(trackingEvents.shipmentNumber, numbers), isNull(trackingEvents.violation)))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id)),
  ]);
  // What the network's pre-advice names of a place (not its street address).
  const placeOf = new Map(
    places.map(({ id, name, countryCode, city }) => [id, { id, name, countryCode, city }] as const),
  );
  const place = (id: string | null | undefined) => (id ? (placeOf.get(id) ?? null) : null);

  return lines.map((line) => {
    const own = events.filter((event) => event.number === line.number);
    const attributes = attributesOf(line);
    const receiverAddress = receiverAddressOf(line);
    return {
      number: line.number as string,
      status: line.status as OrderLineStatus,
      shipmentType: line.shipmentType,
      destinationCountryCode: line.countryCode ?? receiverAddress?.countryCode ?? 'LV',
      // The line's choice where the workflow offers several; else the workflow's one way.
      transferType: attributes.transferType ?? line.transferType,
      receivingType: attributes.receivingType ?? line.receivingType,
      handOverPlace: place(attributes.transferLocationId),
      deliveryPlace: place(receiverAddress?.serviceLocationId),
      receiverCity: receiverAddress?.city ?? null,
      lastEventCode: own.at(-1)?.code ?? null,
      eventCount: own.length,
    };
  });
}

/** Each line with its product's ways (the workflows module's; none where the line's workflow is gone). */
async function withShipmentWays<Line extends { workFlowId: number | null }>(orm: Orm, lines: Line[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.workFlowId === null ? [] : [line.workFlowId])))];
  const waysOf = new Map((await shipmentWaysOf(orm, ids)).map((ways) => [ways.id, ways] as const));
  return lines.map((line) => {
    const ways = line.workFlowId === null ? undefined : waysOf.get(line.workFlowId);
    return {
      ...line,
      shipmentType: ways?.shipmentType ?? null,
      transferType: ways?.transferType ?? null,
      receivingType: ways?.receivingType ?? null,
    };
  });
}
