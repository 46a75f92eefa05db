import type { FastifyPluginAsync } from 'fastify';
import { apiModule } from '../../http/api-module';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import type { OrderStatistics } from '../orders';
import { reportRoutes } from './routes';

export interface ReportsModuleOptions {
  /** The orders module's figures (built in api/src/composition.ts): this module reads no table itself. */
  statistics: OrderStatistics;
  now?: () => Date;
  /** Writes the report's workbook (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
}

/** Back-office reports (issue 14 item 10): orders and revenue per day, product, country and status, as JSON and XLSX. */
const reportsPlugin: FastifyPluginAsync<ReportsModuleOptions> = async (app, { statistics, now, workbooks }) => {
  await app.register(reportRoutes, { prefix: '/api', statistics, now: now ?? (() => new Date()), workbooks });
};

export const reportsModule = apiModule(reportsPlugin, { name: 'reports' });
