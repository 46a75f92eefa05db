import { formatPercentage } from './percentage';

describe('formatPercentage', () => {
  it.each([
    [0.21, '21 %'],
    [0.055, '5,5 %'],
    [0.0125, '1,25 %'],
    [0.07, '7 %'],
    [0, '0 %'],
    [1, '100 %'],
    [12.5, '1.250 %'],
    [-0.1, '-10 %'],
  ])('%d → %s', (rate, text) => {
    expect(formatPercentage(rate)).toBe(text);
  });

  it('rounds to hundredths of a percent', () => {
    expect(formatPercentage(0.123456)).toBe('12,35 %');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatPercentage(Number.NaN)).toThrow(RangeError);
  });
});
