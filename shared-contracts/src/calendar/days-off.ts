// The post's own days off (issue 14 item 9): days the post does not work besides Latvia's public
// holidays (e.g. a bridge day), which courier pick-up and delivery dates skip like holidays. The
// API checks a new day off with these rules and the back office's calendar runs the same ones.
import { isValidDisplayDate, toDbDate } from '../format/dates';
import { isBlank, type RuleViolation, violation } from '../rules/violations';

export const MAX_DAY_OFF_REASON = 200;

export const DAY_OFF_MESSAGES = {
  blank: 'This value should not be blank.',
  date: 'Enter a valid date (DD.MM.YYYY).',
  reasonTooLong: 'This value can have at most 200 characters.',
  weekend: 'This day is a Saturday or a Sunday: the post does not work then anyway.',
  publicHoliday: 'This day is already a public holiday.',
  past: 'A day off cannot be in the past.',
  notFound: 'This day is not one of the post’s days off.',
} as const;

export const DAY_OFF_CODES = {
  blank: 'day_off.blank',
  date: 'day_off.date',
  reasonTooLong: 'day_off.reason_too_long',
  weekend: 'day_off.weekend',
  publicHoliday: 'day_off.public_holiday',
  past: 'day_off.past',
} as const;

/** What the back office sends: the day (YYYY-MM-DD) and why, in English and Latvian. */
export interface DayOffInput {
  date?: string | null;
  reasonEn?: string | null;
  reasonLv?: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD, or null. */
export function dayOffDate(value: string | null | undefined): string | null {
  if (!value || !ISO_DATE.test(value)) return null;
  const [year, month, day] = value.split('-');
  const display = `${day}.${month}.${year}`;
  return isValidDisplayDate(display) ? toDbDate(display) : null;
}

/**
 * Every violation of a new day off. `today` is Riga's date (YYYY-MM-DD); `isPublicHoliday` is
 * Latvia's public holiday calendar (the API's date-holidays), so a day off adds a working day only.
 */
export function dayOffViolations(
  input: DayOffInput,
  today: string,
  isPublicHoliday: (date: string) => boolean,
): RuleViolation[] {
  const found: RuleViolation[] = [];
  const date = dayOffDate(input.date);
  if (isBlank(input.date)) found.push(violation('date', DAY_OFF_MESSAGES.blank, DAY_OFF_CODES.blank));
  else if (!date) found.push(violation('date', DAY_OFF_MESSAGES.date, DAY_OFF_CODES.date));
  else if (date < today) found.push(violation('date', DAY_OFF_MESSAGES.past, DAY_OFF_CODES.past));
  else if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) {
    found.push(violation('date', DAY_OFF_MESSAGES.weekend, DAY_OFF_CODES.weekend));
  } else if (isPublicHoliday(date)) {
    found.push(violation('date', DAY_OFF_MESSAGES.publicHoliday, DAY_OFF_CODES.publicHoliday));
  }
  for (const field of ['reasonEn', 'reasonLv'] as const) {
    const value = input[field];
    if (isBlank(value)) found.push(violation(field, DAY_OFF_MESSAGES.blank, DAY_OFF_CODES.blank));
    else if ((value as string).trim().length > MAX_DAY_OFF_REASON) {
      found.push(violation(field, DAY_OFF_MESSAGES.reasonTooLong, DAY_OFF_CODES.reasonTooLong));
    }
  }
  return found;
}
