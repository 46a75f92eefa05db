import { addCalendarDays } from '@portal/shared-contracts/calendar';
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

/** Latvia's public holidays (date-holidays), by YYYY-MM-DD. */
export function isLatvianPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return Number.isInteger(year) && publicHolidaysOf(year).has(date);
}

/** A public holiday of one year with its name in English and Latvian (the back office's calendar). */
export interface PublicHoliday {
  date: string;
  nameEn: string;
  nameLv: string;
}

export function latvianPublicHolidays(year: number): PublicHoliday[] {
  const names = (language: string) =>
    new Map(
      latvianHolidays
        .getHolidays(year, language)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name]),
    );
  const english = names('en');
  const latvian = names('lv');
  return [...publicHolidaysOf(year)].sort().map((date) => ({
    date,
    nameEn: english.get(date) ?? '',
    nameLv: latvian.get(date) ?? '',
  }));
}

/**
 * The post's own days off (modules/post-calendar keeps them in the database and hands them here
 * when it starts and after every change). Kept in memory: the rules ask day by day, synchronously.
 */
let postDaysOff: ReadonlySet<string> = new Set();
export function usePostDaysOff(dates: Iterable<string>): void {
  postDaysOff = new Set(dates);
}

/**
 * A day the post does not work besides weekends: a public holiday of Latvia or one of the post's
 * own days off. Courier pick-up dates (orders, courier) and expected delivery (tracking) skip it.
 */
export function isLatvianHoliday(date: string): boolean {
  return postDaysOff.has(date) || isLatvianPublicHoliday(date);
}

/** The date `days` Latvian working days after `date` (YYYY-MM-DD). */
export function addLatvianWorkingDays(date: string, days: number): string {
  let cursor = date;
  let left = days;
  while (left > 0) {
    cursor = addCalendarDays(cursor, 1);
    if (isWorkingDay(cursor, isLatvianHoliday)) left--;
  }
  return cursor;
}
