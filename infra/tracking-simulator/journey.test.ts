import { nextScan, type ShipmentInProgress } from './journey';

const now = new Date('2026-11-23T08:00:00Z');
const base: ShipmentInProgress = {
  number: 'CC000000017LV',
  status: 'paid',
  shipmentType: 'parcel',
  destinationCountryCode: 'LV',
  transferType: 'parcelMachine',
  receivingType: 'parcelMachine',
  handOverPlace: { id: 'lv-locker-1', name: 'Pakomāts Origo', countryCode: 'LV', city: 'Rīga' },
  deliveryPlace: { id: 'lv-locker-2', name: 'Pakomāts Cēsis', countryCode: 'LV', city: 'Cēsis' },
  receiverCity: 'Cēsis',
  lastEventCode: null,
  eventCount: 0,
};

/** Follows the journey to its end, as the API would report the shipment after each scan. */
function journey(shipment: ShipmentInProgress) {
  const scans = [];
  let current = shipment;
  for (let step = 0; step < 10; step++) {
    const scan = nextScan(current, now);
    if (!scan) break;
    scans.push(scan);
    current = { ...current, lastEventCode: scan.code, eventCount: current.eventCount + 1 };
  }
  return scans;
}

describe('nextScan', () => {
  it('takes a parcel from locker to locker within Latvia', () => {
    const scans = journey(base);
    expect(scans.map((scan) => scan.code)).toEqual([
      'ACCEPTED_PARCEL_LOCKER',
      'SORTED',
      'IN_TRANSIT',
      'READY_FOR_PICK_UP',
      'DELIVERED',
    ]);
    expect(scans[0]?.location).toEqual({ name: 'Pakomāts Origo', countryCode: 'LV', serviceLocationId: 'lv-locker-1' });
    expect(scans[1]?.location.name).toBe('Rīgas šķirošanas centrs');
    expect(scans[3]?.location).toEqual({ name: 'Pakomāts Cēsis', countryCode: 'LV', serviceLocationId: 'lv-locker-2' });
    expect(scans[0]).toMatchObject({
      eventId: 'sim-CC000000017LV-1-ACCEPTED_PARCEL_LOCKER',
      occurredAt: now.toISOString(),
    });
    expect(new Set(scans.map((scan) => scan.eventId)).size).toBe(scans.length);
  });

  it('sends a shipment abroad and has the courier deliver it there', () => {
    const scans = journey({
      ...base,
      destinationCountryCode: 'DE',
      transferType: 'postOffice',
      receivingType: 'atReceiverAddress',
      handOverPlace: null,
      deliveryPlace: null,
      receiverCity: 'Berlin',
    });
    expect(scans.map((scan) => [scan.code, scan.location.countryCode])).toEqual([
      ['ACCEPTED_POST_OFFICE', 'LV'],
      ['SORTED', 'LV'],
      ['DISPATCHED_ABROAD', 'LV'],
      ['ARRIVED_IN_DESTINATION_COUNTRY', 'DE'],
      ['OUT_FOR_DELIVERY', 'DE'],
      ['DELIVERED', 'DE'],
    ]);
    expect(scans[3]?.location.name).toBe('Exchange office, Germany');
    expect(scans[4]?.location.name).toBe('Berlin');
  });

  it('starts a courier pick-up with the courier and a letter at a post office', () => {
    expect(nextScan({ ...base, transferType: 'courier' }, now)?.code).toBe('PICKED_UP_BY_COURIER');
    const letter = { ...base, shipmentType: 'letter', transferType: null, receivingType: null };
    expect(nextScan(letter, now)?.code).toBe('ACCEPTED_POST_OFFICE');
    expect(nextScan({ ...letter, lastEventCode: 'IN_TRANSIT', eventCount: 3 }, now)?.code).toBe('OUT_FOR_DELIVERY');
  });

  it('resumes a held shipment at sorting and stops at the end of the journey', () => {
    expect(nextScan({ ...base, lastEventCode: 'ON_HOLD', eventCount: 2 }, now)?.code).toBe('SORTED');
    expect(nextScan({ ...base, lastEventCode: 'DELIVERED', eventCount: 5 }, now)).toBeNull();
    expect(nextScan({ ...base, lastEventCode: 'RETURNED_TO_SENDER', eventCount: 3 }, now)).toBeNull();
  });
});
