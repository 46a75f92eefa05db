import * as z from 'zod/mini';
import { ORDER_CODES, ORDER_LIMITS, ORDER_MESSAGES } from './constants';
import type { LineServices } from './schemas';
import { at, isBlank, type OrderViolation, violation } from './violations';

/**
 * What the courier can do on one day in the sender's area (the API's courier availability call,
 * GET /api/courier_pick_up/availability, answers the same facts).
 */
export interface CourierDayAvailability {
  /** The day these facts are about, YYYY-MM-DD: the rule ignores facts about another day. */
  date: string;
  /** The courier works that day and still takes orders for it (working day, not past, before the cut-off). */
  works: boolean;
  /** The possible pick-up window, HH:mm; null when the courier does not work that day. */
  possiblePickUpTimesFrom: string | null;
  possiblePickUpTimesTill: string | null;
  /** Pick-ups still free in the sender's courier area that day; null when unknown (no Latvian post code). */
  remaining: number | null;
}

export interface PickUpRuleContext {
  /** Today in Riga, YYYY-MM-DD. */
  today: string;
  /** Public holidays of Latvia (the API answers with date-holidays; the browser may pass none). */
  isHoliday?: (date: string) => boolean;
  /**
   * The courier's availability on the line's pick-up date (the API fills it in from its courier
   * service; without it only the calendar rules apply, e.g. in the browser).
   */
  courier?: CourierDayAvailability | null;
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
 * Whether the courier can come on `date` between `from` and `till` (SPEC §5 "slot must be
 * available"): it works that day, a pick-up is still free in the area, and the window lies within
 * the possible pick-up times. Facts about another day, or times that are not times, say nothing.
 */
export function isCourierSlotAvailable(
  date: string,
  from: string | null | undefined,
  till: string | null | undefined,
  courier: CourierDayAvailability | null | undefined,
): boolean {
  if (!courier || courier.date !== date) return true;
  if (!courier.works || (courier.remaining !== null && courier.remaining <= 0)) return false;
  const start = minutesOfDay(from);
  const end = minutesOfDay(till);
  const earliest = minutesOfDay(courier.possiblePickUpTimesFrom);
  const latest = minutesOfDay(courier.possiblePickUpTimesTill);
  if (start !== null && earliest !== null && start < earliest) return false;
  if (end !== null && latest !== null && end > latest) return false;
  return true;
}

/**
 * Courier pick-up (SPEC §5): date, time from and till required; the date a real day, not before
 * today, a working day (courier not available otherwise); the window at least 2 hours; and, when
 * the context knows the courier's day, a free pick-up in the area and a window within the
 * possible pick-up times ("The courier is not available on the chosen date." on the date).
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
    } else if (!isCourierSlotAvailable(date as string, from, till, context.courier)) {
      found.push(violation(at(timePath, 'date'), ORDER_MESSAGES.courierNotAvailable, ORDER_CODES.courierNotAvailable));
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

/** Why the courier does not come: the day is gone, is no working day, today's orders closed, or it is full. */
export const courierUnavailableReasonSchema = z.enum(['pastDate', 'notWorkingDay', 'afterCutOff', 'full']);
export type CourierUnavailableReason = z.infer<typeof courierUnavailableReasonSchema>;

/** The answer of GET /api/courier_pick_up/availability (without its JSON-LD keys; api/src/modules/courier). */
export const courierAvailabilitySchema = z.object({
  date: z.string(),
  /** The post code asked about, normalised (`LV-1010`); null when none was given. */
  postCode: z.nullable(z.string()),
  /** Courier area: the first two digits of the post code; null without a post code. */
  area: z.nullable(z.string()),
  /** A pick-up can be ordered for this day (and area, when given). */
  available: z.boolean(),
  reason: z.nullable(courierUnavailableReasonSchema),
  /** The possible pick-up window (SPEC §3 courierPickUp), HH:mm; null when the courier does not work that day. */
  possiblePickUpTimesFrom: z.nullable(z.string()),
  possiblePickUpTimesTill: z.nullable(z.string()),
  /** Same-day pick-ups are taken until this time (Riga). */
  sameDayCutOff: z.string(),
  /** Pick-ups per area that day, those already booked and those left; null without a post code. */
  capacity: z.nullable(z.int()),
  booked: z.nullable(z.int()),
  remaining: z.nullable(z.int()),
});
export type CourierAvailability = z.infer<typeof courierAvailabilitySchema>;
