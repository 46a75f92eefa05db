import { dayOffDate, dayOffViolations } from './days-off';

const christmasEve = (date: string) => date === '2026-12-24';
const reasons = { reasonEn: 'Bridge day', reasonLv: 'Pārceltā darba diena' };
const codes = (input: Parameters<typeof dayOffViolations>[0]) =>
  dayOffViolations(input, '2026-11-23', christmasEve).map((violation) => [violation.propertyPath, violation.code]);

describe('the post’s days off', () => {
  it('takes a future weekday that is not a public holiday, with both reasons', () => {
    expect(codes({ date: '2026-11-27', ...reasons })).toEqual([]);
    expect(codes({ date: '2026-11-23', ...reasons })).toEqual([]);
  });

  it('refuses other days and missing or long reasons beside the field', () => {
    expect(codes({ date: '2026-02-30', ...reasons })).toEqual([['date', 'day_off.date']]);
    expect(codes({ date: '27.11.2026', ...reasons })).toEqual([['date', 'day_off.date']]);
    expect(codes({ date: '2026-11-20', ...reasons })).toEqual([['date', 'day_off.past']]);
    expect(codes({ date: '2026-11-28', ...reasons })).toEqual([['date', 'day_off.weekend']]);
    expect(codes({ date: '2026-12-24', ...reasons })).toEqual([['date', 'day_off.public_holiday']]);
    expect(codes({ date: '', reasonEn: ' ', reasonLv: 'x'.repeat(201) })).toEqual([
      ['date', 'day_off.blank'],
      ['reasonEn', 'day_off.blank'],
      ['reasonLv', 'day_off.reason_too_long'],
    ]);
  });

  it('reads only real days as YYYY-MM-DD', () => {
    expect(dayOffDate('2028-02-29')).toBe('2028-02-29');
    expect(dayOffDate('2027-02-29')).toBeNull();
    expect(dayOffDate(null)).toBeNull();
  });
});
