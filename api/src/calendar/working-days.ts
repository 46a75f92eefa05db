import { isWorkingDay } from '@portal/shared-contracts/orders';
import Holidays from 'date-holidays';

// Latvia's calendar for the rules that count working days: courier pick-up dates (orders) and
// expected delivery (tracking). One place, so both agree on what a working day is.
const latvianHolidays = new Holidays('LV');

/** Public holidays of Latvia (date-holidays), by YYYY-MM-DD; noon UTC is the same day in Riga. */
export function isLatvianHoliday(date: string): boolean {
  const holidays = latvianHolidays.isHoliday(new Date(`${date}T12:00:00Z`));
  return Array.isArray(holidays) && holidays.some((holiday) => holiday.type === 'public');
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
