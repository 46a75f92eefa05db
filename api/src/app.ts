import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type AuthOptions, decorateRequestWithPrincipal } from './auth';
import { type Config, loadConfig } from './config';
import type { Database } from './db';
import { acceptJsonBodies } from './http/content-types';
import { registerCors } from './http/cors';
import { hydraFrameworkErrors, registerErrorHandling } from './http/error-handling';
import { privateLogger } from './http/logging';
import { registerRateLimits } from './http/rate-limits';
import { refuseUnsafeText } from './http/safe-text';
import { originOf, registerSecurityHeaders } from './http/security-headers';
import { addressBookModule } from './modules/address-book';
import { complaintsModule } from './modules/complaints';
import { countriesModule } from './modules/countries';
import { courierModule } from './modules/courier';
import { healthModule } from './modules/health';
import { hsCodesModule } from './modules/hs-codes';
import { identityModule } from './modules/identity';
import { newsModule } from './modules/news';
import { type Mailer, mailerFromSettings, NotificationService, notificationsModule } from './modules/notifications';
import { ordersModule } from './modules/orders';
import { SandboxPaymentProvider } from './modules/payments';
import { pricesModule } from './modules/prices';
import { serviceLocationsModule } from './modules/service-locations';
import { trackingModule } from './modules/tracking';
import { workflowsModule } from './modules/workflows';

export type { AuthOptions } from './auth';
export { type Config, ConfigError, DEV_TRACKING_CLIENT_SECRET, loadConfig, loadConfigOrExit } from './config';
// The package entry (`@portal/api`): what the gateway needs to open the database and serve the API.
export { type Database, type OpenDatabaseOptions, openDatabase } from './db';
export type { RateLimitCategory } from './http/rate-limits';
export { amendContentSecurityPolicy } from './http/security-headers';

export interface BuildAppOptions {
  db: Database;
  /** The settings (api/src/config); default: read from the environment and checked now. */
  config?: Config;
  /** Fastify's pino logger: true for defaults, false for none (tests), or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Identity provider whose access tokens the API accepts; default the configuration's (OIDC_ISSUER...). */
  auth?: AuthOptions;
  /** Where progress e-mails go; default the configuration's SMTP_URL / MAIL_DIR (modules/notifications/mailer.ts). */
  mailer?: Mailer;
  /** Origins of remotes served elsewhere (the gateway reads remotes.json): the pages' CSP allows their code. */
  remoteOrigins?: () => readonly string[];
  /** The clock of the modules that decide by today's date (orders, courier pick-ups); tests set it. */
  now?: () => Date;
}

/**
 * The API as a Fastify instance, routes under `/api` and `/api/public`. Modules seed their data
 * while it is built. The caller owns `db`: close it after the app (e.g. in an onClose hook).
 */
export async function buildApp({
  db,
  config = loadConfig(),
  logger = true,
  auth,
  mailer,
  now,
  remoteOrigins,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: privateLogger(logger), ...hydraFrameworkErrors });
  acceptJsonBodies(app);
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
  await registerRateLimits(app, config.rateLimit);
  decorateRequestWithPrincipal(app, auth ?? config.oidc);
  // Without BOT_CHECK_SECRET (development only: production refuses it), one random secret for
  // both modules that check the bot-check tokens.
  const botCheckSecret = config.botCheckSecret ?? randomBytes(32).toString('hex');

  await app.register(healthModule, { db, prefix: '/api' });
  await app.register(identityModule, { db, seedDemoUsers: config.seedDemoUsers, botCheckSecret });
  await app.register(countriesModule, { db });
  await app.register(workflowsModule, { db, tariffFile: config.tariffFile });
  await app.register(pricesModule, { db, indicativePrices: config.indicativePrices });
  await app.register(serviceLocationsModule, { db, tiles: config.mapTiles });
  const sandbox = new SandboxPaymentProvider({ secret: config.payments.sandboxSecret });
  await app.register(ordersModule, { db, now, sandbox, botCheckSecret, indicativePrices: config.indicativePrices });
  await app.register(courierModule, { db, now });
  await app.register(hsCodesModule, {});
  await app.register(newsModule, { db, now });
  await app.register(addressBookModule, { db });
  const mail = mailer ?? mailerFromSettings(config.mail);
  await app.register(complaintsModule, { db, mailer: mail, portalUrl: config.portalUrl, botCheckSecret, now });
  const notifications = new NotificationService(db.orm, {
    mailer: mail,
    portalUrl: config.portalUrl,
    logger: app.log,
  });
  await app.register(notificationsModule, { service: notifications });
  await app.register(trackingModule, { db, onStatusChanged: (changes) => notifications.shipmentsMoved(changes) });
  return app;
}
