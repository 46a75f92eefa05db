import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { pendingMigrations } from '../db';
import { pluginMeta, ROUTE_GUARDS } from '../http/api-module';
import type { registerDrain } from '../http/shutdown';
import { addressBookModule } from '../modules/address-book';
import { apiKeysModule } from '../modules/api-keys';
import { auditModule } from '../modules/audit';
import { cachesModule } from '../modules/caches';
import { clientErrorsModule } from '../modules/client-errors';
import { cmsModule } from '../modules/cms';
import { complaintsModule } from '../modules/complaints';
import { countriesModule } from '../modules/countries';
import { courierModule } from '../modules/courier';
import { discountsModule } from '../modules/discounts';
import { ebayModule } from '../modules/ebay';
import { handoverModule } from '../modules/handover';
import { healthModule } from '../modules/health';
import { hsCodesModule } from '../modules/hs-codes';
import { idempotencyModule } from '../modules/idempotency';
import { identityModule } from '../modules/identity';
import type { JobEngine, JobScheduler } from '../modules/jobs';
import { newsModule } from '../modules/news';
import { notificationsModule } from '../modules/notifications';
import { ordersModule } from '../modules/orders';
import { postCalendarModule } from '../modules/post-calendar';
import { pricesModule } from '../modules/prices';
import { reportsModule } from '../modules/reports';
import { returnsModule } from '../modules/returns';
import { serviceLocationsModule } from '../modules/service-locations';
import { trackingModule } from '../modules/tracking';
import { webhooksModule } from '../modules/webhooks';
import { workflowsModule } from '../modules/workflows';
import type { FileStorage } from '../storage';
import type { Background } from './background';
import type { Platform } from './platform';
import type { Services } from './services';

/** Everything the composition root built, from which each module's options are taken. */
export interface Wiring extends Platform {
  db: Database;
  config: Config;
  services: Services;
  background: Background;
  jobs: JobScheduler;
  jobEngine: JobEngine;
  drain: ReturnType<typeof registerDrain>;
  storage: FileStorage;
  now: (() => Date) | undefined;
}

interface ModuleWiring {
  // biome-ignore lint/suspicious/noExplicitAny: each entry pairs a plugin with its own options' type (`wire`).
  plugin: FastifyPluginAsync<any>;
  options: (wiring: Wiring) => object;
}

/** A module and how its options are made: the pairing is checked by the compiler here. */
const wire = <Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
  options: (wiring: Wiring) => Options,
): ModuleWiring => ({
  plugin,
  options: options as (wiring: Wiring) => object,
});

const clock = (now: (() => Date) | undefined) => (now ? { now } : {});

/**
 * Every API module, in an order Fastify accepts: each declares the plugins it needs registered first
 * (its fastify-plugin metadata, e.g. the route guards of http/api-module.ts), and Fastify refuses a
 * module listed before them. The order among the rest is free.
 */
