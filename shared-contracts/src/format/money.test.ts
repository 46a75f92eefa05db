import { formatMoney, parseMoneyToCents } from './money';

describe('formatMoney', () => {
  it.each([
    [123456, '1.234,56 €'],
    [5, '0,05 €'],
    [0, '0,00 €'],
    [100, '1,00 €'],
    [99999999, '999.999,99 €'],
    [-5, '-0,05 €'],
    [-123456, '-1.234,56 €'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('uses a normal space before €, the same in every engine', () => {
    expect(formatMoney(100).charCodeAt(4)).toBe(0x20);
  });

  it('refuses fractional cents, which mean a caller bug', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['12', 1200],
    ['12,3', 1230],
    ['12,34', 1234],
    ['12.34', 1234],
    [',5', 50],
    ['0,29', 29],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567', 123456700],
    ['1 234,56 €', 123456],
    ['-7,5', -750],
    ['+7,5', 750],
  ])('%s → %i', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each([
    ['12,345', 1235],
    ['12,344', 1234],
    ['12,3449', 1234],
    ['-12,345', -1235],
    ['0,005', 1],
    ['1,005', 101],
  ])('rounds half away from zero on the digits: %s → %i', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it('has no float drift where 1.005 * 100 would give 100.49999', () => {
    expect(parseMoneyToCents('1.005')).toBe(101);
    expect(parseMoneyToCents('0.29')).toBe(29);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseMoneyToCents('-0,001'), 0)).toBe(true);
  });

  it.each(['', '   ', 'abc', '12a', '1-2', ',', '€', '99999999999999999'])('%j is not an amount', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });
});
