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
