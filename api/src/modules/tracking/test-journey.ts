import type { ShipmentInProgress } from '@portal/shared-contracts/tracking';

// The journey of a test-mode order's shipment (issue 38): what `POST /api/test_helpers/orders/{key}/advance`
// scans next, so that an integrator sees every status and webhook event a real shipment goes
// through before going live. Accepted where the sender hands it over, sorted, in transit (or
// dispatched abroad and arrived), ready for pick-up or out for delivery, delivered.

/** The `source` of the test helper's scans (tracking_events.source). */
export const TEST_HELPER_SOURCE = 'test-helper';

const SORTING_CENTRE = { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' };
const ACCEPTED = new Set([
  'ACCEPTED_PARCEL_LOCKER',
  'ACCEPTED_POST_OFFICE',
  'PICKED_UP_BY_COURIER',
  'ACCEPTED_IN_BULK',
]);
const RELEASED = new Set(['READY_FOR_PICK_UP', 'OUT_FOR_DELIVERY']);
const COLLECTED = new Set(['parcelMachine', 'parcelMachinePostOffice', 'postOffice']);

export interface TestScan {
  eventId: string;
  shipmentNumber: string;
  code: string;
  occurredAt: string;
  location: { name: string; countryCode: string };
}

function nextCode(shipment: ShipmentInProgress): { code: string; location: TestScan['location'] } | null {
  const last = shipment.lastEventCode;
  const destination = { name: shipment.receiverCity ?? 'Rīga', countryCode: shipment.destinationCountryCode };
  if (last === null || last === 'REGISTERED') {
    const code =
      shipment.transferType === 'courier'
        ? 'PICKED_UP_BY_COURIER'
        : shipment.transferType?.startsWith('parcelMachine')
          ? 'ACCEPTED_PARCEL_LOCKER'
          : 'ACCEPTED_POST_OFFICE';
    return { code, location: { name: shipment.handOverPlace?.name ?? 'Rīga', countryCode: 'LV' } };
  }
  if (ACCEPTED.has(last) || last === 'ON_HOLD') return { code: 'SORTED', location: SORTING_CENTRE };
  if (last === 'SORTED') {
    return {
      code: shipment.destinationCountryCode === 'LV' ? 'IN_TRANSIT' : 'DISPATCHED_ABROAD',
      location: SORTING_CENTRE,
    };
  }
  if (last === 'DISPATCHED_ABROAD') return { code: 'ARRIVED_IN_DESTINATION_COUNTRY', location: destination };
  if (last === 'IN_TRANSIT' || last === 'ARRIVED_IN_DESTINATION_COUNTRY') {
    const collected = shipment.receivingType !== null && COLLECTED.has(shipment.receivingType);
    return {
      code: collected ? 'READY_FOR_PICK_UP' : 'OUT_FOR_DELIVERY',
      location: shipment.deliveryPlace ? { ...shipment.deliveryPlace } : destination,
    };
  }
  if (RELEASED.has(last)) return { code: 'DELIVERED', location: destination };
  return null;
}

/** The shipment's next scan, or null once it is delivered. */
export function nextTestScan(shipment: ShipmentInProgress, now: Date): TestScan | null {
  const next = nextCode(shipment);
  if (!next) return null;
  return {
    // Named by the shipment and its step: the same step asked twice at once is one event.
    eventId: `test-${shipment.number}-${shipment.eventCount + 1}-${next.code}`,
    shipmentNumber: shipment.number,
    code: next.code,
    occurredAt: now.toISOString(),
    location: { name: next.location.name, countryCode: next.location.countryCode },
  };
}
