import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { workflowCatalogue } from '../workflows/repository';
import { PriceExport } from './export/price-export';
import type { IndicativePricePolicy } from './indicative-policy';

export type { IndicativePricePolicy } from './indicative-policy';

import { priceRoutes } from './routes';
import { PriceService } from './service';

/**
 * Prices (SPEC §7; issue 4): POST /api/prices/by_country and /api/prices/by_order with their
 * /api/public twins, computed by the pure engine in engine.ts over the workflows' tariffs.
 * Register after the workflows module (which seeds the tariffs).
 */
export const pricesModule: FastifyPluginAsync<{ db: Database; indicativePrices: IndicativePricePolicy }> = async (
  app,
  { db, indicativePrices },
) => {
  const service = new PriceService(db.orm, workflowCatalogue(db.orm), undefined, undefined, indicativePrices);
  await registerTwinRoutes(app, priceRoutes, { service, exporter: new PriceExport(db.orm, service) });
};
