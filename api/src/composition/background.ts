import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { type EbayClient, EbayFulfilments, ebayClientOf, TokenCipher } from '../modules/ebay';
import { handoverService } from '../modules/handover';
import type { JobEngine } from '../modules/jobs';
import { NotificationService } from '../modules/notifications';
import { webhookQueue } from '../modules/webhooks';
import type { Metrics } from './platform';
import type { Services } from './services';

/**
 * The work that follows a change in another module, on the job engine: the eBay fulfilments, the
 * webhooks' deliveries, the hand-over codes (QR) of paid orders and the e-mails of moving shipments. Built once,
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
  /** The job engine the work runs on: each service writes its jobs in the producer's transaction. */
  jobEngine: JobEngine;
  log: FastifyBaseLogger;
  metrics: Metrics | undefined;
  now: (() => Date) | undefined;
}): Background {
  const { db, config, services, jobEngine, log, metrics, now } = options;
  const clock = now ? { now } : {};
  const ebayClient = ebayClientOf(config.ebay);
  return {
    ebayClient,
    ebayFulfilments: new EbayFulfilments(db.orm, {
      client: ebayClient,
      cipher: new TokenCipher(config.ebay.tokenKey),
      carrierCode: config.ebay.carrierCode,
      jobs: jobEngine,
      log,
      ...clock,
    }),
    webhooks: webhookQueue(db, jobEngine, config.webhooks, {
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
      jobs: jobEngine,
      now,
    }),
    notifications: new NotificationService(db.orm, {
      mailer: services.mailer,
      portalUrl: config.portalUrl,
      jobs: jobEngine,
      logger: log,
    }),
  };
}
