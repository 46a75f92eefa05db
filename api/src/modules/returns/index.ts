import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { BotCheckService } from '../bot-check';
import type { EventPublisher } from '../events';
import type { IdentityService } from '../identity';
import type { LabelPlaces } from '../orders';
import type { PriceService } from '../prices';
import type { WorkflowCatalogue } from '../workflows';
import { companyReturnRoutes, publicReturnRoutes } from './routes';
import { ReturnService } from './service';

export { labelledReturnOfKey, type ReturnsTx, returnLabelA6 } from './service';

export interface ReturnsModuleOptions {
  db: Database;
  identity: IdentityService;
  catalogue: WorkflowCatalogue;
  prices: PriceService;
  /** Countries' names for the labels (the composition root's). */
  labelPlaces: LabelPlaces;
  botCheck: BotCheckService;
  /** The domain events' outbox: `return.created` is published in the label's transaction. */
  events?: EventPublisher;
  now?: () => Date;
}

/**
 * Prepaid returns (issue 40 item 1): a company's return labels and return codes (/api/returns,
 * /api/return_codes: a member, or an API key with the `returns` scope), and the customer's redeeming
 * of a code and the label download (/api/public/returns/…). README.md says how.
 */
const returnsPlugin: FastifyPluginAsync<ReturnsModuleOptions> = async (
  app,
  { db, identity, catalogue, prices, labelPlaces, botCheck, events, now = () => new Date() },
) => {
  const service = new ReturnService({ orm: db.orm, identity, catalogue, prices, labelPlaces, events, now });
  await app.register(companyReturnRoutes, { prefix: '/api', service, botCheck });
  await app.register(publicReturnRoutes, { prefix: '/api/public', service, botCheck });
};

export const returnsModule = apiModule(returnsPlugin, { name: 'returns' });
