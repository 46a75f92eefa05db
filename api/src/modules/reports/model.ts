import { REPORT_GROUPS, REPORT_MAX_DAYS } from '@portal/shared-contracts/admin';
import { z } from 'zod';
import { rangeEnd, withDateRange } from '../orders';

/** GET /api/admin/reports/orders[.xlsx]: the period (Riga days; default the last 30 days) and the grouping. */
export const reportQuery = withDateRange(
  z.strictObject({
    groupBy: z.enum(REPORT_GROUPS, { error: 'The value you selected is not a valid choice.' }).default('day'),
    dateFrom: rangeEnd,
    dateTill: rangeEnd,
    /** Language of the spreadsheet's headings. */
    lang: z.enum(['en', 'lv'], { error: 'The value you selected is not a valid choice.' }).default('en'),
  }),
  REPORT_MAX_DAYS,
);
export type ReportQuery = z.output<typeof reportQuery>;
