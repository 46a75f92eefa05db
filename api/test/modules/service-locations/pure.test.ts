import { parseBoundingBox, parsePoint } from '../../../src/modules/service-locations/bounding-box';
import { isPickUpOnly } from '../../../src/modules/service-locations/classify';
import { buildMarkersPayload, isOwnNetworkPartial } from '../../../src/modules/service-locations/markers';
import { parseOpeningHours } from '../../../src/modules/service-locations/opening-hours';
import {
  locationSearchText,
  normalizeSearchText,
  searchTokens,
} from '../../../src/modules/service-locations/search-text';

describe('normalizeSearchText', () => {
  it.each([
    ['Rīga', 'riga'],
    ['Ķekava, Šķirotava', 'kekava skirotava'],
    ['Pärnu mnt 13', 'parnu mnt 13'],
    ['Panevėžys', 'panevezys'],
    ['Kõrveküla', 'korvekula'],
    ['LV-1082', 'lv 1082'],
    ['  --  ', ''],
  ])('%s → %s', (text, expected) => expect(normalizeSearchText(text)).toBe(expected));

  it('finds "Rīga" and "Riga" alike', () => {
    const text = locationSearchText({ name: 'Rimi', address: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' });
    expect(searchTokens('Riga').every((token) => text.includes(token))).toBe(true);
    expect(searchTokens('RĪGA').every((token) => text.includes(token))).toBe(true);
  });

  it('keeps distinct words, at most eight', () => {
    expect(searchTokens('a a b')).toEqual(['a', 'b']);
    expect(searchTokens('1 2 3 4 5 6 7 8 9 10')).toHaveLength(8);
  });
});

describe('parseBoundingBox', () => {
  it('reads minLongitude,minLatitude,maxLongitude,maxLatitude', () => {
    expect(parseBoundingBox('20.9,55.6,28.3,58.1')).toEqual({
      ok: true,
      box: { minLongitude: 20.9, minLatitude: 55.6, maxLongitude: 28.3, maxLatitude: 58.1 },
    });
  });

  it.each([
    ['inverted latitudes', '20,58,28,55'],
    ['inverted longitudes', '28,55,20,58'],
    ['latitude off the globe', '20,-91,28,58'],
    ['longitude off the globe', '-181,55,28,58'],
    ['three numbers', '20,55,28'],
    ['not numbers', 'a,b,c,d'],
    ['exponent notation', '1e3,55,28,58'],
    ['Infinity', 'Infinity,55,28,58'],
    ['empty', ''],
  ])('refuses %s', (_case, value) => expect(parseBoundingBox(value).ok).toBe(false));

  it('reads a point and refuses a bad one', () => {
    expect(parsePoint('56.95,24.1')).toEqual({ latitude: 56.95, longitude: 24.1 });
    expect(parsePoint('95,24')).toBeNull();
    expect(parsePoint('56')).toBeNull();
  });
});

describe('parseOpeningHours', () => {
  const week = (ranges: { from: string; to: string }[][]) =>
    ranges.map((day, index) => ({ day: index + 1, ranges: day }));
  const h = (from: string, to: string) => [{ from, to }];
  const allDay = h('00:00', '24:00');

  it('reads Omniva post-office hours with closed days and the wheelchair note', () => {
    expect(parseOpeningHours('E,T,K,N,R 09:00-17:00 L 10:00-14:00 P SULETUD;Ligipääs ratastooliga')).toEqual({
      days: week([...Array(5).fill(h('09:00', '17:00')), h('10:00', '14:00'), []]),
      wheelchairAccess: true,
    });
  });

  it('reads split days', () => {
    const schedule = parseOpeningHours('T,K,N,R 09:00-12:00, 13:00-17:00 L 10:00-14:00 E,P SULETUD');
    expect(schedule?.days[1]?.ranges).toEqual([...h('09:00', '12:00'), ...h('13:00', '17:00')]);
    expect(schedule?.days[0]?.ranges).toEqual([]);
  });

  it('reads Itella ranges of days', () => {
    expect(parseOpeningHours('E-L9:00-21:00,P10:00-20:00')?.days).toEqual(
      week([...Array(6).fill(h('09:00', '21:00')), h('10:00', '20:00')]),
    );
  });

  it.each(['I-VII: 00-24 h', '00:24 h', '0:24 H', '00-24h', '24h', 'I - VII 0:24 h', ' 00-24 h'])(
    'reads "%s" as around the clock',
    (text) => expect(parseOpeningHours(text)?.days).toEqual(week(Array(7).fill(allDay))),
  );

  it('reads Roman numerals with two groups and dotted times', () => {
    expect(parseOpeningHours('I-VI 08-22 h; VII 09-22 h')?.days).toEqual(
      week([...Array(6).fill(h('08:00', '22:00')), h('09:00', '22:00')]),
    );
    expect(parseOpeningHours('I-VII: 8.00-22.00 h')?.days[0]?.ranges).toEqual(h('08:00', '22:00'));
  });

  it('reads the DPD English form', () => {
    const text =
      'Mon 08:00-20:00; Tue 08:00-20:00; Wed 08:00-20:00; Thu 08:00-20:00; Fri 08:00-20:00; Sat 00:01-23:59; Sun closed';
    expect(parseOpeningHours(text)?.days).toEqual(week([...Array(5).fill(h('08:00', '20:00')), allDay, []]));
  });

  it.each([
    null,
    '',
    '10:00',
    'P SULETUD;Alates 18.11.2024 E,T,K,N,R 10:00-19:00',
    'E-R6:00-1:00,L6:00-21:00,P7:30-1:00',
    'E 09:00-17:00',
  ])('gives null for what it cannot read fully: %s', (text) => expect(parseOpeningHours(text)).toBeNull());
});

describe('buildMarkersPayload', () => {
  it('indexes types, operators and countries, lists pick-up-only places and rounds coordinates to 5 decimals', () => {
    const payload = buildMarkersPayload([
      {
        id: 'omniva-1',
        countryCode: 'EE',
        type: 'parcelLocker',
        operator: 'Omniva',
        ownNetwork: false,
        pickUpOnly: false,
        latitude: 59.4303184,
        longitude: 24.7933736,
        source: 'ErgEnn/ParcelMap@1b0b3b07c18b:omniva.js',
      },
      {
        id: 'unisend-2',
        countryCode: 'LV',
        type: 'parcelLocker',
        operator: 'Latvijas Pasts',
        ownNetwork: true,
        pickUpOnly: true,
        latitude: 56.9,
        longitude: 24.1,
        source: 'ErgEnn/ParcelMap@1b0b3b07c18b:unisend.js',
      },
    ]);
    expect(payload).toEqual({
      types: ['parcelLocker', 'postOffice'],
      operators: ['Latvijas Pasts', 'Omniva'],
      ownOperators: ['Latvijas Pasts'],
      countries: ['EE', 'LV'],
      pickUpOnly: ['unisend-2'],
      ownNetworkPartial: true,
      markers: [
        ['omniva-1', 0, 1, 0, 59.43032, 24.79337],
        ['unisend-2', 0, 0, 1, 56.9, 24.1],
      ],
    });
  });
});

describe('isOwnNetworkPartial (the map\'s "only part of the network" notice)', () => {
  const place = (id: string, type: string, ownNetwork: boolean, source: string) => ({
    id,
    countryCode: 'LV',
    type,
    operator: ownNetwork ? 'Latvijas Pasts' : 'DPD',
    ownNetwork,
    pickUpOnly: false,
    latitude: 56.9,
    longitude: 24.1,
    source,
  });
  const bundled = place('unisend-1', 'postOffice', true, 'ErgEnn/ParcelMap@1b0b3b07c18b:unisend.js');

  it('holds while the own post offices are only those of the bundled snapshot or the back office', () => {
    expect(isOwnNetworkPartial([bundled])).toBe(true);
    expect(isOwnNetworkPartial([bundled, place('admin-x1', 'postOffice', true, 'back office: a@b.lv')])).toBe(true);
    // Another carrier's import, or the operator's own lockers, say nothing of its post offices.
    expect(isOwnNetworkPartial([bundled, place('dpd-1', 'postOffice', false, 'https://dpd.example/list')])).toBe(true);
    expect(isOwnNetworkPartial([bundled, place('lvpasts-7', 'parcelLocker', true, 'file.json')])).toBe(true);
  });

  it("ends once a post office of the own network came from the operator's feed or a file", () => {
    const synced = place('lvpasts-1010', 'postOffice', true, 'https://pasts.example/api (type 1, read 2026-12-06)');
    expect(isOwnNetworkPartial([bundled, synced])).toBe(false);
  });
});

describe('isPickUpOnly', () => {
  it('reads "tikai izņemšana" in the name, whatever its spelling, unless the record says', () => {
    expect(isPickUpOnly({ name: 'Rimi (Latvijas pasts - tikai izņemšana)' })).toBe(true);
    expect(isPickUpOnly({ name: 'Top (Latvijas pašts - TIKAI IZNEMSANA' })).toBe(true);
    expect(isPickUpOnly({ name: 'Beta' })).toBe(false);
    expect(isPickUpOnly({ name: 'Rimi (Latvijas pasts - tikai izņemšana)', pickUpOnly: false })).toBe(false);
  });
});
