import type { Address, LineAttributes, OrderLineStatus } from '@portal/shared-contracts/orders';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Orm } from '../../db';
import { orderLines, serviceLocations, trackingEvents, workFlows } from '../../db/schema';

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

export const MAX_IN_PROGRESS = 500;

export interface NetworkPlace {
  /** Service location id (post office or parcel locker). */
  id: string;
  name: string;
  countryCode: string;
  city: string;
}

export interface ShipmentInProgress {
  number: string;
  status: OrderLineStatus;
  shipmentType: string | null;
  destinationCountryCode: string;
  /** How the sender hands it over and the receiver gets it (SPEC §3 HANDOVER_TYPES). */
  transferType: string | null;
  receivingType: string | null;
  /** The parcel locker or post office the sender chose for the hand-over, when one was chosen. */
  handOverPlace: NetworkPlace | null;
  /** The parcel locker or post office the receiver collects from, when one was chosen. */
  deliveryPlace: NetworkPlace | null;
  receiverCity: string | null;
  /** Code of the newest scan that moved the shipment (flagged scans do not count); null before the first. */
  lastEventCode: string | null;
  /** How many scans moved it so far. */
  eventCount: number;
}

export async function shipmentsInProgress(
  orm: Orm,
  { number, limit = 100 }: { number?: string; limit?: number },
): Promise<ShipmentInProgress[]> {
  const lines = await orm
    .select({
      number: orderLines.barcode,
      status: orderLines.status,
      attributes: orderLines.attributes,
      receiver: orderLines.receiver,
      countryCode: orderLines.countryCode,
      shipmentType: workFlows.shipmentType,
      transferType: workFlows.transferType,
      receivingType: workFlows.receivingType,
    })
    .from(orderLines)
    .leftJoin(workFlows, eq(workFlows.id, orderLines.workFlowId))
    .where(
      and(
        number === undefined ? isNotNull(orderLines.barcode) : eq(orderLines.barcode, number),
        inArray(orderLines.status, [...IN_PROGRESS_STATUSES]),
      ),
    )
    .orderBy(asc(orderLines.id))
    .limit(Math.min(limit, MAX_IN_PROGRESS));
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
    placeIds.length
      ? orm
          .select({
            id: serviceLocations.id,
            name: serviceLocations.name,
            countryCode: serviceLocations.countryCode,
            city: serviceLocations.city,
          })
          .from(serviceLocations)
          .where(inArray(serviceLocations.id, placeIds))
      : Promise.resolve([]),
    orm
      .select({ number: trackingEvents.shipmentNumber, code: trackingEvents.code })
      .from(trackingEvents)
      .where(and(inArray(trackingEvents.shipmentNumber, numbers), isNull(trackingEvents.violation)))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id)),
  ]);
  const placeOf = new Map(places.map((place) => [place.id, place]));
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
