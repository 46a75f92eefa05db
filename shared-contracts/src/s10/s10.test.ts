import fc from 'fast-check';
import {
  formatS10,
  isTestS10,
  isValidS10,
  LIVE_SERIALS,
  makeS10,
  normaliseS10,
  S10_MESSAGES,
  s10CheckDigit,
  TEST_SERIALS,
} from './s10';

describe('s10CheckDigit', () => {
  it('follows the worked example of s10.md: 47312482 → S = 200, 200 mod 11 = 2, check digit 9', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
  });

  it('gives 5 for the serial of the tracking_number_data test numbers (RB 12345678 5)', () => {
    expect(s10CheckDigit('12345678')).toBe(5);
  });

  it('turns C = 11 (S mod 11 = 0) into 5', () => {
    // S = 0
    expect(s10CheckDigit('00000000')).toBe(5);
    // S = 8·1 + 6·1 + 4·1 + 2·1 + 3·1 + 5·1 + 9·1 + 7·1 = 44 = 4·11
    expect(s10CheckDigit('11111111')).toBe(5);
    // S = 9·44 = 396 = 36·11
    expect(s10CheckDigit('99999999')).toBe(5);
  });

  it('turns C = 10 (S mod 11 = 1) into 0', () => {
    // S = 2·6 = 12, 12 mod 11 = 1
    expect(s10CheckDigit('00060000')).toBe(0);
    // S = 7·8 = 56 = 5·11 + 1
    expect(s10CheckDigit('70000000')).toBe(0);
  });

  it('otherwise gives 11 − (S mod 11)', () => {
    // S = 7 (last digit 1 × weight 7): 11 − 7 = 4
    expect(s10CheckDigit('00000001')).toBe(4);
    // RR000164273KH (a real Cambodian label): 1·2 + 6·3 + 4·5 + 2·9 + 7·7 = 107, 107 mod 11 = 8 → 3.
    expect(s10CheckDigit('00016427')).toBe(3);
  });

  it('refuses a serial that is not 8 digits', () => {
    for (const serial of ['1234567', '123456789', '1234567a', '', ' 12345678']) {
      expect(() => s10CheckDigit(serial)).toThrow(RangeError);
    }
  });
});

describe('isValidS10', () => {
  it.each(['RB123456785GB', 'RB123456785US', 'RB123456785CV', 'RB123456785CF', 'RR000164273KH', 'RR123456785LV'])(
    'accepts the known-valid identifier %s (s10.md)',
    (number) => {
      const result = isValidS10(number);
      expect(result).toEqual(expect.objectContaining({ valid: true, number }));
    },
  );

  it('splits a valid identifier into its parts', () => {
    expect(isValidS10('RR123456785LV')).toEqual({
      valid: true,
      number: 'RR123456785LV',
      parts: { serviceIndicator: 'RR', serial: '12345678', checkDigit: 5, countryCode: 'LV' },
    });
  });

  it('refuses a wrong check digit (RB123456786US, EE123456789MD of s10.md)', () => {
    expect(isValidS10('RB123456786US')).toEqual({
      valid: false,
      number: 'RB123456786US',
      reason: 'checkDigit',
      message: S10_MESSAGES.checkDigit,
    });
    expect(isValidS10('EE123456789MD')).toMatchObject({ valid: false, reason: 'checkDigit' });
    expect(isValidS10('EE123456785MD')).toMatchObject({ valid: true });
  });

  it('refuses a country code that is not ISO 3166-1 alpha-2 (RB123456785XX of s10.md)', () => {
    expect(isValidS10('RB123456785XX')).toMatchObject({
      valid: false,
      reason: 'country',
      message: S10_MESSAGES.country,
    });
  });

  it.each([
    ['', 'empty'],
    ['RR12345678LV', 'one digit short'],
    ['RR1234567855LV', 'one digit too many'],
    ['R1123456785LV', 'a digit in the service indicator'],
    ['RR123456785L1', 'a digit in the country code'],
    ['RR12345678OLV', 'letter O instead of a zero'],
    ['ŖR123456785LV', 'a non-ASCII letter'],
    ['RR123456785LVX', 'trailing letter'],
    ['12345678512345', 'only digits'],
  ])('refuses a wrong shape: %s (%s)', (input) => {
    expect(isValidS10(input)).toMatchObject({ valid: false, reason: 'shape', message: S10_MESSAGES.shape });
  });

  it('reads what people type: spaces, dashes and lower case', () => {
    expect(isValidS10(' rr 123 456 785 lv ')).toMatchObject({ valid: true, number: 'RR123456785LV' });
    expect(isValidS10('RR-123-456-785-LV')).toMatchObject({ valid: true, number: 'RR123456785LV' });
    expect(normaliseS10('rb 1234 5678 5 gb')).toBe('RB123456785GB');
  });

  it('checks the shape before the country and the country before the check digit', () => {
    // Wrong country and wrong check digit: the country is reported.
    expect(isValidS10('RB123456786XX')).toMatchObject({ reason: 'country' });
  });

  it('accepts exactly one check digit for any serial', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (serial) => {
        const accepted = [...'0123456789'].filter((digit) => isValidS10(`RR${serial}${digit}LV`).valid);
        expect(accepted).toEqual([String(s10CheckDigit(serial))]);
      }),
    );
  });
});

