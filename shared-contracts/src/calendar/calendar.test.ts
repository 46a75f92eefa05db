import { addCalendarDays, rigaClock, rigaDate, rigaDisplayDate, rigaMidnight } from './index';

describe('the Riga calendar', () => {
  it('gives Riga’s date, not UTC’s, around midnight in winter (UTC+2) and summer (UTC+3)', () => {
    expect(rigaDate(new Date('2026-01-14T21:59:00Z'))).toBe('2026-01-14');
    expect(rigaDate(new Date('2026-01-14T22:00:00Z'))).toBe('2026-01-15');
    expect(rigaDate(new Date('2026-07-14T20:59:00Z'))).toBe('2026-07-14');
    expect(rigaDate(new Date('2026-07-14T21:00:00Z'))).toBe('2026-07-15');
  });

  it('reads the clock in minutes after Riga midnight', () => {
    expect(rigaClock(new Date('2026-01-14T08:30:00Z'))).toEqual({ date: '2026-01-14', minutes: 10 * 60 + 30 });
    expect(rigaClock(new Date('2026-07-14T08:30:00Z'))).toEqual({ date: '2026-07-14', minutes: 11 * 60 + 30 });
  });

  it('finds the instant a Riga day begins, across the clock changes of 2026', () => {
    expect(rigaMidnight('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(rigaMidnight('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
    // The clocks go forward on 29.03.2026 at 03:00: that day begins at UTC+2, the next at UTC+3.
    expect(rigaMidnight('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(rigaMidnight('2026-03-29', 1).toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(rigaMidnight('2026-12-31', 1).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  it('prints DD.MM.YYYY of the Riga day', () => {
    expect(rigaDisplayDate(new Date('2026-02-28T22:30:00Z'))).toBe('01.03.2026');
    expect(rigaDisplayDate(new Date('2026-02-28T21:30:00Z'))).toBe('28.02.2026');
  });

  it('adds calendar days over month and year ends and the clock change', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});
