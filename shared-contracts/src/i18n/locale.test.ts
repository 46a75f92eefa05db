import { isLocale, toLocale } from './locale';

describe('locale', () => {
  it('accepts only lv and en', () => {
    expect(isLocale('lv')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it.each([
    ['lv-LV', 'lv'],
    ['EN', 'en'],
    ['en_US', 'en'],
    [' lv ', 'lv'],
    ['ru', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (input, expected) => {
    expect(toLocale(input)).toBe(expected);
  });
});