describe('makeS10', () => {
  it('appends the check digit and LV by default', () => {
    expect(makeS10('RR', '12345678')).toBe('RR123456785LV');
    expect(makeS10('RB', '12345678', 'GB')).toBe('RB123456785GB');
    expect(makeS10('CC', '47312482')).toBe('CC473124829LV');
  });

  it('zero-pads a numeric serial (e.g. from a sequence)', () => {
    expect(makeS10('RR', 16427, 'KH')).toBe('RR000164273KH');
    expect(makeS10('CC', 0)).toBe('CC000000005LV');
    expect(makeS10('CC', 99_999_999)).toBe('CC999999995LV');
  });

  it('makes numbers that validate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (serial) => {
        expect(isValidS10(makeS10('CC', serial)).valid).toBe(true);
      }),
    );
  });

  it('refuses bad parts', () => {
    expect(() => makeS10('R', '12345678')).toThrow(RangeError);
    expect(() => makeS10('rr', '12345678')).toThrow(RangeError);
    expect(() => makeS10('RR', '1234567')).toThrow(RangeError);
    expect(() => makeS10('RR', 100_000_000)).toThrow(RangeError);
    expect(() => makeS10('RR', -1)).toThrow(RangeError);
    expect(() => makeS10('RR', 1.5)).toThrow(RangeError);
    expect(() => makeS10('RR', '12345678', 'XX')).toThrow(RangeError);
  });
});

describe('formatS10', () => {
  it('groups the number as labels print it', () => {
    expect(formatS10('RR123456785LV')).toBe('RR 123 456 785 LV');
    expect(formatS10('rr123456785lv')).toBe('RR 123 456 785 LV');
  });

  it('leaves something that is not S10-shaped as typed (normalised)', () => {
    expect(formatS10('abc 12')).toBe('ABC12');
  });
});

describe('live and test serials (issue 38)', () => {
  it('split the 8 digits without overlap or hole: live below 90000000, test from there to the end', () => {
    expect(LIVE_SERIALS.last + 1).toBe(TEST_SERIALS.first);
    expect(LIVE_SERIALS.first).toBe(1);
    expect(TEST_SERIALS.last).toBe(99_999_999);
  });

  it('tell a test shipment number by its serial', () => {
    expect(isTestS10(makeS10('CE', TEST_SERIALS.first))).toBe(true);
    expect(isTestS10(makeS10('CE', TEST_SERIALS.last))).toBe(true);
    expect(isTestS10(makeS10('CE', LIVE_SERIALS.last))).toBe(false);
    expect(isTestS10(makeS10('RR', 1))).toBe(false);
    expect(isTestS10('CE900000000LV')).toBe(false); // not valid: wrong check digit
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (serial) => {
        expect(isTestS10(makeS10('CE', serial))).toBe(serial >= TEST_SERIALS.first);
      }),
    );
  });
});
