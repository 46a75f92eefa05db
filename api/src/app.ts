import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AuthOptions } from './auth';
import {
  composeBackground,
  composeServices,
  fileStorageOf,
  listenToOtherInstances,
  registerModules,
  registerPlatform,
  type Services,
  selectModules,
  startJobEngine,
  startJobs,
} from './composition';
import { type Config, loadConfig } from './config';
import type { Database } from './db';
import { hydraFrameworkErrors } from './http/error-handling';
import { privateLogger } from './http/logging';
import { requestIdOptions } from './http/request-id';
import { registerDrain } from './http/shutdown';
import { DomainEvents } from './modules/events';
import type { JobEngine, JobScheduler } from './modules/jobs';
import type { Mailer } from './modules/notifications';
import { seedDatabase, seedOptionsOf } from './seeds';
import type { SmsSender } from './sms';
import type { FileStorage } from './storage';

export type { AuthOptions } from './auth';
export type { Services } from './composition';
export { MODULE_NAMES } from './composition';
export { type Config, ConfigError, DEV_TRACKING_CLIENT_SECRET, loadConfig, loadConfigOrExit } from './config';
// The package entry (`@portal/api`): what the gateway needs to open the database and serve the API.
export { type Database, type OpenDatabaseOptions, openDatabase, openDatabaseForStart } from './db';
export type { RateLimitCategory } from './http/rate-limits';
export { amendContentSecurityPolicy } from './http/security-headers';
export { stopGracefully } from './http/shutdown';
// The job engine, for the bench's outbox figures (infra/bench/outbox.ts).
export { JobEngine } from './modules/jobs';
export { rotateTrackingPartitions, trackingPartitions } from './modules/tracking';

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
  /**
   * Only these modules (by name, `MODULE_NAMES`) and what they declare they need: a test of one
   * module starts without the others' routes. Default: every module.
   */
  modules?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The services the composition root built, for the entry points, scripts and tests (e.g. to
     * invalidate the workflow catalogue after writing tariffs directly). Modules never read it:
     * they are given what they use.
     */
    services: Services;
    /** This instance's scheduled jobs (modules/jobs); tests queue a slot's runs with `check` and run them with `drainJobs`. */
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
 * The API as a Fastify instance, routes under `/api` and `/api/public`. The composition root
 * (composition/) builds the shared services once, the platform every route goes through, the work
 * that follows a change, and hands each module what it uses. The caller owns `db`: close it after
 * the app (e.g. in an onClose hook).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config = loadConfig(), logger = true, now } = options;
  const modules = selectModules(options.modules);
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
  // SIGTERM's drain (http/shutdown.ts): readiness 503 while the instance still serves.
  const drain = registerDrain(app);
  const jobEngine = await startJobEngine(app, db, config);
  // One outbox: the services' producers (identity) and the modules' publish to it, the background's consumers subscribe.
  const events = new DomainEvents(jobEngine, now);
  const services = composeServices({ db, config, mailer: options.mailer, sms: options.sms, now, events });
  app.decorate('services', services);
  const jobs = startJobs(app, db, jobEngine, config, now);
  await listenToOtherInstances(app, services);
  if (options.seed ?? !config.production) {
    await seedDatabase(db, { ...seedOptionsOf(config), catalogue: services.catalogue, log: app.log });
  }
  const { auth, remoteOrigins } = options;
  const platform = await registerPlatform(app, { db, config, services, auth, remoteOrigins, now });
  platform.metrics?.observeJobEngine(jobEngine);
  if (platform.metrics) jobs.observeTurns(platform.metrics.jobs);
  const background = composeBackground({
    db,
    config,
    services,
    events,
    jobEngine,
    log: app.log,
    metrics: platform.metrics,
    now,
  });
  const storage = fileStorageOf(app, options.fileStorage, config);
  const wiring = { ...platform, db, config, services, background, jobs, jobEngine, drain, storage, now };
  await registerModules(app, wiring, modules);
  return app;
}
