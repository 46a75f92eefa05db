import { addLatvianWorkingDays, isLatvianHoliday } from '../src/calendar/working-days';

describe("Latvia's working days", () => {
  it('knows the public holidays', () => {
    // Proclamation Day, Restoration of Independence Day, Christmas, Midsummer.
    for (const date of ['2026-11-18', '2026-05-04', '2026-12-25', '2026-06-23', '2026-06-24', '2027-01-01']) {
      expect([date, isLatvianHoliday(date)]).toEqual([date, true]);
    }
    for (const date of ['2026-11-17', '2026-11-23', '2026-07-01']) {
      expect([date, isLatvianHoliday(date)]).toEqual([date, false]);
    }
    expect(isLatvianHoliday('not a date')).toBe(false);
  });

  it('counts working days past weekends and holidays', () => {
    expect(addLatvianWorkingDays('2026-11-17', 1)).toBe('2026-11-19');
    expect(addLatvianWorkingDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addLatvianWorkingDays('2026-12-23', 2)).toBe('2026-12-29');
  });
});
