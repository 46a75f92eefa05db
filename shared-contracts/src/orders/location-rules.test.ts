import { SERVER_MESSAGES_LV } from '../i18n/server-messages';
import {
  LOCATION_FIELDS,
  LOCATION_USE_MESSAGES,
  locationUseProblem,
  locationUseViolations,
  type PlaceFacts,
  type ProductPlaces,
  placeFilterNote,
  placeFilterOf,
} from './location-rules';

const latvianLocker: ProductPlaces = {
  transferType: 'parcelMachine',
  receivingType: 'parcelMachine',
  transferNetworks: ['Latvijas Pasts'],
  receivingNetworks: ['Latvijas Pasts'],
  countryCode: 'LV',
};
const place = (facts: Partial<PlaceFacts>): PlaceFacts => ({
  type: 'parcelLocker',
  operator: 'Latvijas Pasts',
  countryCode: 'LV',
  pickUpOnly: false,
  ...facts,
});

describe('which places a product may use', () => {
  it('takes a locker of its own network for both roles', () => {
    expect(locationUseProblem(latvianLocker, 'transfer', place({}))).toBeNull();
    expect(locationUseProblem(latvianLocker, 'receiving', place({}))).toBeNull();
  });

  it("refuses another operator's locker (a DPD locker for a Latvian locker product)", () => {
    expect(locationUseProblem(latvianLocker, 'receiving', place({ operator: 'DPD' }))).toBe('LOCATION_WRONG_NETWORK');
    expect(locationUseProblem(latvianLocker, 'transfer', place({ operator: 'Omniva' }))).toBe('LOCATION_WRONG_NETWORK');
  });

  it('refuses a pick-up-only place for hand-over but delivers there', () => {
    expect(locationUseProblem(latvianLocker, 'transfer', place({ pickUpOnly: true }))).toBe('LOCATION_PICK_UP_ONLY');
    expect(locationUseProblem(latvianLocker, 'receiving', place({ pickUpOnly: true }))).toBeNull();
  });

  it('refuses the wrong kind of place, a place abroad for delivery, a closed or unknown place', () => {
    expect(locationUseProblem(latvianLocker, 'receiving', place({ type: 'postOffice' }))).toBe('LOCATION_WRONG_TYPE');
    expect(locationUseProblem(latvianLocker, 'receiving', place({ countryCode: 'LT' }))).toBe('LOCATION_WRONG_COUNTRY');
    expect(locationUseProblem(latvianLocker, 'receiving', place({ active: false }))).toBe('LOCATION_RETIRED');
    expect(locationUseProblem(latvianLocker, 'receiving', undefined)).toBe('LOCATION_NOT_FOUND');
  });

  it('a Lithuanian locker product delivers at its partner network only (no Udrop)', () => {
    const lithuanian = { ...latvianLocker, countryCode: 'LT', receivingNetworks: ['LP Express (Unisend)', 'Unisend'] };
    const lt = (operator: string) => place({ operator, countryCode: 'LT' });
    expect(locationUseProblem(lithuanian, 'receiving', lt('LP Express (Unisend)'))).toBeNull();
    expect(locationUseProblem(lithuanian, 'receiving', lt('Udrop (Unisend)'))).toBe('LOCATION_WRONG_NETWORK');
  });

  it('an empty network list takes any operator', () => {
    const open = { ...latvianLocker, receivingNetworks: [] };
    expect(locationUseProblem(open, 'receiving', place({ operator: 'DPD' }))).toBeNull();
  });

  it('the picker filter is the same rule: types, operators, no pick-up-only places for hand-over', () => {
    expect(placeFilterOf(latvianLocker, 'transfer')).toEqual({
      types: ['parcelLocker'],
      operators: ['Latvijas Pasts'],
      withoutPickUpOnly: true,
      countryCode: null,
    });
    expect(placeFilterOf(latvianLocker, 'receiving')).toMatchObject({ withoutPickUpOnly: false, countryCode: 'LV' });
  });

  it('a violation sits on the location field with a stable code and a Latvian text', () => {
    const path = LOCATION_FIELDS.receiving(0);
    expect(locationUseViolations(latvianLocker, 'receiving', place({ operator: 'DPD' }), path)).toEqual([
      {
        propertyPath: 'orderLines[0].receiver.address.serviceLocationId',
        message: expect.any(String),
        code: 'LOCATION_WRONG_NETWORK',
      },
    ]);
    for (const message of Object.values(LOCATION_USE_MESSAGES)) expect(SERVER_MESSAGES_LV[message]).toMatch(/\S/);
  });
});

describe('why a picker shows fewer places', () => {
  it('says which operators and kinds of place, in English and Latvian', () => {
    const handOver = placeFilterOf(latvianLocker, 'transfer');
    expect(placeFilterNote(handOver, 'en')).toBe(
      'Only Latvijas Pasts parcel lockers that accept parcels are shown: this product is handed over only there (places where parcels can only be collected are left out).',
    );
    expect(placeFilterNote(handOver, 'lv')).toMatch(/^Rādīti tikai Latvijas Pasts pakomāti, kuros var nodot sūtījumus/);
    expect(placeFilterNote(placeFilterOf(latvianLocker, 'receiving'), 'en')).toBe(
      'Only Latvijas Pasts parcel lockers are shown: this product is delivered only there.',
    );
    expect(placeFilterNote(placeFilterOf({ ...latvianLocker, receivingNetworks: [] }, 'receiving'), 'en')).toBeNull();
  });
});
