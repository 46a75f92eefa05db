import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { BotCheckService } from '../bot-check';
import { IdentityService } from '../identity/service';
import { type PaymentProvider, paymentRoutes, SandboxPaymentProvider } from '../payments';
import type { IndicativePricePolicy } from '../prices';
import { PriceService } from '../prices/service';
import { workflowCatalogue } from '../workflows/repository';
import { OrderAccess } from './access';
import { OrderDocuments } from './documents';
import { OrderPayments } from './payment-service';
import { orderRoutes } from './routes';
import { OrderService } from './service';

export interface OrdersModuleOptions {
  db: Database;
  /** The sandbox payment provider (tests pass one with a known secret or clock). */
  sandbox?: SandboxPaymentProvider;
  /** The bot check's HMAC secret (BOT_CHECK_SECRET), the one the identity module's challenges carry. */
  botCheckSecret?: string;
  /** Clock of the order rules (today in Riga) and timestamps. */
  now?: () => Date;
  /** Whether products priced on indicative figures can be ordered (the configuration's INDICATIVE_PRICES). */
  indicativePrices: IndicativePricePolicy;
}

/**
 * Orders (issue 5): /api/orders and /api/public/orders (create, read, update, validate, cancel,
 * delete, my orders, pay), and the payment routes of the payments module wired to this module's
 * settlement. Register after the workflows and prices modules.
 */
export const ordersModule: FastifyPluginAsync<OrdersModuleOptions> = async (
  app,
  { db, sandbox, botCheckSecret, now, indicativePrices },
) => {
  const catalogue = workflowCatalogue(db.orm);
  const prices = new PriceService(db.orm, catalogue, undefined, undefined, indicativePrices);
  const access = new OrderAccess(db.orm, new IdentityService(db.orm));
  const service = new OrderService(db.orm, catalogue, prices, access, now);
  const provider: SandboxPaymentProvider = sandbox ?? new SandboxPaymentProvider();
  const payments = new OrderPayments(db.orm, service, catalogue, provider as PaymentProvider, now);
  const documents = new OrderDocuments(db.orm, service, catalogue);
  await registerTwinRoutes(app, orderRoutes, {
    service,
    payments,
    documents,
    botCheck: new BotCheckService(db.orm, { secret: botCheckSecret }),
  });
  await app.register(paymentRoutes, { prefix: '/api', sandbox: provider, settlement: payments });
};
