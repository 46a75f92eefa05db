import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import { CANCEL_REASON_MAX, dateRangeViolations } from '@portal/shared-contracts/admin';
import { ORDER_STATUSES } from '@portal/shared-contracts/orders';
import { z } from 'zod';

/**
 * One end of a date range in a query: a day, or absent. Sent empty (`?dateFrom=`, as a form with a
 * blank field sends it) it is absent and the route's default applies (issue 36 R3: the empty string
 * reached the date arithmetic and answered 500).
 */
export const rangeEnd = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A `dateFrom`/`dateTill` pair checked by the shared rule (real days, end not before start, at most `maxDays`). */
export function withDateRange<Shape extends { dateFrom: z.ZodType; dateTill: z.ZodType }>(
  schema: z.ZodObject<Shape>,
  maxDays?: number,
) {
  return schema.superRefine((value, context) => {
    const range = value as { dateFrom?: string; dateTill?: string };
    for (const violation of dateRangeViolations(range, maxDays)) {
      context.addIssue({
        code: 'custom',
        path: [violation.propertyPath],
        message: violation.message,
        params: { code: violation.code },
      });
    }
  });
}

/** GET /api/admin/orders: the back office's order search (issue 14 item 3). */
export const adminListQuery = withDateRange(
  z.strictObject({
    /** A shipment number (S10, however typed). */
    shipment: z.string().trim().min(1).max(40).optional(),
    /** Part of the client's e-mail or company name. */
    client: z.string().trim().min(1).max(100).optional(),
    account: z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional(),
    status: z.enum(ORDER_STATUSES, { error: 'The value you selected is not a valid choice.' }).optional(),
    dateFrom: rangeEnd,
    dateTill: rangeEnd,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    rowsPerPage: z.coerce.number().int().min(1).max(100).default(20),
    '_order[createdAt]': z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC'),
  }),
);
export type AdminListQuery = z.output<typeof adminListQuery>;

export const cancelBody = z.strictObject({
  reason: z.string().trim().min(1, 'This value should not be blank.').max(CANCEL_REASON_MAX),
});
