// Tracking answers (issue 6): what `GET /api/tracking/{number}` and its public twin return, shared
// by the API that writes them (and documents them with these schemas) and the tracking page and
// card that read them (their types). zod/mini, as the other shared entries, so that the browser's
// copy stays small.
import * as z from 'zod/mini';
import { ORDER_LINE_STATUSES } from '../orders/constants';

export type { OrderLineStatus } from '../orders/constants';

/** Businesses may look up this many numbers in one call (`GET /api/tracking?numbers=A,B,...`). */
export const MAX_TRACKING_NUMBERS = 10;

/** The placeholder of the tracking field (SPEC §2): the shape of a number, not a real one. */
export const TRACKING_NUMBER_PLACEHOLDER = 'AB00000000LV';

export const trackingPlaceSchema = z.object({
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  address: z.optional(z.nullable(z.string())),
});
export type TrackingPlace = z.infer<typeof trackingPlaceSchema>;

const orderLineStatus = z.enum(ORDER_LINE_STATUSES);

/** One step of the shipment's journey, as the timeline shows it. */
export const trackingEventViewSchema = z.object({
  /** Stable id of the stored event. */
  id: z.string(),
  /** Event code of the operator's systems (`SORTED`, `READY_FOR_PICK_UP`...). */
  code: z.string(),
  status: orderLineStatus,
  /** The sentence in the caller's language (accept-language lv or en). */
  text: z.string(),
  /** ISO date-time of the scan. */
  occurredAt: z.string(),
  place: z.nullable(trackingPlaceSchema),
  note: z.nullable(z.string()),
});
export type TrackingEventView = z.infer<typeof trackingEventViewSchema>;

export const trackingAnswerSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Tracking'),
  number: z.string(),
  status: orderLineStatus,
  /** When the status last changed (ISO date-time). */
  statusDate: z.string(),
  shipmentType: z.enum(['letter', 'parcel']),
  /** Where the shipment goes: the receiver's country. */
  destinationCountryCode: z.string(),
  /** DB date (YYYY-MM-DD) of the expected delivery; null when delivered or not known. */
  expectedDelivery: z.nullable(z.string()),
  /** The parcel locker or post office where the receiver collects it, when there is one. */
  deliveryPlace: z.nullable(trackingPlaceSchema),
  /**
   * The S10 number of the shipment's prepaid return once its label was made (issue 40: "a return
   * label was made"), else null; optional for answers stored before returns.
   */
  returnBarcode: z.optional(z.nullable(z.string())),
  /**
   * When the number is a prepaid return's own (issue 40): the number of the shipment it returns,
   * else null. The return's answer shows only its own status and scans; optional as `returnBarcode`.
   */
  returnOf: z.optional(z.nullable(z.string())),
  /** Newest first. */
  events: z.array(trackingEventViewSchema),
});
export type TrackingAnswer = z.infer<typeof trackingAnswerSchema>;

/**
 * `GET /api/tracking/in-progress` (a token with `tracking:ingest`): paid shipments not yet
 * delivered or returned, as the network's systems (and the development simulator) read them.
 */
export const networkPlaceSchema = z.object({
  /** Service location id (post office or parcel locker). */
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  city: z.string(),
});
export type NetworkPlace = z.infer<typeof networkPlaceSchema>;

export const shipmentInProgressSchema = z.object({
  number: z.string(),
  status: orderLineStatus,
  shipmentType: z.nullable(z.string()),
  destinationCountryCode: z.string(),
  /** How the sender hands it over and the receiver gets it (SPEC §3 HANDOVER_TYPES). */
  transferType: z.nullable(z.string()),
  receivingType: z.nullable(z.string()),
  /** The parcel locker or post office the sender chose for the hand-over, when one was chosen. */
  handOverPlace: z.nullable(networkPlaceSchema),
  /** The parcel locker or post office the receiver collects from, when one was chosen. */
  deliveryPlace: z.nullable(networkPlaceSchema),
  receiverCity: z.nullable(z.string()),
  /** Code of the newest scan that moved the shipment (flagged scans do not count); null before the first. */
  lastEventCode: z.nullable(z.string()),
  /** How many scans moved it so far. */
  eventCount: z.int(),
});
export type ShipmentInProgress = z.infer<typeof shipmentInProgressSchema>;
