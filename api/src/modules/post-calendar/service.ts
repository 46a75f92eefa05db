import { DAY_OFF_MESSAGES, type DayOffInput, dayOffDate, dayOffViolations } from '@portal/shared-contracts/calendar';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Principal } from '../../auth';
import { isLatvianPublicHoliday, latvianPublicHolidays, rigaDate, usePostDaysOff } from '../../calendar';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { userIdOfSubject } from '../identity';
import { postDaysOff } from './schema';

type DayOffRow = typeof postDaysOff.$inferSelect;

/** One day of the back office's calendar: a public holiday or one of the post's own days off. */
export interface CalendarDay {
  date: string;
  kind: 'public_holiday' | 'post_day_off';
  nameEn: string;
  nameLv: string;
}

export function dayOffResource(row: DayOffRow) {
  return {
    '@id': `/api/admin/calendar/days_off/${row.date}`,
    '@type': 'PostDayOff' as const,
    date: row.date,
    reasonEn: row.reasonEn,
    reasonLv: row.reasonLv,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The post's days off in the database, and in memory for the working-day rules (`usePostDaysOff`):
 * loaded when the API starts, again after every change here, and every few minutes, so that
 * another API instance's change reaches this one too.
 */
export class PostCalendarService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async load(): Promise<void> {
    const rows = await this.orm.select({ date: postDaysOff.date }).from(postDaysOff);
    usePostDaysOff(rows.map((row) => row.date));
  }

  /** Every public holiday and day off of one year, by date. */
  async year(year: number): Promise<CalendarDay[]> {
    const own = await this.orm
      .select()
      .from(postDaysOff)
      .where(and(gte(postDaysOff.date, `${year}-01-01`), lte(postDaysOff.date, `${year}-12-31`)))
      .orderBy(asc(postDaysOff.date));
    const days: CalendarDay[] = [
      ...latvianPublicHolidays(year).map((holiday) => ({ ...holiday, kind: 'public_holiday' as const })),
      ...own.map((row) => ({
        date: row.date,
        kind: 'post_day_off' as const,
        nameEn: row.reasonEn,
        nameLv: row.reasonLv,
      })),
    ];
    return days.sort((a, b) => a.date.localeCompare(b.date));
  }

  async get(date: string): Promise<DayOffRow | null> {
    const [row] = await this.orm.select().from(postDaysOff).where(eq(postDaysOff.date, date));
    return row ?? null;
  }

  /** Adds or changes a day off; the shared rules refuse past days, weekends and public holidays. */
  async set(input: DayOffInput, editor: Principal): Promise<{ row: DayOffRow; before: DayOffRow | null }> {
    const violations = dayOffViolations(input, rigaDate(this.now()), isLatvianPublicHoliday);
    if (violations.length > 0) throw invalidInput(422, violations);
    const date = input.date as string;
    const userId = await userIdOfSubject(this.orm, editor.subject);
    const values = {
      reasonEn: (input.reasonEn as string).trim(),
      reasonLv: (input.reasonLv as string).trim(),
      updatedAt: this.now(),
      updatedBy: userId ?? null,
    };
    const existing = await this.get(date);
    const [row] = await this.orm
      .insert(postDaysOff)
      .values({ date, ...values })
      .onConflictDoUpdate({ target: postDaysOff.date, set: values })
      .returning();
    await this.load();
    return { row: row as DayOffRow, before: existing };
  }

  async remove(date: string): Promise<DayOffRow> {
    // Not a real day (2026-02-30) is never a day off; the database is not asked to read it.
    if (!dayOffDate(date)) throw notFound(DAY_OFF_MESSAGES.notFound);
    const [removed] = await this.orm.delete(postDaysOff).where(eq(postDaysOff.date, date)).returning();
    if (!removed) throw notFound(DAY_OFF_MESSAGES.notFound);
    await this.load();
    return removed;
  }
}
