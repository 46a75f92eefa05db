import type { NetworkPlace, ShipmentInProgress } from '@portal/shared-contracts/tracking';

/**
 * The journey the development simulator moves a shipment along (issue 6), one scan per step, as
 * the operator's network would scan it: accepted where the sender handed it over (by the order's
 * transfer type), sorted at the Rīga sorting centre, in transit within Latvia (or sent abroad and
 * arrived in the destination country), ready for pick-up at the receiving parcel locker or post
 * office (or out for delivery with the courier or postman), delivered. Pure: the shipment as the
 * API's pre-advice describes it (`GET /api/tracking/in-progress`) in, the next scan out.
 */

export type { NetworkPlace, ShipmentInProgress };

/** One row of `POST /api/tracking/events` (api/src/modules/tracking/ingest-model.ts). */
export interface ScanEvent {
  eventId: string;
  shipmentNumber: string;
  code: string;
  occurredAt: string;
  location: { name: string; countryCode: string; serviceLocationId?: string };
}

export const SORTING_CENTRE = 'Rīgas šķirošanas centrs';
export const EXCHANGE_OFFICE_RIGA = 'Rīgas starptautiskā pasta apmaiņas vieta';

const ACCEPTANCE_CODES = new Set([
  'ACCEPTED_PARCEL_LOCKER',
  'ACCEPTED_POST_OFFICE',
  'PICKED_UP_BY_COURIER',
  'ACCEPTED_IN_BULK',
  // A held shipment goes back through the sorting centre once it is cleared.
  'ON_HOLD',
]);
const RELEASE_CODES = new Set(['READY_FOR_PICK_UP', 'OUT_FOR_DELIVERY']);
/** Receiving types where the receiver collects the shipment rather than getting it at the door. */
const COLLECTED = new Set(['parcelMachine', 'parcelMachinePostOffice', 'postOffice']);

type Location = ScanEvent['location'];

const atPlace = (place: NetworkPlace | null, fallback: string, countryCode = 'LV'): Location =>
  place
    ? { name: place.name, countryCode: place.countryCode, serviceLocationId: place.id }
    : { name: fallback, countryCode };

/** Where the sender handed it over: the chosen parcel locker or post office, or the courier's pick-up. */
function acceptance(shipment: ShipmentInProgress): { code: string; location: Location } {
  switch (shipment.transferType) {
    case 'parcelMachine':
    case 'parcelMachinePostOffice':
      return { code: 'ACCEPTED_PARCEL_LOCKER', location: atPlace(shipment.handOverPlace, 'Pakomāts, Rīga') };
    case 'courier':
      return { code: 'PICKED_UP_BY_COURIER', location: atPlace(shipment.handOverPlace, 'Rīga') };
    default:
      return { code: 'ACCEPTED_POST_OFFICE', location: atPlace(shipment.handOverPlace, 'Rīgas Centrālā pasta nodaļa') };
  }
}

/** Handed to the receiver's parcel locker or post office, or to the courier (postman) for the door. */
function release(shipment: ShipmentInProgress): { code: string; location: Location } {
  const country = shipment.destinationCountryCode;
  const city = shipment.receiverCity ?? (country === 'LV' ? 'Rīga' : countryName(country));
  if (shipment.receivingType && COLLECTED.has(shipment.receivingType)) {
    return { code: 'READY_FOR_PICK_UP', location: atPlace(shipment.deliveryPlace, city, country) };
  }
  return { code: 'OUT_FOR_DELIVERY', location: { name: city, countryCode: country } };
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The next scan of this shipment, or null when its journey is over (or off the simulated path). */
export function nextScan(shipment: ShipmentInProgress, now: Date): ScanEvent | null {
  const abroad = shipment.destinationCountryCode !== 'LV';
  const last = shipment.lastEventCode;
  let step: { code: string; location: Location } | null;
  if (last === null || last === 'REGISTERED') step = acceptance(shipment);
  else if (ACCEPTANCE_CODES.has(last)) step = { code: 'SORTED', location: { name: SORTING_CENTRE, countryCode: 'LV' } };
  else if (last === 'SORTED')
    step = abroad
      ? { code: 'DISPATCHED_ABROAD', location: { name: EXCHANGE_OFFICE_RIGA, countryCode: 'LV' } }
      : // Scanned as the truck leaves the sorting centre for the receiver's region.
        { code: 'IN_TRANSIT', location: { name: SORTING_CENTRE, countryCode: 'LV' } };
  else if (last === 'DISPATCHED_ABROAD')
    step = {
      code: 'ARRIVED_IN_DESTINATION_COUNTRY',
      location: {
        name: `Exchange office, ${countryName(shipment.destinationCountryCode)}`,
        countryCode: shipment.destinationCountryCode,
      },
    };
  else if (last === 'IN_TRANSIT' || last === 'ARRIVED_IN_DESTINATION_COUNTRY') step = release(shipment);
  else if (RELEASE_CODES.has(last)) step = { ...release(shipment), code: 'DELIVERED' };
  else step = null; // DELIVERED, RETURNED_TO_SENDER or a code the simulator does not follow
  if (!step) return null;
  return {
    // Named by the shipment and its step: a step posted twice (two simulators, a retry) is one event.
    eventId: `sim-${shipment.number}-${shipment.eventCount + 1}-${step.code}`,
    shipmentNumber: shipment.number,
    code: step.code,
    occurredAt: now.toISOString(),
    location: step.location,
  };
}
