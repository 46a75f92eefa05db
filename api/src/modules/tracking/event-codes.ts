import type { Locale } from '@portal/shared-contracts';
import type { OrderLineStatus } from '@portal/shared-contracts/orders';

/**
 * The scan events the operator's sorting and delivery systems post (issue 6). Each code moves the
 * shipment to one status of the transition table (status-machine.ts) and has the sentence the
 * tracking timeline shows, in both interface languages. Several codes can share a status: the
 * customer sees "Ready for pick-up in the parcel locker" and "Out for delivery with the courier"
 * although both are `releasedForDelivery`.
 */
export interface TrackingEventCode {
  status: OrderLineStatus;
  text: Record<Locale, string>;
}

export const TRACKING_EVENT_CODES = {
  REGISTERED: {
    status: 'created',
    text: { en: 'Shipment data received by the post', lv: 'Pasts saņēmis sūtījuma datus' },
  },
  ACCEPTED_PARCEL_LOCKER: {
    status: 'transferred',
    text: { en: 'Accepted at a parcel locker', lv: 'Pieņemts pakomātā' },
  },
  ACCEPTED_POST_OFFICE: {
    status: 'transferred',
    text: { en: 'Accepted at a post office', lv: 'Pieņemts pasta nodaļā' },
  },
  PICKED_UP_BY_COURIER: {
    status: 'transferred',
    text: { en: 'Picked up by the courier', lv: 'Kurjers paņēmis sūtījumu' },
  },
  ACCEPTED_IN_BULK: {
    status: 'transferredInBulk',
    text: { en: 'Accepted with a bulk hand-over', lv: 'Pieņemts kopā ar citiem sūtījumiem' },
  },
  SORTED: {
    status: 'processed',
    text: { en: 'Sorted at a sorting centre', lv: 'Apstrādāts šķirošanas centrā' },
  },
  IN_TRANSIT: {
    status: 'sent',
    text: { en: 'In transit', lv: 'Ceļā' },
  },
  DISPATCHED_ABROAD: {
    status: 'sentAbroad',
    text: { en: 'Sent to the destination country', lv: 'Nosūtīts uz galamērķa valsti' },
  },
  ARRIVED_IN_DESTINATION_COUNTRY: {
    status: 'sentAbroad',
    text: { en: 'Arrived in the destination country', lv: 'Ieradies galamērķa valstī' },
  },
  OUT_FOR_DELIVERY: {
    status: 'releasedForDelivery',
    text: { en: 'Out for delivery with the courier', lv: 'Kurjers ved sūtījumu saņēmējam' },
  },
  READY_FOR_PICK_UP: {
    status: 'releasedForDelivery',
    text: { en: 'Ready for pick-up', lv: 'Gaida saņēmēju' },
  },
  DELIVERED: {
    status: 'delivered',
    text: { en: 'Delivered', lv: 'Piegādāts' },
  },
  ON_HOLD: {
    status: 'onHold',
    text: { en: 'Held: being clarified', lv: 'Aizturēts: tiek precizēts' },
  },
  RETURNED_TO_SENDER: {
    status: 'returned',
    text: { en: 'Returned to the sender', lv: 'Atgriezts sūtītājam' },
  },
} as const satisfies Record<string, TrackingEventCode>;

export type TrackingEventCodeName = keyof typeof TRACKING_EVENT_CODES;

export const TRACKING_EVENT_CODE_NAMES = Object.keys(TRACKING_EVENT_CODES) as TrackingEventCodeName[];

export function isTrackingEventCode(code: string): code is TrackingEventCodeName {
  return Object.hasOwn(TRACKING_EVENT_CODES, code);
}

export function describeEvent(code: TrackingEventCodeName, locale: Locale): string {
  return TRACKING_EVENT_CODES[code].text[locale];
}
