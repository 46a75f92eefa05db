import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { IdentityService } from '../identity';
import type { JobEngine } from '../jobs';
import { type Resolver, systemResolver, type WebhookTargets } from './addresses';
import { type DelivererOptions, WebhookDeliverer } from './deliverer';
import { WebhookOutbox } from './outbox';
import { webhookRoutes } from './routes';
import { WebhookService } from './service';

export { isPublicAddress, type Resolver } from './addresses';
export { WebhookDeliverer } from './deliverer';
export { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_DESCRIPTION } from './events';
export { WebhookOutbox } from './outbox';
export { trimWebhookHistory } from './retention';

export interface WebhookSettings {
  targets: WebhookTargets;
  timeoutMs: number;
  /** Networks allowed besides the public internet with `public` targets (WEBHOOK_ALLOWED_NETWORKS). */
  allowed?: readonly string[];
}

/**
 * The webhooks' outbox and deliverer, made before the modules whose changes they report (the
 * composition root subscribes the outbox to the domain events `order.paid` and
 * `shipment.status_changed`). The deliverer handles the `webhooks.deliver` jobs of the job engine.
 */
export function webhookQueue(
  db: Database,
  jobs: JobEngine,
  settings: WebhookSettings,
  options: {
    now?: () => Date;
    resolve?: Resolver;
    onAttempt?: DelivererOptions['onAttempt'];
  } = {},
): { outbox: WebhookOutbox; deliverer: WebhookDeliverer } {
  const deliverer = new WebhookDeliverer(db.orm, jobs, {
    targets: settings.targets,
    timeoutMs: settings.timeoutMs,
    allowed: settings.allowed ?? [],
    resolve: options.resolve ?? systemResolver,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  });
  return { outbox: new WebhookOutbox(db.orm, jobs, options.now), deliverer };
}

export interface WebhooksModuleOptions {
  db: Database;
  identity: IdentityService;
  settings: WebhookSettings;
  /** The job engine (modules/jobs): a re-sent delivery is queued on it. */
  jobs: JobEngine;
  /** The host names' addresses (tests give their own to check names that resolve to private addresses). */
  resolve?: Resolver;
  now?: () => Date;
}

/**
 * Webhooks (issue 20 item 3): a company account's endpoints under /api/accounts/{id}/webhook_endpoints
 * (its main administrator, or an API key with the `webhooks` scope). The deliveries are the job
 * engine's `webhooks.deliver` jobs (deliverer.ts), worked wherever the engine works.
 */
const webhooksPlugin: FastifyPluginAsync<WebhooksModuleOptions> = async (
  app,
  { db, identity, settings, jobs, resolve, now },
) => {
  const webhooks = new WebhookService(db.orm, identity, {
    targets: settings.targets,
    allowed: settings.allowed ?? [],
    resolve: resolve ?? systemResolver,
    jobs,
    ...(now ? { now } : {}),
  });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(webhookRoutes, { webhooks });
    },
    { prefix: '/api' },
  );
};

export const webhooksModule = apiModule(webhooksPlugin, { name: 'webhooks' });
