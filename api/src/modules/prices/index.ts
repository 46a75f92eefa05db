import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { PriceExport } from './export/price-export';
import type { PriceFileWriter } from './export/price-file';
import { priceFilePool } from './export/price-file-pool';
import { priceRoutes } from './routes';
import type { PriceService } from './service';

// What other modules use of prices: the service (built once by the composition root), the
// violation codes of the engine and the discount code rule.
export { normaliseDiscountCode } from './discounts';
export { PRICE_CODES, PRICE_MESSAGES } from './engine';
export type { IndicativePricePolicy } from './indicative-policy';
export { type Caller as PriceCaller, type LoyaltyHolders, PriceService } from './service';

/**
 * Prices (SPEC §7; issue 4): POST /api/prices/by_country and /api/prices/by_order with their
 * /api/public twins, computed by the pure engine in engine.ts over the workflows' tariffs.
 * Register after the workflows module (which seeds the tariffs).
 */
const pricesPlugin: FastifyPluginAsync<{
  db: Database;
  prices: PriceService;
  /** Worker threads that write PDF and XLSX files (DOCUMENT_WORKERS); 0 writes them in this thread. */
  documentWorkers?: number;
}> = async (app, { db, prices: service, documentWorkers = 0 }) => {
  let write: PriceFileWriter | undefined;
  if (documentWorkers > 0) {
    const pool = priceFilePool(documentWorkers);
    app.addHook('onClose', pool.close);
    write = pool.write;
  }
  await registerTwinRoutes(app, priceRoutes, { service, exporter: new PriceExport(db.orm, service, undefined, write) });
};

export const pricesModule = apiModule(pricesPlugin, { name: 'prices' });
