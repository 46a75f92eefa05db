import type { FastifyPluginAsync } from 'fastify';
import type { OrderStatistics } from '../orders';
import { reportRoutes } from './routes';

export interface ReportsModuleOptions {
  /** The orders module's figures (built in api/src/composition.ts): this module reads no table itself. */
  statistics: OrderStatistics;
  now?: () => Date;
}

/** Back-office reports (issue 14 item 10): orders and revenue per day, product, country and status, as JSON and XLSX. */
export const reportsModule: FastifyPluginAsync<ReportsModuleOptions> = async (app, { statistics, now }) => {
  await app.register(reportRoutes, { prefix: '/api', statistics, now: now ?? (() => new Date()) });
};
