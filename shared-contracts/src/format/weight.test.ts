import { formatWeight } from './weight';

describe('formatWeight', () => {
  it.each([
    [0, '0 g'],
    [950, '950 g'],
    [999, '999 g'],
    [1000, '1 kg'],
    [1500, '1,5 kg'],
    [2000, '2 kg'],
    [1234, '1,234 kg'],
    [1050, '1,05 kg'],
    [30000, '30 kg'],
    [1234567, '1.234,567 kg'],
  ])('%i g → %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });

  it('rounds fractions of a gram, also across the kilogram boundary', () => {
    expect(formatWeight(950.4)).toBe('950 g');
    expect(formatWeight(999.6)).toBe('1 kg');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatWeight(Number.NaN)).toThrow(RangeError);
    expect(() => formatWeight(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
