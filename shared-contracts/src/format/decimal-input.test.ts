import { normaliseDecimalInput } from './decimal-input';

describe('normaliseDecimalInput', () => {
  it.each([
    ['12,5', 2, '12.5'],
    ['1a2b.3c', 2, '12.3'],
    ['€ 1 234,50', 2, '1234.50'],
    ['1.2.3', 2, '1.23'],
    ['1,2,3', 3, '1.23'],
    ['007', 2, '7'],
    ['000', 2, '0'],
    ['0.5', 2, '0.5'],
    ['00.5', 2, '0.5'],
    ['.5', 2, '0.5'],
    ['12.', 2, '12.'],
    ['1.23456', 2, '1.23'],
    ['1.23456', 3, '1.234'],
    ['12.5', 0, '12'],
    ['12,', 0, '12'],
    ['-5', 2, '5'],
    ['', 2, ''],
    ['abc', 2, ''],
  ])('%j with %i decimals → %j', (input, maxDecimals, output) => {
    expect(normaliseDecimalInput(input, maxDecimals)).toBe(output);
  });
});
