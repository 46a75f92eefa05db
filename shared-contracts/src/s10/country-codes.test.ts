import { isIssuingCountryCode } from './country-codes';

describe('isIssuingCountryCode', () => {
  it('knows the Baltic posts and the countries of the s10.md examples', () => {
    for (const code of ['LV', 'LT', 'EE', 'GB', 'US', 'CV', 'CF', 'KH', 'MD'])
      expect(isIssuingCountryCode(code)).toBe(true);
  });

  it('refuses codes that are not ISO 3166-1 alpha-2 capitals', () => {
    for (const code of ['XX', 'ZZ', 'EU', 'UK', 'lv', 'L', 'LVA', '']) expect(isIssuingCountryCode(code)).toBe(false);
  });
});
