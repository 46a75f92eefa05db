import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { type EbayClient, EbayFulfilments, ebayClientOf, TokenCipher } from '../modules/ebay';
import { handoverService } from '../modules/handover';
import { NotificationService } from '../modules/notifications';
import { webhookQueue } from '../modules/webhooks';
import type { Metrics } from './platform';
import type { Services } from './services';

/**
 * The work that follows a change in another module: the eBay fulfilments, the webhooks' outbox and
 * dispatcher, the hand-over codes (QR) of paid orders and the e-mails of moving shipments. Built once,
 * whatever modules the app serves: the orders module tells them of paid orders in the payment's
 * transaction, the tracking module of status changes in the ingestion's.
 */
export interface Background {
  ebayClient: EbayClient | null;
  ebayFulfilments: EbayFulfilments;
  webhooks: ReturnType<typeof webhookQueue>;
  handover: ReturnType<typeof handoverService>;
  notifications: NotificationService;
}

export function composeBackground(options: {
  db: Database;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
  metrics: Metrics | undefined;
  now: (() => Date) | undefined;
}): Background {
  const { db, config, services, log, metrics, now } = options;
  const clock = now ? { now } : {};
  const ebayClient = ebayClientOf(config.ebay);
  return {
    ebayClient,
    ebayFulfilments: new EbayFulfilments(db.orm, {
      client: ebayClient,
      cipher: new TokenCipher(config.ebay.tokenKey),
      carrierCode: config.ebay.carrierCode,
      log,
      ...clock,
    }),
    webhooks: webhookQueue(db, config.webhooks, {
      log,
      ...clock,
      ...(metrics ? { onAttempt: metrics.webhookAttempt } : {}),
    }),
    handover: handoverService({
      db,
      settings: config.handover,
      identity: services.identity,
      catalogue: services.catalogue,
      labelPlaces: services.labelPlaces,
      mailer: services.mailer,
      documentWorkers: config.documentWorkers,
      now,
      logger: log,
    }),
    notifications: new NotificationService(db.orm, {
      mailer: services.mailer,
      portalUrl: config.portalUrl,
      logger: log,
    }),
  };
}