const MODULES: readonly ModuleWiring[] = [
  wire(healthModule, (w) => ({
    db: w.db,
    pendingMigrations,
    // Readiness says `degraded` (and why) while a dependency's fallback serves: the pod keeps serving.
    degradations: () => {
      const redis = w.rateLimits.degradedReason();
      return redis ? [{ dependency: 'redis', reason: redis }] : [];
    },
    stopping: () => w.drain.draining,
    prefix: '/api',
  })),
  wire(idempotencyModule, (w) => ({ service: w.idempotency, jobs: w.jobs, waitMs: w.config.idempotency.waitMs })),
  wire(apiKeysModule, (w) => ({ service: w.services.apiKeys })),
  wire(identityModule, (w) => ({
    db: w.db,
    identity: w.services.identity,
    botCheck: w.services.botCheck,
    sms: w.services.sms,
    phoneCodeSecret: w.services.phoneCodeSecret,
    now: w.now,
  })),
  wire(auditModule, (w) => ({ db: w.db, identity: w.services.identity })),
  wire(countriesModule, (w) => ({ db: w.db })),
  wire(workflowsModule, (w) => ({ db: w.db, catalogue: w.services.catalogue })),
  wire(pricesModule, (w) => ({ db: w.db, prices: w.services.prices, documentWorkers: w.config.documentWorkers })),
  wire(discountsModule, (w) => ({ service: w.services.discounts, workbooks: w.services.workbooks.write })),
  wire(serviceLocationsModule, (w) => ({
    db: w.db,
    tiles: w.config.mapTiles,
    caches: w.services.caches,
    jobs: w.jobs,
  })),
  wire(ordersModule, (w) => ({
    db: w.db,
    catalogue: w.services.catalogue,
    prices: w.services.prices,
    identity: w.services.identity,
    botCheck: w.services.botCheck,
    courier: w.services.courier,
    labelPlaces: w.services.labelPlaces,
    sandbox: w.services.sandbox,
    discounts: w.services.discounts,
    // `order.paid` is published in the payment's transaction; its consumers: composition/background.ts.
    events: w.background.events,
    counters: w.metrics?.orders,
    paymentProvider: w.services.payments,
    settlements: w.services.settlements,
    now: w.now,
    documentWorkers: w.config.documentWorkers,
    workbooks: w.services.workbooks.write,
  })),
  wire(handoverModule, (w) => ({ handover: w.background.handover })),
  wire(returnsModule, (w) => ({
    db: w.db,
    identity: w.services.identity,
    catalogue: w.services.catalogue,
    prices: w.services.prices,
    labelPlaces: w.services.labelPlaces,
    botCheck: w.services.botCheck,
    // The customer pays a return's postage as a visitor pays an order; the callbacks reach it by its references.
    sandbox: w.services.sandbox,
    paymentProvider: w.services.payments,
    settlements: w.services.settlements,
    // `return.created` is published in the label's transaction; its consumers: composition/background.ts.
    events: w.background.events,
    ...clock(w.now),
  })),
  wire(reportsModule, (w) => ({
    statistics: w.services.orderStatistics,
    now: w.now,
    workbooks: w.services.workbooks.write,
  })),
  wire(courierModule, (w) => ({ courier: w.services.courier })),
  wire(hsCodesModule, (w) => ({ db: w.db, identity: w.services.identity })),
  wire(ebayModule, (w) => ({
    db: w.db,
    identity: w.services.identity,
    settings: w.config.ebay,
    client: w.background.ebayClient,
    jobs: w.jobs,
    ...clock(w.now),
  })),
  wire(newsModule, (w) => ({ db: w.db, now: w.now })),
  wire(clientErrorsModule, () => ({ prefix: '/api' })),
  wire(addressBookModule, (w) => ({ db: w.db, identity: w.services.identity, workbooks: w.services.workbooks.write })),
  wire(complaintsModule, (w) => ({
    db: w.db,
    identity: w.services.identity,
    botCheck: w.services.botCheck,
    mailer: w.services.mailer,
    storage: w.storage,
    portalUrl: w.config.portalUrl,
    now: w.now,
  })),
  wire(cmsModule, (w) => ({ db: w.db, now: w.now })),
  wire(postCalendarModule, (w) => ({ db: w.db, now: w.now })),
  wire(cachesModule, (w) => ({ caches: w.services.caches })),
  wire(notificationsModule, (w) => ({
    service: w.background.notifications,
    db: w.db,
    mailer: w.services.mailer,
    sms: w.services.sms,
    portalUrl: w.config.portalUrl,
    now: w.now,
    workbooks: w.services.workbooks.write,
  })),
  wire(trackingModule, (w) => ({
    db: w.db,
    // `shipment.status_changed` is published in the batch's transaction; its consumers: composition/background.ts.
    events: w.background.events,
    ...clock(w.now),
    ...(w.metrics ? { onIngested: w.metrics.trackingIngested } : {}),
  })),
  wire(webhooksModule, (w) => ({
    db: w.db,
    identity: w.services.identity,
    settings: w.config.webhooks,
    jobs: w.jobEngine,
    ...clock(w.now),
  })),
];

/** The names of the API's modules (each plugin's own), e.g. for `startTestApp({ modules: [...] })`. */
export const MODULE_NAMES: readonly string[] = MODULES.map(({ plugin }) => nameOf(plugin));

/**
 * The modules an app serves: all of them, or those named, what they declare they need
 * (transitively) and always the route guards, which stand before every route of any app. Throws
 * for a name no module has: buildApp asks first, before it opens anything.
 */
export function selectModules(only?: readonly string[]): ReadonlySet<string> {
  return only ? withDependencies([...ROUTE_GUARDS, ...only]) : new Set(MODULE_NAMES);
}

/** Registers the selected modules (selectModules) in the order of MODULES. */
export async function registerModules(
  app: FastifyInstance,
  wiring: Wiring,
  selected: ReadonlySet<string>,
): Promise<void> {
  for (const { plugin, options } of MODULES) {
    if (selected.has(nameOf(plugin))) await app.register(plugin, options(wiring));
  }
}

function withDependencies(names: readonly string[]): Set<string> {
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name)) return;
    const entry = MODULES.find(({ plugin }) => nameOf(plugin) === name);
    if (!entry) throw new Error(`no API module is named ${name} (${MODULE_NAMES.join(', ')})`);
    wanted.add(name);
    for (const dependency of pluginMeta(entry.plugin)?.dependencies ?? []) visit(dependency);
  };
  for (const name of names) visit(name);
  return wanted;
}

function nameOf(plugin: unknown): string {
  const meta = pluginMeta(plugin);
  if (!meta) throw new Error('an API module declares no name (http/api-module.ts)');
  return meta.name;
}
