import { ORDER_CODES, ORDER_LIMITS, ORDER_MESSAGES } from './constants';
import type { LineServices } from './schemas';
import { at, isBlank, type OrderViolation, violation } from './violations';

export interface PickUpRuleContext {
  /** Today in Riga, YYYY-MM-DD. */
  today: string;
  /** Public holidays of Latvia (the API answers with date-holidays; the browser may pass none). */
  isHoliday?: (date: string) => boolean;
}

type CourierPickUp = NonNullable<LineServices['courierPickUp']>;

const DB_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of `HH:mm`, or null when it is no time of day. */
export function minutesOfDay(value: string | null | undefined): number | null {
  const match = TIME.exec(value ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Day of week of a real YYYY-MM-DD date (0 Sunday … 6 Saturday), or null. */
export function weekday(date: string): number | null {
  const match = DB_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(Date.UTC(year, month - 1, day));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) return null;
  return value.getUTCDay();
}

/** Monday to Friday and not a public holiday. */
export function isWorkingDay(date: string, isHoliday?: (date: string) => boolean): boolean {
  const day = weekday(date);
  return day !== null && day !== 0 && day !== 6 && !isHoliday?.(date);
}

/**
 * Courier pick-up (SPEC §5): date, time from and till required; the date a real day, not before
 * today, a working day (courier not available otherwise); the window at least 2 hours.
 */
export function courierPickUpViolations(
  pickUp: CourierPickUp | null | undefined,
  path: string,
  context: PickUpRuleContext,
): OrderViolation[] {
  const timePath = at(path, 'pickUpTime');
  if (!pickUp) return [violation(path, ORDER_MESSAGES.notNull, ORDER_CODES.notNull)];
  const { date, from, till } = pickUp.pickUpTime;
  const found: OrderViolation[] = [];
  for (const [field, value] of [
    ['date', date],
    ['from', from],
    ['till', till],
  ] as const) {
    if (isBlank(value)) found.push(violation(at(timePath, field), ORDER_MESSAGES.notBlank, ORDER_CODES.notBlank));
  }
  if (!isBlank(date)) {
    if (weekday(date as string) === null) {
      found.push(violation(at(timePath, 'date'), ORDER_MESSAGES.invalidDate, ORDER_CODES.invalidDate));
    } else if ((date as string) < context.today) {
      found.push(violation(at(timePath, 'date'), ORDER_MESSAGES.pickUpDatePast, ORDER_CODES.pickUpDatePast));
    } else if (!isWorkingDay(date as string, context.isHoliday)) {
      found.push(violation(at(timePath, 'date'), ORDER_MESSAGES.pickUpNotWorkingDay, ORDER_CODES.pickUpNotWorkingDay));
    }
  }
  const start = minutesOfDay(from);
  const end = minutesOfDay(till);
  if (!isBlank(from) && start === null) {
    found.push(violation(at(timePath, 'from'), ORDER_MESSAGES.pickUpTime, ORDER_CODES.pickUpTime));
  }
  if (!isBlank(till) && end === null) {
    found.push(violation(at(timePath, 'till'), ORDER_MESSAGES.pickUpTime, ORDER_CODES.pickUpTime));
  }
  if (start !== null && end !== null && end - start < ORDER_LIMITS.minPickUpWindowMinutes) {
    found.push(violation(at(timePath, 'till'), ORDER_MESSAGES.pickUpWindow, ORDER_CODES.pickUpWindow));
  }
  return found;
}
