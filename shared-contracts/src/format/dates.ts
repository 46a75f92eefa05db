/**
 * Date formats of SPEC §9. Dates travel as plain calendar dates ({year, month, day}) rather
 * than `Date` objects, because a `Date` is an instant: "2025-03-01" read as UTC midnight is
 * still 28 February in any time zone west of Greenwich.
 */

/** The patterns in dayjs/Mantine notation, for date pickers (`valueFormat`). */
export const DATE_FORMATS = {
  display: 'DD.MM.YYYY',
  db: 'YYYY-MM-DD',
  displayDateTime: 'DD.MM.YYYY - H:mm',
} as const;

export interface CalendarDate {
  year: number;
  /** 1 = January. */
  month: number;
  day: number;
}

export type DateInput = string | Date | null | undefined;

const DISPLAY_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const DB_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** True only for DD.MM.YYYY naming a real day: 29.02.2024 yes, 29.02.2025 and 31.04.2025 no. */
export function isValidDisplayDate(value: string): boolean {
  const match = DISPLAY_DATE.exec(value);
  return match !== null && toCalendarDate(match[3], match[2], match[1]) !== null;
}

/**
 * Reads DD.MM.YYYY, YYYY-MM-DD, an ISO date-time or a `Date`; null when the input is empty,
 * malformed or not a real day. A date-time is an instant, so it yields its day in the
 * runtime's local time zone ("2025-03-01T23:30:00Z" is 2 March in Riga).
 */
export function parseDate(input: DateInput): CalendarDate | null {
  if (input instanceof Date) return localCalendarDate(input);
  const value = input?.trim() ?? '';
  const date = parseDateOnly(value);
  if (date) return date;
  const instant = parseIsoDateTime(value);
  return instant && localCalendarDate(instant);
}

/** Reads the same inputs as `parseDate` into an instant; a date without a time is local midnight. */
export function parseDateTime(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  const value = input?.trim() ?? '';
  const instant = parseIsoDateTime(value);
  if (instant) return instant;
  const date = parseDateOnly(value);
  if (!date) return null;
  const midnight = new Date(0);
  // setFullYear, not the Date(y, m, d) constructor, which maps years below 100 to 19xx.
  midnight.setFullYear(date.year, date.month - 1, date.day);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

/** "YYYY-MM-DD" for the API, or null. */
export function toDbDate(input: DateInput): string | null {
  const date = parseDate(input);
  return date && `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** "DD.MM.YYYY" for people, or null. */
export function toDisplayDate(input: DateInput): string | null {
  const date = parseDate(input);
  return date && `${pad(date.day)}.${pad(date.month)}.${pad(date.year, 4)}`;
}

/** "DD.MM.YYYY - H:mm" in local 24-hour time (SPEC §1), or null. */
export function toDisplayDateTime(input: DateInput): string | null {
  const instant = parseDateTime(input);
  if (!instant) return null;
  return `${toDisplayDate(instant)} - ${instant.getHours()}:${pad(instant.getMinutes())}`;
}

function parseDateOnly(value: string): CalendarDate | null {
  const display = DISPLAY_DATE.exec(value);
  if (display) return toCalendarDate(display[3], display[2], display[1]);
  const db = DB_DATE.exec(value);
  return db && toCalendarDate(db[1], db[2], db[3]);
}

function parseIsoDateTime(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value);
  // Date.parse would roll 2025-02-31T… over into March; the calendar check refuses it.
  if (!match || !toCalendarDate(match[1], match[2], match[3])) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function toCalendarDate(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): CalendarDate | null {
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  const isRealDay = date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= daysInMonth(date);
  return isRealDay ? date : null;
}

function daysInMonth({ year, month }: CalendarDate): number {
  if (month !== 2) return [4, 6, 9, 11].includes(month) ? 30 : 31;
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return isLeapYear ? 29 : 28;
}

function localCalendarDate(instant: Date): CalendarDate | null {
  if (Number.isNaN(instant.getTime())) return null;
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}
