import { XLSX_MIME } from '@portal/shared-contracts/address-book';
import { orderReportSchema } from '@portal/shared-contracts/admin';
import { addCalendarDays, rigaDate } from '@portal/shared-contracts/calendar';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, fileAnswer } from '../../http/answer-schemas';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import type { OrderStatistics } from '../orders';
import { type ReportQuery, reportQuery } from './model';
import { reportWorkbook } from './spreadsheet';

export interface ReportRoutesOptions {
  statistics: OrderStatistics;
  now: () => Date;
  /** Writes the report's workbook (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
}

/** Days of the default period: the last 30 Riga days, today included. */
const DEFAULT_DAYS = 30;

/**
 * The back office's order reports (issue 14 item 10) for product managers and administrators:
 * GET /api/admin/reports/orders (JSON for the charts) and /api/admin/reports/orders.xlsx (the same
 * figures as a spreadsheet). Reads only; nothing to audit.
 */
const tags = ['Reports'];

const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
  reply
    .type(XLSX_MIME)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .header('cache-control', 'private, no-store')
    .send(file);
const PERIOD =
  'The period is Riga days `dateFrom`..`dateTill` (at most 366 days; by default the last 30 days), grouped by ' +
  '`groupBy`: day, product, country or status.';

export const reportRoutes: FastifyPluginAsync<ReportRoutesOptions> = async (plain, { statistics, now, workbooks }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const config = adminRoute('product_manager');

  const period = (query: ReportQuery) => {
    const dateTill =
      query.dateTill ?? (query.dateFrom ? addCalendarDays(query.dateFrom, DEFAULT_DAYS - 1) : rigaDate(now()));
    const dateFrom = query.dateFrom ?? addCalendarDays(dateTill, -(DEFAULT_DAYS - 1));
    return { dateFrom, dateTill };
  };

  app.get(
    '/admin/reports/orders',
    {
      config,
      schema: {
        summary: 'Report shipments, orders and revenue over a period (back office)',
        description: PERIOD,
        tags,
        querystring: reportQuery,
        response: {
          200: described(orderReportSchema, 'One row per group and the totals; revenue in cents.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const { dateFrom, dateTill } = period(query);
      return statistics.report(query.groupBy, dateFrom, dateTill);
    },
  );

  app.get(
    '/admin/reports/orders.xlsx',
    {
      config,
      schema: {
        summary: 'Download the order report as a spreadsheet (XLSX, back office)',
        description: `${PERIOD} \`lang\` sets the language of the headings.`,
        tags,
        querystring: reportQuery,
        response: {
          200: fileAnswer(XLSX_MIME, 'One row per group and a total row; revenue in euros.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { dateFrom, dateTill } = period(query);
      const report = await statistics.report(query.groupBy, dateFrom, dateTill);
      const name = `${query.lang === 'lv' ? 'pasutijumi' : 'orders'}-${query.groupBy}-${dateFrom}-${dateTill}`;
      return sendWorkbook(reply, name, await workbooks(reportWorkbook(report, query.lang)));
    },
  );
};
