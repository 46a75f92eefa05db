import {
  fitsWithin,
  LIMIT_CODES,
  letterDimensionViolations,
  letterWeightViolations,
  PARCEL_LOCKER_MAX_MM,
  parcelLockerViolations,
} from './limits';

const codes = (violations: { code: string }[]) => violations.map((violation) => violation.code);

describe('letter limits (SPEC §5)', () => {
  it('accepts a C5 envelope typed in any order of sides', () => {
    expect(letterDimensionViolations({ length: 229, width: 162, height: 5 })).toEqual([]);
    expect(letterDimensionViolations({ length: 5, width: 229, height: 162 })).toEqual([]);
  });

  it('names the field of the side that breaks a rule', () => {
    expect(letterDimensionViolations({ length: 229, width: 25, height: 162 })).toEqual([
      {
        propertyPath: 'dimensions.width',
        message: 'A letter is at most 2 cm thick.',
        code: LIMIT_CODES.letterTooThick,
      },
    ]);
    expect(letterDimensionViolations({ length: 130, width: 95, height: 5 })).toEqual([
      expect.objectContaining({ propertyPath: 'dimensions.length', code: LIMIT_CODES.letterTooSmall }),
    ]);
    expect(letterDimensionViolations({ length: 200, width: 80, height: 5 })).toEqual([
      expect.objectContaining({ propertyPath: 'dimensions.width', code: LIMIT_CODES.letterTooSmall }),
    ]);
  });

  it('refuses A + B + C of 90 cm or more and a length over 60 cm', () => {
    expect(codes(letterDimensionViolations({ length: 600, width: 280, height: 20 }))).toEqual([
      LIMIT_CODES.letterTooLarge,
    ]);
    expect(codes(letterDimensionViolations({ length: 599, width: 280, height: 20 }))).toEqual([]);
    expect(codes(letterDimensionViolations({ length: 610, width: 100, height: 10 }))).toEqual([
      LIMIT_CODES.letterTooLong,
    ]);
  });

  it('says "choose a parcel" above 2 kg', () => {
    expect(letterWeightViolations(2000)).toEqual([]);
    expect(letterWeightViolations(2001)).toEqual([
      { propertyPath: 'weight', message: 'Too heavy for a letter: choose a parcel.', code: LIMIT_CODES.letterTooHeavy },
    ]);
  });
});

describe('parcel locker limits (SPEC §9)', () => {
  it('takes 38 × 38 × 58 cm and 30 kg, sides in any order', () => {
    expect(parcelLockerViolations(30_000, { length: 380, width: 580, height: 380 })).toEqual([]);
    expect(codes(parcelLockerViolations(30_001, { length: 390, width: 580, height: 380 }))).toEqual([
      LIMIT_CODES.lockerTooLarge,
      LIMIT_CODES.lockerTooHeavy,
    ]);
    expect(parcelLockerViolations(1000, null)).toEqual([]);
  });

  it('compares longest to longest, and ignores sides a product does not limit', () => {
    expect(fitsWithin({ length: 100, width: 580, height: 100 }, PARCEL_LOCKER_MAX_MM)).toBe(true);
    expect(fitsWithin({ length: 400, width: 400, height: 100 }, PARCEL_LOCKER_MAX_MM)).toBe(false);
    expect(fitsWithin({ length: 600, width: 500, height: 500 }, [600, null, null])).toBe(true);
    expect(fitsWithin({ length: 601, width: 5, height: 5 }, [600, null, null])).toBe(false);
  });
});
