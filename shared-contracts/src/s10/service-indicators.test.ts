import { isValidS10, makeS10 } from './s10';
import { type S10Product, s10ServiceClassFor, serviceIndicatorFor } from './service-indicators';

const letter = (shipmentSubType: string, insured = false): S10Product => ({
  shipmentType: 'letter',
  shipmentSubType,
  shipmentSizeType: null,
  insured,
});
const parcel = (shipmentSubType: string, shipmentSizeType: string | null, insured = false): S10Product => ({
  shipmentType: 'parcel',
  shipmentSubType,
  shipmentSizeType,
  insured,
});

describe('serviceIndicatorFor', () => {
  it('gives letters the letter-post classes: R registered, V insured, L tracked, U plain', () => {
    expect(serviceIndicatorFor(letter('registered'))).toBe('RR');
    expect(serviceIndicatorFor(letter('registered', true))).toBe('VV');
    expect(serviceIndicatorFor(letter('trackable'))).toBe('LL');
    expect(serviceIndicatorFor(letter('economy'))).toBe('UU');
  });

  it('treats small packets as letter post: Standard R, Standard+ or insured V, Economy U', () => {
    expect(serviceIndicatorFor(parcel('standard', 'small'))).toBe('RR');
    expect(serviceIndicatorFor(parcel('standardPlus', 'small'))).toBe('VV');
    expect(serviceIndicatorFor(parcel('standard', 'small', true))).toBe('VV');
    expect(serviceIndicatorFor(parcel('economy', 'small'))).toBe('UU');
  });

  it('gives parcels the parcel class C, and Premium the EMS class E', () => {
    expect(serviceIndicatorFor(parcel('registered', null))).toBe('CC');
    expect(serviceIndicatorFor(parcel('standard', 'm'))).toBe('CC');
    expect(serviceIndicatorFor(parcel('standardPlus', 'large', true))).toBe('CC');
    expect(serviceIndicatorFor(parcel('premium', 'large'))).toBe('EE');
  });

  it('takes an override that keeps the UPU class letter', () => {
    expect(serviceIndicatorFor(parcel('standard', 'xs'), { parcel: 'CA' })).toBe('CA');
    expect(serviceIndicatorFor(letter('registered'), { parcel: 'CA' })).toBe('RR');
  });

  it('refuses an override of another class or shape', () => {
    expect(() => serviceIndicatorFor(parcel('standard', 'xs'), { parcel: 'RA' })).toThrow(RangeError);
    expect(() => serviceIndicatorFor(parcel('standard', 'xs'), { parcel: 'C' })).toThrow(RangeError);
    expect(() => serviceIndicatorFor(parcel('standard', 'xs'), { parcel: 'ca' })).toThrow(RangeError);
  });

  it('gives indicators that make valid numbers', () => {
    for (const product of [letter('economy'), letter('registered', true), parcel('premium', 'large')]) {
      expect(isValidS10(makeS10(serviceIndicatorFor(product), 1)).valid).toBe(true);
    }
  });

  it('names the class too', () => {
    expect(s10ServiceClassFor(parcel('premium', 'large'))).toBe('express');
    expect(s10ServiceClassFor(letter('trackable'))).toBe('trackedLetter');
  });
});
