import { TZDate } from '@date-fns/tz';
// Each function from its own module: the package's index loads all of its 300-odd modules in Node
// (the API, its tests), where a bundle would keep only these two.
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';

/**
 * The post's clock (SPEC §9): every "today", cut-off hour and DD.MM.YYYY the portal shows or
 * decides by is Riga's, whatever the server's or the visitor's time zone. The API (orders, prices,
 * courier, tracking, documents, complaints) and the screens (calculator) read Riga time only here.
 * The time-zone rules come from the runtime's ICU data through @date-fns/tz, not hand arithmetic.
 */
export const RIGA_TIME_ZONE = 'Europe/Riga';

const inRiga = (instant: Date) => new TZDate(instant.getTime(), RIGA_TIME_ZONE);

/**
 * Today in Riga as YYYY-MM-DD (the pricing date, "not in the future", file names). Riga's offset
 * from UTC is whole hours, so its date can only change on a whole minute: the answer is kept for
 * the minute (formatting costs more than a cached price answer).
 */
export function rigaDate(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastRigaDate.minute !== minute) lastRigaDate = { minute, date: format(inRiga(now), 'yyyy-MM-dd') };
  return lastRigaDate.date;
}
let lastRigaDate = { minute: Number.NaN, date: '' };

/** The date (YYYY-MM-DD) and the minutes after midnight of `now` on the clocks of Riga. */
export function rigaClock(now: Date): { date: string; minutes: number } {
  const riga = inRiga(now);
  return { date: format(riga, 'yyyy-MM-dd'), minutes: riga.getHours() * 60 + riga.getMinutes() };
}

/** The instant Riga's day `date` (YYYY-MM-DD) + `days` begins: list filters take whole Riga days. */
export function rigaMidnight(date: string, days = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day + days, RIGA_TIME_ZONE).getTime());
}

/** DD.MM.YYYY of the Riga day `instant` falls on (SPEC §9), as printed on labels and forms. */
export function rigaDisplayDate(instant: Date): string {
  return format(inRiga(instant), 'dd.MM.yyyy');
}

/** The calendar date `days` after `date` (both YYYY-MM-DD); no time zone can shift it. */
export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(year, month - 1, day), days), 'yyyy-MM-dd');
}

export {
  DAY_OFF_CODES,
  DAY_OFF_MESSAGES,
  type DayOffInput,
  dayOffDate,
  dayOffViolations,
  MAX_DAY_OFF_REASON,
} from './days-off';
