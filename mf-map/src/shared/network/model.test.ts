import {
  boundsOfPlace,
  boundsOfResults,
  decodeNetwork,
  filterMarkers,
  nearestMarkers,
  type Place,
  placeLabel,
  scheduleLines,
  searchableQuery,
  searchTarget,
  toApiQuery,
  typesForReceivingOption,
  weekdayName,
} from './model';

const network = decodeNetwork({
  types: ['parcelLocker', 'postOffice'],
  operators: ['DPD', 'Latvijas Pasts', 'Omniva'],
  ownOperators: ['Latvijas Pasts'],
  pickUpOnly: ['unisend-2'],
  countries: ['EE', 'LT', 'LV'],
  ownNetworkPartial: true,
  markers: [
    ['omniva-1', 1, 2, 0, 58.1, 25.3],
    ['unisend-2', 0, 1, 2, 56.9, 24.1],
    ['dpd-LT1', 0, 0, 1, 54.7, 25.3],
  ],
  tiles: null,
});

describe('the map model', () => {
  it('decodes the compact markers and lists the own network first', () => {
    expect(network.operators).toEqual(['Latvijas Pasts', 'DPD', 'Omniva']);
    expect(network.markers[1]).toEqual({
      id: 'unisend-2',
      type: 'parcelLocker',
      operator: 'Latvijas Pasts',
      countryCode: 'LV',
      ownNetwork: true,
      pickUpOnly: true,
      latitude: 56.9,
      longitude: 24.1,
    });
  });

  it('filters by country, type and operator', () => {
    const ids = (filter: Parameters<typeof filterMarkers>[1]) =>
      filterMarkers(network.markers, filter).map((m) => m.id);
    expect(ids({ countries: [], types: [], operators: [] })).toHaveLength(3);
    expect(ids({ countries: ['EE'], types: [], operators: [] })).toEqual(['omniva-1']);
    expect(ids({ countries: [], types: ['parcelLocker'], operators: [] })).toEqual(['unisend-2', 'dpd-LT1']);
    expect(ids({ countries: ['LV', 'LT'], types: ['parcelLocker'], operators: ['DPD'] })).toEqual(['dpd-LT1']);
  });

  it('leaves out pick-up-only places for a hand-over (issue 40)', () => {
    const ids = (filter: Parameters<typeof filterMarkers>[1]) =>
      filterMarkers(network.markers, filter).map((m) => m.id);
    const ownLockers = { countries: [], types: ['parcelLocker' as const], operators: ['Latvijas Pasts'] };
    expect(ids(ownLockers)).toEqual(['unisend-2']);
    expect(ids({ ...ownLockers, withoutPickUpOnly: true })).toEqual([]);
    expect(toApiQuery({ ...ownLockers, withoutPickUpOnly: true })).toMatchObject({
      operator: 'Latvijas Pasts',
      pickUpOnly: 'false',
    });
  });

  it('maps receiving options to the places they allow', () => {
    expect(typesForReceivingOption('parcelMachine')).toEqual(['parcelLocker']);
    expect(typesForReceivingOption('postOffice')).toEqual(['postOffice']);
    expect(typesForReceivingOption('parcelMachinePostOffice')).toEqual(['parcelLocker', 'postOffice']);
    expect(typesForReceivingOption('courier')).toEqual([]);
  });

  it('groups equal consecutive days', () => {
    const open = [{ from: '09:00', to: '17:00' }];
    const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: day <= 5 ? open : [] }));
    expect(scheduleLines({ days })).toEqual([
      { firstDay: 1, lastDay: 5, ranges: open, aroundTheClock: false },
      { firstDay: 6, lastDay: 7, ranges: [], aroundTheClock: false },
    ]);
  });

  it('names weekdays in the visitor language', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'lv').toLowerCase()).toBe('svētdiena');
  });

  it('searches only what the API accepts', () => {
    expect(searchableQuery(' R ')).toBeNull();
    expect(searchableQuery('--')).toBeNull();
    expect(searchableQuery(' Rīga ')).toBe('Rīga');
    expect(searchableQuery('a'.repeat(500))).toHaveLength(100);
  });

  it('frames a search on its best results (issue 40)', () => {
    const riga = { latitude: 56.95, longitude: 24.1 };
    const found = [riga, { latitude: 56.97, longitude: 24.05 }, { latitude: 57.4, longitude: 24.4 }];
    expect(boundsOfResults(found, 2)).toEqual([
      [56.95, 24.05],
      [56.97, 24.1],
    ]);
    expect(boundsOfResults([])).toBeNull();
  });

  it('finds the nearest markers', () => {
    expect(nearestMarkers(network.markers, 56.95, 24.1, 1).map((m) => m.id)).toEqual(['unisend-2']);
  });
});

describe('where a search moves the map (issue 40 item 3)', () => {
  const parish: Place = {
    '@type': 'Place',
    id: 'parish:Seces pag.:Aizkraukles nov.',
    kind: 'parish',
    name: 'Seces pag.',
    area: 'Aizkraukles nov.',
    postCodes: ['LV-5124'],
    latitude: 56.6114,
    longitude: 25.3608,
  };

  it('says whether the own network is only partly loaded', () => {
    expect(network.ownNetworkPartial).toBe(true);
  });

  it('frames the network places a search found, whatever the gazetteer says', () => {
    const found = [
      { latitude: 56.9, longitude: 24.1 },
      { latitude: 56.95, longitude: 24.2 },
    ];
    expect(searchTarget(found, [parish])).toEqual({
      kind: 'results',
      bounds: [
        [56.9, 24.1],
        [56.95, 24.2],
      ],
    });
  });

  it('moves to the best place of the gazetteer when no network place matches, and waits for both answers', () => {
    const target = searchTarget([], [parish]);
    expect(target).toMatchObject({ kind: 'place', place: parish });
    const [[south, west], [north, east]] = target!.bounds;
    expect((south + north) / 2).toBeCloseTo(56.6114, 6);
    expect((west + east) / 2).toBeCloseTo(25.3608, 6);
    expect(searchTarget(undefined, [parish])).toBeNull();
    expect(searchTarget([], undefined)).toBeNull();
    expect(searchTarget([], [])).toBeNull();
  });

  it('shows a parish wider than a post code, about as wide as high on the ground', () => {
    const span = (place: Pick<Place, 'kind' | 'latitude' | 'longitude'>) => {
      const [[south, west], [north, east]] = boundsOfPlace(place);
      return { height: north - south, width: (east - west) * Math.cos((place.latitude * Math.PI) / 180) };
    };
    const wide = span(parish);
    const small = span({ ...parish, kind: 'postCode' });
    expect(wide.height).toBeGreaterThan(small.height * 3);
    expect(wide.width).toBeCloseTo(wide.height, 6);
  });

  it('labels a place with the areas it lies in', () => {
    expect(placeLabel(parish)).toBe('Seces pag. · Aizkraukles nov.');
    expect(placeLabel({ name: 'Ogres nov.', area: '' })).toBe('Ogres nov.');
  });
});
