/**
 * Back-office orders and reports (issue 14 items 3 and 10): the rules both the API and the admin
 * screens apply, kept here once.
 */
// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../orders/constants';

/** Longest reason an agent may give when cancelling an order for a client. */
export const CANCEL_REASON_MAX = 500;

/** What the order report groups by (issue 14 item 10). */
export const REPORT_GROUPS = ['day', 'product', 'country', 'status'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest period one report covers (days, both ends counted): a year and a day for leap years. */
export const REPORT_MAX_DAYS = 366;

export const DATE_RANGE_CODES = {
  invalidDate: 'INVALID_DATE',
  reversed: 'DATE_RANGE_REVERSED',
  tooLong: 'DATE_RANGE_TOO_LONG',
} as const;

export const DATE_RANGE_MESSAGES = {
  invalidDate: 'This value is not a valid date.',
  reversed: 'The end date must not be before the start date.',
  tooLong: `The period must not be longer than ${REPORT_MAX_DAYS} days.`,
} as const;

export interface RangeViolation {
  propertyPath: 'dateFrom' | 'dateTill';
  message: string;
  code: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `till`, both counted (2026-01-01..2026-01-01 is 1). */
export function daysInRange(from: string, till: string): number {
  return Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The violations of a period filter (YYYY-MM-DD, either end optional): a day that does not exist,
 * an end before the start, and (with `maxDays`) a period longer than that.
 */
export function dateRangeViolations(
  range: { dateFrom?: string | null; dateTill?: string | null },
  maxDays?: number,
): RangeViolation[] {
  const violations: RangeViolation[] = [];
  const { dateFrom, dateTill } = range;
  if (dateFrom && !isIsoDay(dateFrom)) {
    violations.push({
      propertyPath: 'dateFrom',
      message: DATE_RANGE_MESSAGES.invalidDate,
      code: DATE_RANGE_CODES.invalidDate,
    });
  }
  if (dateTill && !isIsoDay(dateTill)) {
    violations.push({
      propertyPath: 'dateTill',
      message: DATE_RANGE_MESSAGES.invalidDate,
      code: DATE_RANGE_CODES.invalidDate,
    });
  }
  if (violations.length > 0 || !dateFrom || !dateTill) return violations;
  const days = daysInRange(dateFrom, dateTill);
  if (days < 1) {
    violations.push({
      propertyPath: 'dateTill',
      message: DATE_RANGE_MESSAGES.reversed,
      code: DATE_RANGE_CODES.reversed,
    });
  } else if (maxDays !== undefined && days > maxDays) {
    violations.push({ propertyPath: 'dateTill', message: DATE_RANGE_MESSAGES.tooLong, code: DATE_RANGE_CODES.tooLong });
  }
  return violations;
}

/** One order in the back office's order search. */
export const adminOrderListItemSchema = z.object({
  '@id': z.string(),
  key: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** `/api/accounts/{id}`, or null for a visitor's order. */
  account: z.nullable(z.string()),
  /** The client as the agent recognises them: company name, else the account's e-mail. */
  client: z.nullable(z.string()),
  /** The shipment numbers of the order's lines (given at payment). */
  barcodes: z.array(z.string()),
  lineCount: z.int(),
  /** The order's total in cents, null while unpriced. */
  priceCents: z.nullable(z.int()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** A cancellation made in the back office (who and why). */
export const orderCancellationSchema = z.object({
  reason: z.string(),
  /** The agent's user id; null when the user is gone. */
  cancelledBy: z.nullable(z.int()),
  cancelledAt: z.string(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/** One row of the order report: the group's key (a Riga day, product, country or line status) and its figures. */
export const orderReportRowSchema = z.object({
  key: z.string(),
  /** Product rows: the workflow's label; other groups: the key. */
  label: z.string(),
  /** Shipments (order lines) created in the period. */
  shipments: z.int(),
  /** Orders those shipments belong to. */
  orders: z.int(),
  /** Cents paid for those shipments (lines of paid orders). */
  revenueCents: z.int(),
});
export type OrderReportRow = z.infer<typeof orderReportRowSchema>;

export const orderReportSchema = z.object({
  groupBy: z.enum(REPORT_GROUPS),
  dateFrom: z.string(),
  dateTill: z.string(),
  rows: z.array(orderReportRowSchema),
  totals: z.omit(orderReportRowSchema, { key: true, label: true }),
});
export type OrderReport = z.infer<typeof orderReportSchema>;
