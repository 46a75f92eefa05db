// Tracking answers (issue 6): what `GET /api/tracking/{number}` and its public twin return, shared
// by the API that writes them and the tracking page and card that read them. Types only: the API
// is the authority on their content, so the browser does not pay for a schema it would not use.
import type { OrderLineStatus } from '../orders/constants';

export type { OrderLineStatus } from '../orders/constants';

/** Businesses may look up this many numbers in one call (`GET /api/tracking?numbers=A,B,...`). */
export const MAX_TRACKING_NUMBERS = 10;

/** The placeholder of the tracking field (SPEC §2): the shape of a number, not a real one. */
export const TRACKING_NUMBER_PLACEHOLDER = 'AB00000000LV';

export interface TrackingPlace {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  address?: string | null;
}

/** One step of the shipment's journey, as the timeline shows it. */
export interface TrackingEventView {
  /** Stable id of the stored event. */
  id: string;
  /** Event code of the operator's systems (`SORTED`, `READY_FOR_PICK_UP`...). */
  code: string;
  status: OrderLineStatus;
  /** The sentence in the caller's language (accept-language lv or en). */
  text: string;
  /** ISO date-time of the scan. */
  occurredAt: string;
  place: TrackingPlace | null;
  note: string | null;
}

export interface TrackingAnswer {
  '@id': string;
  '@type': 'Tracking';
  number: string;
  status: OrderLineStatus;
  /** When the status last changed (ISO date-time). */
  statusDate: string;
  shipmentType: 'letter' | 'parcel';
  /** Where the shipment goes: the receiver's country. */
  destinationCountryCode: string;
  /** DB date (YYYY-MM-DD) of the expected delivery; null when delivered or not known. */
  expectedDelivery: string | null;
  /** The parcel locker or post office where the receiver collects it, when there is one. */
  deliveryPlace: TrackingPlace | null;
  /** Newest first. */
  events: TrackingEventView[];
}

/**
 * `GET /api/tracking/in-progress` (a token with `tracking:ingest`): paid shipments not yet
 * delivered or returned, as the network's systems (and the development simulator) read them.
 */
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
