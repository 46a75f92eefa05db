import { apiModule } from '../../http/api-module';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import type { IdentityService } from '../identity';
import { type Resolver, systemResolver, type WebhookTargets } from './addresses';
import { type DispatcherOptions, WebhookDispatcher } from './dispatcher';
import { WebhookOutbox } from './outbox';
import { webhookRoutes } from './routes';
import { WebhookService } from './service';

export { isPublicAddress, type Resolver } from './addresses';
export { WebhookDispatcher } from './dispatcher';
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
 * The webhooks' outbox and dispatcher, made before the modules whose changes they report (the
 * composition in app.ts hands the outbox to orders as a paid-order listener and to tracking as a
 * status-change listener, and the dispatcher to webhooksModule).
 */
export function webhookQueue(
  db: Database,
  settings: WebhookSettings,
  options: {
    now?: () => Date;
    resolve?: Resolver;
    log?: { error(details: object, message: string): void };
    onAttempt?: DispatcherOptions['onAttempt'];
  } = {},
): { outbox: WebhookOutbox; dispatcher: WebhookDispatcher } {
  const dispatcher = new WebhookDispatcher(db.orm, {
    targets: settings.targets,
    timeoutMs: settings.timeoutMs,
    allowed: settings.allowed ?? [],
    resolve: options.resolve ?? systemResolver,
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  });
  return { outbox: new WebhookOutbox(() => dispatcher.wake(), options.now), dispatcher };
}

export interface WebhooksModuleOptions {
  db: Database;
  identity: IdentityService;
  settings: WebhookSettings;
  dispatcher: WebhookDispatcher;
  /** The host names' addresses (tests give their own to check names that resolve to private addresses). */
  resolve?: Resolver;
  now?: () => Date;
}

/**
 * Webhooks (issue 20 item 3): a company account's endpoints under /api/accounts/{id}/webhook_endpoints
 * (its main administrator, or an API key with the `webhooks` scope), and the dispatcher that sends
 * the queued deliveries, started with the app and stopped when it closes.
 */
const webhooksPlugin: FastifyPluginAsync<WebhooksModuleOptions> = async (
  app,
  { db, identity, settings, dispatcher, resolve, now },
) => {
  const webhooks = new WebhookService(db.orm, identity, {
    targets: settings.targets,
    allowed: settings.allowed ?? [],
    resolve: resolve ?? systemResolver,
    wake: () => dispatcher.wake(),
    ...(now ? { now } : {}),
  });
  app.addHook('onReady', async () => {
    dispatcher.start();
    // Deliveries queued while no instance ran (or left claimed by one that stopped) go out now.
    dispatcher.wake();
  });
  app.addHook('onClose', () => dispatcher.stop());
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(webhookRoutes, { webhooks });
    },
    { prefix: '/api' },
  );
};

export const webhooksModule = apiModule(webhooksPlugin, { name: 'webhooks' });
