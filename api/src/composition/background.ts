import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import {
  type EbayClient,
  EbayFulfilments,
  ebayClientOf,
  forgetEbayLinksOfDeletedProfiles,
  TokenCipher,
} from '../modules/ebay';
import type { DomainEvents } from '../modules/events';
import { handoverService } from '../modules/handover';
import type { JobEngine } from '../modules/jobs';
import { deletionMailConsumer, NotificationService } from '../modules/notifications';
import { webhookQueue } from '../modules/webhooks';
import type { Metrics } from './platform';
import type { Services } from './services';

/**
 * The work that follows a change in another module, on the job engine: the eBay fulfilments, the
 * webhooks' deliveries, the hand-over codes (QR) of paid orders and prepaid returns and the e-mails of moving shipments.
 * Built once, whatever modules the app serves. The producers publish domain events to `events`
 * (orders `order.paid` in the payment's transaction, tracking `shipment.status_changed` and
 * `return.status_changed` in the ingestion's, returns `return.created` in the label's, identity
 * `account.deleted` and `profile.deleted` in the deletion's); who consumes which is said here, and
 * nowhere else.
 */
export interface Background {
  events: DomainEvents;
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
  /** The outbox the producers were given (composeServices, the modules): the consumers subscribe to it here. */
  events: DomainEvents;
  /** The job engine the work runs on: each service writes its jobs in the producer's transaction. */
  jobEngine: JobEngine;
  log: FastifyBaseLogger;
  metrics: Metrics | undefined;
  now: (() => Date) | undefined;
}): Background {
  const { db, config, services, events, jobEngine, log, metrics, now } = options;
  const clock = now ? { now } : {};
  const ebayClient = ebayClientOf(config.ebay);
  const background: Background = {
    events,
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
  // The consumers of each domain event, each on its own job kind with its retry policy (JOB_POLICIES).
  events.subscribe(background.webhooks.outbox.consumer());
  events.subscribe(background.ebayFulfilments.consumer());
  // `order.paid` and `return.created`: the hand-over code of the order or the return (handover/README.md).
  events.subscribe(background.handover.service.consumer());
  events.subscribe(background.notifications.consumer());
  // identity's `account.deleted` and `profile.deleted`: the confirming e-mail, and the eBay links of a deleted profile.
  events.subscribe(deletionMailConsumer(db.orm, services.mailer));
  events.subscribe(forgetEbayLinksOfDeletedProfiles(db.orm));
  return background;
}
