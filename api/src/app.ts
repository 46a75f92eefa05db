import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type AuthOptions, decorateRequestWithPrincipal } from './auth';
import { CacheIndex } from './cache-index';
import { composeServices, type Services } from './composition';
import { type Config, loadConfig } from './config';
import { type Database, observeJobs, pendingMigrations } from './db';
import { registerApiVersions } from './http/api-version';
import { registerCompression } from './http/compression';
import { acceptJsonBodies, answerAsDocumented } from './http/content-types';
import { registerCors } from './http/cors';
import { hydraFrameworkErrors, registerErrorHandling } from './http/error-handling';
import { privateLogger } from './http/logging';
import { registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limits';
import { answerWithRequestId, requestIdOptions } from './http/request-id';
import { useRouteSchemas } from './http/route-schemas';
import { refuseUnsafeText } from './http/safe-text';
import { originOf, registerSecurityHeaders } from './http/security-headers';
import { registerDrain } from './http/shutdown';
import { registerTracing } from './http/tracing';
import { addressBookModule } from './modules/address-book';
import { apiKeysModule } from './modules/api-keys';
import { auditModule } from './modules/audit';
import { cachesModule } from './modules/caches';
import { clientErrorsModule } from './modules/client-errors';
import { cmsModule } from './modules/cms';
import { complaintsModule } from './modules/complaints';
import { countriesModule } from './modules/countries';
import { courierModule } from './modules/courier';
import { discountsModule } from './modules/discounts';
import { EbayFulfilments, ebayClientOf, ebayModule, TokenCipher } from './modules/ebay';
import { handoverModule, handoverService } from './modules/handover';
import { healthModule } from './modules/health';
import { hsCodesModule } from './modules/hs-codes';
import { IdempotencyService, idempotencyModule, keepIdempotentAnswers } from './modules/idempotency';
import { identityModule } from './modules/identity';
import { JobEngine, JobScheduler } from './modules/jobs';
import { newsModule } from './modules/news';
import { type Mailer, NotificationService, notificationsModule } from './modules/notifications';
import { ordersModule } from './modules/orders';
import { postCalendarModule } from './modules/post-calendar';
import { pricesModule } from './modules/prices';
import { reportsModule } from './modules/reports';
import { serviceLocationsModule } from './modules/service-locations';
import { trackingModule } from './modules/tracking';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_DESCRIPTION, webhookQueue, webhooksModule } from './modules/webhooks';
import { workflowsModule } from './modules/workflows';
import { scheduleHousekeeping } from './scheduled-jobs';
import { seedDatabase, seedOptionsOf } from './seeds';
import type { SmsSender } from './sms';
import { type FileStorage, fileStorageFromSettings, S3FileStorage } from './storage';

export type { AuthOptions } from './auth';
export type { Services } from './composition';
export { type Config, ConfigError, DEV_TRACKING_CLIENT_SECRET, loadConfig, loadConfigOrExit } from './config';
// The package entry (`@portal/api`): what the gateway needs to open the database and serve the API.
export { type Database, type OpenDatabaseOptions, openDatabase, openDatabaseForStart } from './db';
export type { RateLimitCategory } from './http/rate-limits';
export { amendContentSecurityPolicy } from './http/security-headers';
export { stopGracefully } from './http/shutdown';
// The job engine, for the bench's outbox figures (infra/bench/outbox.ts).
export { JobEngine } from './modules/jobs';

