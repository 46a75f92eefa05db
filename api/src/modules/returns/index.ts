import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { BotCheckService } from '../bot-check';
import type { EventPublisher } from '../events';
import type { IdentityService } from '../identity';
import type { LabelPlaces } from '../orders';
import type { PaymentProvider, PaymentSettlements, SandboxPaymentProvider } from '../payments';
import type { PriceService } from '../prices';
import type { WorkflowCatalogue } from '../workflows';
import { RETURN_PAYMENT_PREFIX, ReturnPayments } from './payments';
import { companyReturnRoutes, publicReturnRoutes } from './routes';
import { ReturnService } from './service';
import { ReturnSettingsService } from './settings';
import { returnSettingsRoutes } from './settings-routes';

export { labelledReturnOfKey, type ReturnsTx, returnLabelA6 } from './service';

export interface ReturnsModuleOptions {
  db: Database;
  identity: IdentityService;
  catalogue: WorkflowCatalogue;
  prices: PriceService;
  /** Countries' names for the labels (the composition root's). */
  labelPlaces: LabelPlaces;
  botCheck: BotCheckService;
  /** Pays test-mode returns; the provider the customer's payments start with (PAYMENT_PROVIDER). */
  sandbox: SandboxPaymentProvider;
  paymentProvider: PaymentProvider;
  /** The payments' callbacks reach the returns' settlement through this (by the `return:` references). */
  settlements: PaymentSettlements;
  /** The domain events' outbox: `return.created` is published in the label's transaction. */
  events?: EventPublisher;
  now?: () => Date;
}

/**
 * Prepaid returns (issue 40 item 1): a company's return labels and return codes (/api/returns,
 * /api/return_codes: a member, or an API key with the `returns` scope), and the customer's redeeming
 * of a code and the label download (/api/public/returns/…), the company's return settings
 * (/api/accounts/{id}/return_settings) and the customer's payment of a return. README.md says how.
 */
const returnsPlugin: FastifyPluginAsync<ReturnsModuleOptions> = async (
  app,
  {
    db,
    identity,
    catalogue,
    prices,
    labelPlaces,
    botCheck,
    sandbox,
    paymentProvider,
    settlements,
    events,
    now = () => new Date(),
  },
) => {
  const service = new ReturnService({ orm: db.orm, identity, catalogue, prices, labelPlaces, events, now });
  const payments = new ReturnPayments({
    orm: db.orm,
    provider: paymentProvider,
    testProvider: sandbox,
    labelMaker: () => service.labelMaker(),
    committed: () => service.afterCommit(),
    now,
  });
  settlements.add(RETURN_PAYMENT_PREFIX, payments);
  await app.register(companyReturnRoutes, { prefix: '/api', service, payments, botCheck });
  await app.register(returnSettingsRoutes, {
    prefix: '/api',
    settings: new ReturnSettingsService(db.orm, identity, now),
  });
  await app.register(publicReturnRoutes, { prefix: '/api/public', service, payments, botCheck });
};

export const returnsModule = apiModule(returnsPlugin, { name: 'returns' });
