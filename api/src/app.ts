import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type AuthOptions, decorateRequestWithPrincipal } from './auth';
import type { Database } from './db';
import { acceptJsonBodies } from './http/content-types';
import { registerErrorHandling } from './http/error-handling';
import { complaintsModule } from './modules/complaints';
import { countriesModule } from './modules/countries';
import { courierModule } from './modules/courier';
import { healthModule } from './modules/health';
import { hsCodesModule } from './modules/hs-codes';
import { identityModule } from './modules/identity';
import { newsModule } from './modules/news';
import {
  type Mailer,
  mailerFromEnv,
  NotificationService,
  notificationsModule,
  portalUrlFromEnv,
} from './modules/notifications';
import { ordersModule } from './modules/orders';
import { pricesModule } from './modules/prices';
import type { IndicativePricePolicy } from './modules/prices/indicative-policy';
import { serviceLocationsModule } from './modules/service-locations';
import { trackingModule } from './modules/tracking';
import { workflowsModule } from './modules/workflows';

export type { AuthOptions } from './auth';
// The package entry (`@portal/api`): what the gateway needs to open the database and serve the API.
export { type Database, type OpenDatabaseOptions, openDatabase } from './db';

export interface BuildAppOptions {
  db: Database;
  /** Fastify's pino logger: true for defaults, false for none (tests), or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Identity provider whose access tokens the API accepts; default from OIDC_ISSUER (auth/authenticate.ts). */
  auth?: AuthOptions;
  /** Where progress e-mails go; default from SMTP_URL / MAIL_DIR (modules/notifications/mailer.ts). */
  mailer?: Mailer;
  /** The clock of the modules that decide by today's date (orders, courier pick-ups); tests set it. */
  now?: () => Date;
  /** Whether products priced on indicative figures can be ordered; default from INDICATIVE_PRICES. */
  indicativePrices?: IndicativePricePolicy;
}

/**
 * The API as a Fastify instance, routes under `/api` and `/api/public`. Modules seed their data
 * while it is built. The caller owns `db`: close it after the app (e.g. in an onClose hook).
 */
export async function buildApp({
  db,
  logger = true,
  auth,
  mailer,
  now,
  indicativePrices,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger });
  acceptJsonBodies(app);
  registerErrorHandling(app);
  decorateRequestWithPrincipal(app, auth);

  await app.register(healthModule, { db, prefix: '/api' });
  await app.register(identityModule, { db });
  await app.register(countriesModule, { db });
  await app.register(workflowsModule, { db });
  await app.register(pricesModule, { db, indicativePrices });
  await app.register(serviceLocationsModule, { db });
  await app.register(ordersModule, { db, now, indicativePrices });
  await app.register(courierModule, { db, now });
  await app.register(hsCodesModule, {});
  await app.register(newsModule, { db, now });
  const mail = mailer ?? mailerFromEnv();
  await app.register(complaintsModule, { db, mailer: mail, now });
  const notifications = new NotificationService(db.orm, {
    mailer: mail,
    portalUrl: portalUrlFromEnv(),
    logger: app.log,
  });
  await app.register(notificationsModule, { service: notifications });
  await app.register(trackingModule, { db, onStatusChanged: (changes) => notifications.shipmentsMoved(changes) });
  return app;
}
