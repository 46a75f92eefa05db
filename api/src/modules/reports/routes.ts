import { XLSX_MIME } from '@portal/shared-contracts/address-book';
import { addCalendarDays, rigaDate } from '@portal/shared-contracts/calendar';
import type { FastifyPluginAsync } from 'fastify';
import { adminRoute } from '../../auth';
import { parseQuery } from '../../http/validate';
import type { OrderStatistics } from '../orders';
import { type ReportQuery, reportQuery } from './model';
import { reportWorkbook } from './spreadsheet';

export interface ReportRoutesOptions {
  statistics: OrderStatistics;
  now: () => Date;
}

/** Days of the default period: the last 30 Riga days, today included. */
const DEFAULT_DAYS = 30;

/**
 * The back office's order reports (issue 14 item 10) for product managers and administrators:
 * GET /api/admin/reports/orders (JSON for the charts) and /api/admin/reports/orders.xlsx (the same
 * figures as a spreadsheet). Reads only; nothing to audit.
 */
export const reportRoutes: FastifyPluginAsync<ReportRoutesOptions> = async (app, { statistics, now }) => {
  const route = { config: adminRoute('product_manager') };

  const period = (query: ReportQuery) => {
    const dateTill =
      query.dateTill ?? (query.dateFrom ? addCalendarDays(query.dateFrom, DEFAULT_DAYS - 1) : rigaDate(now()));
    const dateFrom = query.dateFrom ?? addCalendarDays(dateTill, -(DEFAULT_DAYS - 1));
    return { dateFrom, dateTill };
  };

  app.get('/admin/reports/orders', route, async (request) => {
    const query = parseQuery(reportQuery, request.query);
    const { dateFrom, dateTill } = period(query);
    return statistics.report(query.groupBy, dateFrom, dateTill);
  });

  app.get('/admin/reports/orders.xlsx', route, async (request, reply) => {
    const query = parseQuery(reportQuery, request.query);
    const { dateFrom, dateTill } = period(query);
    const report = await statistics.report(query.groupBy, dateFrom, dateTill);
    const name = `${query.lang === 'lv' ? 'pasutijumi' : 'orders'}-${query.groupBy}-${dateFrom}-${dateTill}`;
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(await reportWorkbook(report, query.lang));
  });
};
