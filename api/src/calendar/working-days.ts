import { isWorkingDay } from '@portal/shared-contracts/orders';
import Holidays from 'date-holidays';

// Latvia's calendar for the rules that count working days: courier pick-up dates (orders) and
// expected delivery (tracking). One place, so both agree on what a working day is.
const latvianHolidays = new Holidays('LV');

/**
 * The public holidays of one year as YYYY-MM-DD, computed once per year: asking the library day by
 * day costs milliseconds per call, and tracking lookups count days on every request.
 */
const holidaysByYear = new Map<number, ReadonlySet<string>>();
function publicHolidaysOf(year: number): ReadonlySet<string> {
  let dates = holidaysByYear.get(year);
  if (!dates) {
    // `date` is the holiday's local date ("2026-11-18 00:00:00"): its first ten characters.
    dates = new Set(
      latvianHolidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, dates);
  }
  return dates;
}

/** Public holidays of Latvia (date-holidays), by YYYY-MM-DD. */
export function isLatvianHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return Number.isInteger(year) && publicHolidaysOf(year).has(date);
}

/** The date `days` Latvian working days after `date` (YYYY-MM-DD). */
export function addLatvianWorkingDays(date: string, days: number): string {
  const cursor = new Date(`${date}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    if (isWorkingDay(cursor.toISOString().slice(0, 10), isLatvianHoliday)) left--;
  }
  return cursor.toISOString().slice(0, 10);
}
