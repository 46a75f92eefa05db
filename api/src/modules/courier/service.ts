import {
  type CourierAvailability,
  type CourierUnavailableReason,
  isWorkingDay,
  minutesOfDay,
  ORDER_LIMITS,
  type PickUpRuleContext,
} from '@portal/shared-contracts/orders';
import { isLatvianHoliday, rigaClock } from '../../calendar';

/** What the shared pick-up rule reads about the courier's day (shared-contracts pick-up-rules.ts). */
export type CourierDayAvailability = NonNullable<PickUpRuleContext['courier']>;

// Design decisions (README.md): the SPEC asks for "courier availability" but leaves the figures open.
/** Pick-ups one courier area takes per day; an area is the first two digits of the LV post code. */
export const COURIER_PICK_UPS_PER_AREA_PER_DAY = 20;

export interface CourierSchedule {
  /** Pick-ups per area per day. */
  capacityPerAreaPerDay: number;
  /** The courier's working hours on a working day, HH:mm (Riga time). */
  opens: string;
  closes: string;
  /** Same-day pick-ups are taken until this time of the day (Riga time), HH:mm. */
  sameDayCutOff: string;
}

export const COURIER_SCHEDULE: CourierSchedule = {
  capacityPerAreaPerDay: COURIER_PICK_UPS_PER_AREA_PER_DAY,
  opens: '09:00',
  closes: '18:00',
  sameDayCutOff: '14:00',
};

export type { CourierAvailability, CourierUnavailableReason } from '@portal/shared-contracts/orders';

/** One courier pick-up a line asks for: its date and the sender's post code (either may be missing). */
export interface PickUpRequest {
  date: string | null | undefined;
  postCode: string | null | undefined;
}

const LATVIAN_POST_CODE = /^LV-(\d{2})\d{2}$/;
const DB_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The courier area of a Latvian post code (`LV-1010` → `10`), or null for anything else. */
export function courierAreaOf(postCode: string | null | undefined): string | null {
  return LATVIAN_POST_CODE.exec((postCode ?? '').trim().toUpperCase())?.[1] ?? null;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The courier's day without bookings: whether it works on `date` as seen at `now`, and the
 * possible window. Today the window starts at the next full hour (the courier needs time to be
 * sent), and only until the cut-off; a window shorter than the SPEC's two hours is no window.
 */
export function courierDay(
  date: string,
  now: Date,
  schedule: CourierSchedule = COURIER_SCHEDULE,
): { reason: CourierUnavailableReason | null; from: string | null; till: string | null } {
  const closed = (reason: CourierUnavailableReason) => ({ reason, from: null, till: null });
  const clock = rigaClock(now);
  if (date < clock.date) return closed('pastDate');
  if (!isWorkingDay(date, isLatvianHoliday)) return closed('notWorkingDay');
  const opens = minutesOfDay(schedule.opens) ?? 0;
  const closes = minutesOfDay(schedule.closes) ?? 0;
  if (date !== clock.date) return { reason: null, from: hhmm(opens), till: hhmm(closes) };
  if (clock.minutes >= (minutesOfDay(schedule.sameDayCutOff) ?? 0)) return closed('afterCutOff');
  const from = Math.max(opens, (Math.floor(clock.minutes / 60) + 1) * 60);
  if (closes - from < ORDER_LIMITS.minPickUpWindowMinutes) return closed('afterCutOff');
  return { reason: null, from: hhmm(from), till: hhmm(closes) };
}

const dayKey = (date: string, area: string) => `${date}|${area}`;

/**
 * Courier pick-up availability (SPEC §5 "slot must be available", §7 "courier availability"):
 * the calendar (Latvian working days, Riga time, same-day cut-off) and the capacity per courier
 * area and day, counted from the order lines that hold a pick-up.
 */
/**
 * The pick-ups booked per day and courier area among the given days, optionally leaving one order
 * out. Counted by the orders module (orders/pick-up-bookings.ts), which owns the order lines that
 * hold them; the composition root hands it in, so that this module never reads the orders' tables.
 */
export type PickUpBookings = (
  days: readonly { date: string; area: string }[],
  exceptOrderId?: number,
) => Promise<readonly { date: string; area: string; booked: number }[]>;

export class CourierService {
  constructor(
    private readonly bookings: PickUpBookings,
    private readonly now: () => Date = () => new Date(),
    private readonly schedule: CourierSchedule = COURIER_SCHEDULE,
  ) {}

  /** The availability call: `date` a real YYYY-MM-DD day, `postCode` a Latvian post code or null. */
  async availability(date: string, postCode: string | null, now: Date = this.now()): Promise<CourierAvailability> {
    const day = courierDay(date, now, this.schedule);
    const area = courierAreaOf(postCode);
    const base = {
      date,
      postCode: postCode === null ? null : postCode.trim().toUpperCase(),
      area,
      possiblePickUpTimesFrom: day.from,
      possiblePickUpTimesTill: day.till,
      sameDayCutOff: this.schedule.sameDayCutOff,
    };
    if (area === null) {
      return {
        ...base,
        available: day.reason === null,
        reason: day.reason,
        capacity: null,
        booked: null,
        remaining: null,
      };
    }
    const booked = (await this.booked([{ date, area }])).get(dayKey(date, area)) ?? 0;
    const remaining = Math.max(0, this.schedule.capacityPerAreaPerDay - booked);
    const reason = day.reason ?? (remaining === 0 ? 'full' : null);
    return {
      ...base,
      available: reason === null,
      reason,
      capacity: this.schedule.capacityPerAreaPerDay,
      booked,
      remaining,
    };
  }

  /**
   * What the order rules need per line (rule-context.ts): the courier's day for each pick-up, with
   * the pick-ups still free once other orders' bookings and this order's earlier lines on the same
   * day and area are counted. `exceptOrderId` is the order being saved or paid: its stored lines
   * are the ones being replaced, not other bookings. Null for a line without a real date.
   */
  async forPickUps(
    requests: readonly PickUpRequest[],
    now: Date = this.now(),
    exceptOrderId?: number,
  ): Promise<(CourierDayAvailability | null)[]> {
    const wanted = requests.map(({ date, postCode }) => ({
      date: date && DB_DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? date : null,
      area: courierAreaOf(postCode),
    }));
    const withArea = wanted.filter(
      (item): item is { date: string; area: string } => item.date !== null && item.area !== null,
    );
    const booked = withArea.length > 0 ? await this.booked(withArea, exceptOrderId) : new Map<string, number>();
    const takenByThisOrder = new Map<string, number>();
    return wanted.map(({ date, area }) => {
      if (date === null) return null;
      const day = courierDay(date, now, this.schedule);
      let remaining: number | null = null;
      if (area !== null) {
        const key = dayKey(date, area);
        const earlier = takenByThisOrder.get(key) ?? 0;
        takenByThisOrder.set(key, earlier + 1);
        remaining = this.schedule.capacityPerAreaPerDay - (booked.get(key) ?? 0) - earlier;
      }
      return {
        date,
        works: day.reason === null,
        possiblePickUpTimesFrom: day.from,
        possiblePickUpTimesTill: day.till,
        remaining,
      };
    });
  }

  /** Booked pick-ups per `date|area` among the given days, optionally leaving one order out. */
  private async booked(days: readonly { date: string; area: string }[], exceptOrderId?: number) {
    const rows = await this.bookings(days, exceptOrderId);
    return new Map(rows.map((row) => [dayKey(row.date, row.area), row.booked]));
  }
}
