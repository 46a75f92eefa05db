import { EMPTY_FORM, fieldOf, orderPath, toGrams, toPriceRequest, weightText } from './model';

const form = (change: Partial<typeof EMPTY_FORM>) => ({ ...EMPTY_FORM, countryCodes: ['LT'], weight: '2', ...change });

describe('toPriceRequest', () => {
  it('builds the by_country request: grams, millimetres, cents', () => {
    expect(
      toPriceRequest(
        form({
          length: '30',
          width: '20.5',
          height: '10',
          receivingType: 'parcelMachine',
          services: ['insurance'],
          insurance: '150',
        }),
      ),
    ).toEqual({
      request: {
        shipmentType: 'parcel',
        countryCodes: ['LT'],
        weight: 2000,
        dimensions: { length: 300, width: 205, height: 100 },
        receivingType: 'parcelMachine',
        additionalServices: ['insurance'],
        insurance: 15_000,
      },
      errors: {},
    });
  });

  it('types letters in grams and leaves parcel options out of letter requests', () => {
    const { request } = toPriceRequest(
      form({ shipmentType: 'letter', weight: '50', transferType: 'courier', sizeMode: 'sizeClass', sizeClass: 'xs' }),
    );
    expect(request).toEqual({ shipmentType: 'letter', countryCodes: ['LT'], weight: 50 });
  });

  it('asks for what is missing', () => {
    const { request, errors } = toPriceRequest({ ...EMPTY_FORM, length: '10', services: ['insurance'] });
    expect(request).toBeNull();
    expect(errors).toMatchObject({
      countryCodes: { code: 'COUNTRY_REQUIRED' },
      weight: { code: 'WEIGHT_REQUIRED' },
      width: { code: 'SIDE_REQUIRED' },
      height: { code: 'SIDE_REQUIRED' },
      insurance: { code: 'INSURANCE_WITHOUT_VALUE' },
    });
  });

  it('refuses more than five countries, a zero or absurd weight and cents of insurance', () => {
    expect(toPriceRequest(form({ countryCodes: ['LV', 'LT', 'EE', 'DE', 'FR', 'PL'] })).errors.countryCodes?.code).toBe(
      'TOO_MANY_COUNTRIES',
    );
    expect(toPriceRequest(form({ weight: '0' })).errors.weight?.code).toBe('WEIGHT_POSITIVE');
    expect(toPriceRequest(form({ weight: '100.001' })).errors.weight?.code).toBe('WEIGHT_TOO_BIG');
    expect(toPriceRequest(form({ services: ['insurance'], insurance: '0' })).errors.insurance?.code).toBe(
      'INSURANCE_INVALID',
    );
  });

  it('applies the letter rules: too heavy (choose parcel) and too thick', () => {
    const { errors } = toPriceRequest(
      form({ shipmentType: 'letter', weight: '2500', length: '23', width: '16', height: '3' }),
    );
    expect(errors).toMatchObject({ weight: { code: 'LETTER_TOO_HEAVY' }, height: { code: 'LETTER_TOO_THICK' } });
  });

  it('applies the parcel locker limits only when a locker is chosen', () => {
    const big = { weight: '31', length: '60', width: '38', height: '38' };
    expect(toPriceRequest(form(big)).errors).toEqual({});
    expect(toPriceRequest(form({ ...big, transferType: 'parcelMachine' })).errors).toMatchObject({
      weight: { code: 'PARCEL_LOCKER_TOO_HEAVY' },
      dimensions: { code: 'PARCEL_LOCKER_TOO_LARGE' },
    });
  });

  it('prices by size class instead of dimensions', () => {
    const { request } = toPriceRequest(form({ sizeMode: 'sizeClass', sizeClass: 'm', length: '500' }));
    expect(request).toMatchObject({ shipmentSizeType: 'm' });
    expect(request).not.toHaveProperty('dimensions');
  });
});

describe('helpers', () => {
  it('converts weights between the letter (g) and parcel (kg) fields', () => {
    expect(toGrams('2.005', 'parcel')).toBe(2005);
    expect(toGrams('50', 'letter')).toBe(50);
    expect(Number.isNaN(toGrams('', 'parcel'))).toBe(true);
    expect(weightText(2500, 'parcel')).toBe('2.5');
    expect(weightText(2500, 'letter')).toBe('2500');
  });

  it('maps server violation paths to fields', () => {
    expect(fieldOf('countryCodes[3]')).toBe('countryCodes');
    expect(fieldOf('dimensions.height')).toBe('height');
    expect(fieldOf('dimensions')).toBe('dimensions');
    expect(fieldOf('shipmentType')).toBeNull();
  });

  it('hands the choice to the order wizard in its query', () => {
    expect(orderPath({ shipmentType: 'parcel', countryCode: 'LT', weight: 2000, workflowId: 12 })).toBe(
      '/orders/parcel?country=LT&weight=2000&workFlow=12',
    );
  });
});