export interface BuildAppOptions {
  db: Database;
  /** The settings (api/src/config); default: read from the environment and checked now. */
  config?: Config;
  /** Fastify's pino logger: true for defaults, false for none (tests), or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Identity provider whose access tokens the API accepts; default the configuration's (OIDC_ISSUER...). */
  auth?: AuthOptions;
  /** Where e-mails go; default the configuration's SMTP_URL / MAIL_DIR (modules/notifications/mailer.ts). */
  mailer?: Mailer;
  /** Where uploaded files go; default the configuration's FILE_STORAGE / UPLOADS_DIR / S3_* (api/src/storage). */
  fileStorage?: FileStorage;
  /** Where phone change codes go; default the configuration's SMS_PROVIDER (modules/sms). */
  sms?: SmsSender;
  /** Origins of remotes served elsewhere (the gateway reads remotes.json): the pages' CSP allows their code. */
  remoteOrigins?: () => readonly string[];
  /** The clock of the modules that decide by today's date (orders, courier pick-ups); tests set it. */
  now?: () => Date;
  /**
   * Seed the reference data before serving (seeds.ts). Default: in development yes, in production
   * no (`npm run db:seed` is a deployment step there, like `npm run db:migrate`).
   */
  seed?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The services the composition root built, for the entry points, scripts and tests (e.g. to
     * invalidate the workflow catalogue after writing tariffs directly). Modules never read it:
     * they are given what they use.
     */
    services: Services;
    /** This instance's scheduled jobs (modules/jobs); tests drive them with `runDue`. */
    jobs: JobScheduler;
    /** The job engine (modules/jobs) the background work runs on; tests run it with `drainJobs`. */
    jobEngine: JobEngine;
  }
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count is given as a function of the hop, as
 * proxy-addr did: Fastify 5.12 treats a bare number as "trust nobody" (it cannot check the
 * immediate peer). So a hop count believes whoever connects: use it only where the pods can be
 * reached through the proxies alone (the overlays' NetworkPolicy), and prefer addresses or blocks.
 */
export function trustedProxies(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The API as a Fastify instance, routes under `/api` and `/api/public`: the composition root
 * (composition.ts) builds the shared services once and hands each module what it uses. The caller
 * owns `db`: close it after the app (e.g. in an onClose hook).
 */
export async function buildApp({
  db,
  config = loadConfig(),
  logger = true,
  auth,
  mailer,
  fileStorage,
  sms,
  now,
  remoteOrigins,
  seed = !config.production,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: privateLogger(logger),
    ...requestIdOptions,
    ...hydraFrameworkErrors,
    // Behind the Ingress, request.ip (the rate limits' key, the logs) is the client's address as the
    // trusted proxies tell it (TRUST_PROXY), never an address a client wrote in its own header.
    trustProxy: trustedProxies(config.trustProxy),
    // A development start seeds thousands of service locations before serving; on a busy machine
    // that took longer than Fastify's default 10 s in a CI run on PostgreSQL.
    pluginTimeout: 120_000,
  });
  const services = composeServices({ db, config, mailer, sms, now });
  app.decorate('services', services);
  // SIGTERM's drain (http/shutdown.ts): readiness 503 while the instance still serves.
  const drain = registerDrain(app);
  // Scheduled work once per interval for the whole deployment (modules/jobs): modules add their jobs
  // as they register; the checks start once the app is ready.
  const jobs = new JobScheduler(db, { log: app.log, ...(now ? { now } : {}) });
  app.decorate('jobs', jobs);
  scheduleHousekeeping(jobs, db, config, now);
  if (config.jobs.enabled) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // The one job engine (modules/jobs): producers write jobs in their transactions, modules handle
  // their kinds; this instance works them unless JOBS=off (the tests drain them themselves).
  const jobEngine = await JobEngine.open(db, { log: app.log, supervise: config.jobs.enabled });
  app.decorate('jobEngine', jobEngine);
  if (config.jobs.enabled) app.addHook('onReady', async () => jobEngine.work());
  app.addHook('onClose', async () => jobEngine.stop());
  // Another API instance on this database changed what a cache holds: drop this instance's copy.
  await services.notices.start((topic) => {
    const cache = CacheIndex.cacheOf(topic);
    if (cache) services.caches.clearLocally(cache);
  });
  app.addHook('onClose', () => services.notices.close());
  app.addHook('onClose', () => services.workbooks.close());
  if (seed) await seedDatabase(db, { ...seedOptionsOf(config), catalogue: services.catalogue, log: app.log });

  // Before any route: the document sees every route registered after it (openapi.ts).
  useRouteSchemas(app, { checkAnswers: config.checkAnswers });
  await registerOpenApi(app, {
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOK_EVENTS).map(([event, schema]) => [event, String(schema.meta()?.id)]),
    ),
    signature: WEBHOOK_SIGNATURE_DESCRIPTION,
  });

  // First of the request hooks: every later step of a request runs inside its span.
  if (config.tracing) registerTracing(app, db, config.tracing);
  answerWithRequestId(app);
  registerApiVersions(app);
  const metrics = config.metrics.enabled
    ? registerMetrics(app, { token: config.metrics.token, pool: db.poolStats })
    : undefined;
  if (metrics) {
    observeJobs(db, metrics.jobs);
    metrics.observeJobEngine(jobEngine);
  }
  acceptJsonBodies(app);
  answerAsDocumented(app);
  // Before compression: an idempotent call's answer is kept as written, not as one caller's gzip.
  const idempotency = new IdempotencyService(db.orm, now);
  keepIdempotentAnswers(app, idempotency);
  registerErrorHandling(app);
  refuseUnsafeText(app);
  const identityOrigins = [config.oidc.issuer, config.oidc.authority, config.oidc.discoveryUrl ?? '']
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  await registerSecurityHeaders(app, {
    production: config.production,
    remoteOrigins: () => [...config.remoteOrigins, ...(remoteOrigins?.() ?? [])],
    identityOrigins: [...new Set(identityOrigins)],
    imageOrigins: config.mapTiles ? [originOf(config.mapTiles.url)].filter((origin): origin is string => !!origin) : [],
  });
  await registerCors(app, config.corsOrigins);
  const rateLimits = await registerRateLimits(app, config.rateLimit, {
    onFallback: () => metrics?.fellBack('redis'),
  });
  if (config.rateLimit.redisUrl) metrics?.watchDependency('redis', rateLimits.degradedReason);
  await registerCompression(app);
  // A bearer value that starts with the API key prefix is a company's key (modules/api-keys).
  decorateRequestWithPrincipal(app, auth ?? config.oidc, (key) => services.apiKeys.verify(key));

  const { identity, botCheck, catalogue, prices, courier } = services;
  await app.register(healthModule, {
    db,
    pendingMigrations,
    // Readiness says `degraded` (and why) while a dependency's fallback serves: the pod keeps serving.
    degradations: () => {
      const redis = rateLimits.degradedReason();
      return redis ? [{ dependency: 'redis', reason: redis }] : [];
    },
    stopping: () => drain.draining,
    prefix: '/api',
  });
  // Before every module with creating or paying routes: its onRoute hook gives each route declaring
  // `config: { idempotent: true }` the Idempotency-Key handling (modules/idempotency).
  await app.register(idempotencyModule, {
    service: idempotency,
    jobs,
    waitMs: config.idempotency.waitMs,
  });
  // Before every module with authenticated routes: its key gate (which routes a key may call, with
  // which scope) and its record of each key's calls apply to all of them.
  await app.register(apiKeysModule, { service: services.apiKeys });
  await app.register(identityModule, {
    db,
    identity,
    botCheck,
    sms: services.sms,
    phoneCodeSecret: services.phoneCodeSecret,
    now,
  });
  // Before the modules with admin routes, so that its audit hook wraps all of them.
  await app.register(auditModule, { db, identity });
  await app.register(countriesModule, { db });
  await app.register(workflowsModule, { db, catalogue });
  await app.register(pricesModule, { db, prices, documentWorkers: config.documentWorkers });
  await app.register(discountsModule, { service: services.discounts, workbooks: services.workbooks.write });
  await app.register(serviceLocationsModule, { db, tiles: config.mapTiles, caches: services.caches, jobs });
  // The eBay fulfilment outbox hears of paid orders in the payment's transaction (modules/ebay).
  const ebayClient = ebayClientOf(config.ebay);
  const ebayFulfilments = new EbayFulfilments(db.orm, {
    client: ebayClient,
    cipher: new TokenCipher(config.ebay.tokenKey),
    carrierCode: config.ebay.carrierCode,
    jobs: jobEngine,
    log: app.log,
    ...(now ? { now } : {}),
  });
  // The webhooks' outbox hears of paid orders and status changes in their transactions and queues
  // their deliveries as jobs of the job engine (modules/webhooks).
  const webhooks = webhookQueue(db, jobEngine, config.webhooks, {
    ...(now ? { now } : {}),
    ...(metrics ? { onAttempt: metrics.webhookAttempt } : {}),
  });
  // The hand-over code (QR) of a paid order is written in the payment's transaction too (modules/handover).
  const handover = handoverService({
    db,
    settings: config.handover,
    identity,
    catalogue,
    labelPlaces: services.labelPlaces,
    mailer: services.mailer,
    documentWorkers: config.documentWorkers,
    jobs: jobEngine,
    now,
  });
  await app.register(ordersModule, {
    db,
    catalogue,
    prices,
    identity,
    botCheck,
    courier,
    labelPlaces: services.labelPlaces,
    sandbox: services.sandbox,
    discounts: services.discounts,
    paidListeners: [ebayFulfilments, webhooks.outbox, handover.service],
    counters: metrics?.orders,
    paymentProvider: services.payments,
    now,
    documentWorkers: config.documentWorkers,
    workbooks: services.workbooks.write,
  });
  await app.register(handoverModule, { handover });
  await app.register(reportsModule, { statistics: services.orderStatistics, now, workbooks: services.workbooks.write });
  await app.register(courierModule, { courier });
  await app.register(hsCodesModule, { db, identity });
  await app.register(ebayModule, {
    db,
    identity,
    settings: config.ebay,
    client: ebayClient,
    jobs,
    ...(now ? { now } : {}),
  });
  await app.register(newsModule, { db, now });
  await app.register(clientErrorsModule, { prefix: '/api' });
  await app.register(addressBookModule, { db, identity, workbooks: services.workbooks.write });
  const storage = fileStorage ?? fileStorageFromSettings(config.storage);
  if (!fileStorage && storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
  await app.register(complaintsModule, {
    db,
    identity,
    botCheck,
    mailer: services.mailer,
    storage,
    portalUrl: config.portalUrl,
    now,
  });
  await app.register(cmsModule, { db, now });
  await app.register(postCalendarModule, { db, now });
  await app.register(cachesModule, { caches: services.caches });
  const notifications = new NotificationService(db.orm, {
    mailer: services.mailer,
    portalUrl: config.portalUrl,
    jobs: jobEngine,
    logger: app.log,
  });
  await app.register(notificationsModule, {
    service: notifications,
    db,
    mailer: services.mailer,
    sms: services.sms,
    portalUrl: config.portalUrl,
    now,
    workbooks: services.workbooks.write,
  });
  await app.register(trackingModule, {
    db,
    onStatusChanged: (changes) => notifications.shipmentsMoved(changes),
    statusListeners: [webhooks.outbox],
    ...(now ? { now } : {}),
    ...(metrics ? { onIngested: metrics.trackingIngested } : {}),
  });
  await app.register(webhooksModule, {
    db,
    identity,
    settings: config.webhooks,
    jobs: jobEngine,
    ...(now ? { now } : {}),
  });
  return app;
}
