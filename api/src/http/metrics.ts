import { AsyncResource } from 'node:async_hooks';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, register as processRegistry, Registry } from 'prom-client';
import { z } from 'zod';
import { described, errorAnswers, noContent } from './answer-schemas';

/** What the metrics read besides the requests themselves (given by app.ts). */
export interface MetricsSources {
  /** The PostgreSQL pool's counts; none on PGlite (one connection in the process). */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface MetricsOptions extends MetricsSources {
  /** The bearer token a scraper must send; none: open (development only, see config). */
  token?: string;
}

/**
 * What the business does, counted as it commits (issue 17 item 5: orders and payments per
 * minute, read as `rate(portal_orders_created_total[1m]) * 60`). The orders module calls these.
 */
export interface OrderCounters {
  /** An order was saved (by its customer, the back office or a bulk upload). */
  created(): void;
  /** An order's payment was settled as paid (once per order). */
  paid(): void;
}

/** How a webhook delivery attempt ended: delivered; failed and tried again later; failed for good (a day on). */
export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** What one ingested batch of tracking events held. */
export interface TrackingIngestCounts {
  stored: number;
  duplicates: number;
  flagged: number;
  rejected: number;
}

/** One turn of a scheduled job (modules/jobs' ScheduledTurn). */
export interface JobTurn {
  job: string;
  outcome: 'ran' | 'skipped' | 'failed';
  seconds: number;
}

/** One kind of job as the job engine tells it at a scrape (modules/jobs). */
export interface JobEngineKindStats {
  kind: string;
  waiting: number;
  oldestWaitingSeconds: number;
}

/** The job engine as the metrics read it (modules/jobs' JobEngine). */
export interface ObservedJobEngine {
  readonly kinds: readonly string[];
  stats(): Promise<readonly JobEngineKindStats[]>;
  observeAttempts(observer: (kind: string, outcome: 'completed' | 'retrying' | 'failed') => void): void;
}

/**
 * The async context the process's figures are made in: none. The event-loop monitor is an async
 * resource that keeps, for the process's lifetime, the context it was created in; made inside a
 * request or a database transaction (pglite-client.ts keeps one), it kept that context's objects.
 */
const noContext = new AsyncResource('portal.process-metrics');

/**
 * The process's own figures (CPU, memory, event-loop lag, garbage collection) in prom-client's own
 * registry, collected once per process however many apps it builds (tests build several; two
 * instances may share a process): they describe the process, not an app. prom-client's
 * garbage-collection observer is never disconnected, so a set per app kept every closed app, with
 * its database, in memory: in a jest worker the heap grew by about 35 MB per test file, and each
 * file's set-up slowed with it (from 3 s of CPU to over 20 s by the 80th file).
 */
function processMetrics(): Registry {
  if (!processRegistry.getSingleMetric('process_cpu_user_seconds_total')) {
    noContext.runInAsyncScope(() => collectDefaultMetrics({ register: processRegistry }));
  }
  return processRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a remote area the gateway's first screen leaves to the browser (infra/gateway,
     * first-screen-fallbacks.ts); absent when metrics are off.
     */
    countFirstScreenFallback?: (remote: string, reason: string) => void;
  }
}

/**
 * Prometheus metrics at GET /metrics (issue 17), with prom-client: the process's own (CPU, memory,
 * event-loop lag, garbage collection), requests by method, route template and status (a counter
 * and a latency histogram; a route template, never the URL, so that ids do not make new series;
 * errors are the 5xx series), the database pool, and the scheduled jobs' turns.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: MetricsOptions,
): {
  registry: Registry;
  orders: OrderCounters;
  jobs: (turn: JobTurn) => void;
  /** The job engine's queue depth and oldest waiting job per kind at each scrape, and its attempts' outcomes. */
  observeJobEngine: (engine: ObservedJobEngine) => void;
  /** A dependency failed and its fallback took over (Redis: the rate limits count in memory). */
  fellBack: (dependency: string) => void;
  /** Reports a dependency's state on each scrape: 1 while `degraded` gives a reason. */
  watchDependency: (dependency: string, degraded: () => string | null) => void;
  /** A webhook delivery attempt ended (modules/webhooks/deliverer.ts). */
  webhookAttempt: (outcome: WebhookAttemptOutcome) => void;
  /** A batch of tracking events was ingested (modules/tracking/service.ts). */
  trackingIngested: (counts: TrackingIngestCounts) => void;
  /** A page's remote area was left to the browser by the gateway's first screen (infra/gateway). */
  firstScreenFallback: (remote: string, reason: string) => void;
} {
  const processFigures = processMetrics();
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status code',
    labelNames,
    // From a cached price (about 1 ms) to a large export (seconds).
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (options.pool) {
    const pool = options.pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the PostgreSQL pool by state (total, idle; waiting: requests queued for one)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const counts = pool();
        this.set({ state: 'total' }, counts.total);
        this.set({ state: 'idle' }, counts.idle);
        this.set({ state: 'waiting' }, counts.waiting);
      },
    });
  }
  const ordersCreated = new Counter({
    name: 'portal_orders_created_total',
    help: 'Orders saved (by customers, the back office and bulk uploads)',
    registers: [registry],
  });
  const ordersPaid = new Counter({
    name: 'portal_orders_paid_total',
    help: 'Orders whose payment was settled as paid',
    registers: [registry],
  });
  // The scheduled jobs (the locations sync, eBay's import): each instance counts its own turns; a
  // job that every instance skips for long, or that fails, is what an alert watches.
  const jobTurns = new Counter({
    name: 'portal_job_turns_total',
    help: 'Turns of scheduled jobs by job and outcome (ran; skipped: the slot was queued already, or a run was under way; failed)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long the passes of scheduled jobs ran (ran or failed), by job',
    labelNames: ['job'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  // The job engine (modules/jobs, issue 37): what waits per kind, for how long, and how attempts end.
  let jobEngine: ObservedJobEngine | undefined;
  let engineStats: Promise<readonly JobEngineKindStats[]> | undefined;
  // Both gauges read one query per scrape (whichever collects first starts it).
  const statsOnce = () => {
    engineStats ??= (jobEngine?.stats() ?? Promise.resolve([])).finally(() => {
      setImmediate(() => {
        engineStats = undefined;
      });
    });
    return engineStats;
  };
  new Gauge({
    name: 'portal_jobs_waiting',
    help: 'Jobs of the job engine waiting (created or waiting for a retry), by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const { kind, waiting } of await statsOnce()) this.set({ kind }, waiting);
    },
  });
  new Gauge({
    name: 'portal_jobs_oldest_waiting_seconds',
    help: 'Age of the oldest waiting job of the job engine, by kind (0: none waits)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const { kind, oldestWaitingSeconds } of await statsOnce()) this.set({ kind }, oldestWaitingSeconds);
    },
  });
  const jobAttempts = new Counter({
    name: 'portal_job_attempts_total',
    help: "Attempts of the job engine's jobs by kind and outcome (completed; retrying: failed, tried again later; failed: given up)",
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  // Dependencies that can fail while the API keeps serving (issue 35: Redis under the rate limits).
  const fallbacks = new Counter({
    name: 'portal_dependency_fallbacks_total',
    help: 'Times a failing dependency was replaced by its fallback (redis: rate limits counted in instance memory)',
    labelNames: ['dependency'],
    registers: [registry],
  });
  // Issue 39 item 3: a remote whose Node build the gateway cannot run (served from another origin,
  // not built for Node, failing to load) is drawn by the browser; counted per page served.
  const firstScreenFallbacks = new Counter({
    name: 'portal_first_screen_browser_areas_total',
    help: 'Remote areas of pages served whose first screen the browser draws instead of the gateway, by remote and reason (other_origin, no_node_build, cannot_run)',
    labelNames: ['remote', 'reason'],
    registers: [registry],
  });
  const watched = new Map<string, () => string | null>();
  new Gauge({
    name: 'portal_dependency_degraded',
    help: 'Whether a dependency is failing now and its fallback serves (1) or not (0), by dependency',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      for (const [dependency, degraded] of watched) this.set({ dependency }, degraded() === null ? 0 : 1);
    },
  });
  // Webhook deliveries (issue 35: an alert on failures) and the tracking feed (an alert when it stalls).
  const webhookAttempts = new Counter({
    name: 'portal_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered; retrying: failed, tried again later; failed: given up)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const trackingEvents = new Counter({
    name: 'portal_tracking_events_ingested_total',
    help: 'Tracking events received from the operator systems by result (stored, duplicate, flagged, rejected)',
    labelNames: ['result'],
    registers: [registry],
  });
  // Every series from the start: an alert on `increase(...) == 0` sees a quiet feed, not a missing one.
  for (const outcome of ['delivered', 'retrying', 'failed']) webhookAttempts.inc({ outcome }, 0);
  for (const result of ['stored', 'duplicate', 'flagged', 'rejected']) trackingEvents.inc({ result }, 0);
  app.addHook('onResponse', async (request, reply) => {
    // Answers no route matched (404s of unknown paths) share one series instead of one per URL.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Read the Prometheus metrics',
        description:
          'For the scraper: Prometheus text. With METRICS_TOKEN set it takes that token as its bearer (401 with an empty ' +
          'body otherwise); production without the token, or METRICS=off, serves no metrics (404).',
        tags: ['Operations'],
        response: {
          200: { description: 'The metrics.', content: { 'text/plain': { schema: z.string() } } },
          // Empty, with `WWW-Authenticate: Bearer realm="metrics"`.
          401: noContent('No bearer token, or not the scraper’s (an empty answer).'),
          // The route is then not registered: the API's usual answer to an unknown path.
          404: described(errorAnswers(404)[404], 'Metrics are off on this instance.'),
        },
      },
    },
    async (request, reply) => {
      if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send();
      }
      reply.header('Cache-Control', 'no-store').type(registry.contentType);
      return `${await processFigures.metrics()}\n${await registry.metrics()}`;
    },
  );
  const firstScreenFallback = (remote: string, reason: string) => firstScreenFallbacks.inc({ remote, reason });
  app.decorate('countFirstScreenFallback', firstScreenFallback);
  return {
    registry,
    orders: { created: () => ordersCreated.inc(), paid: () => ordersPaid.inc() },
    jobs: ({ job, outcome, seconds }) => {
      jobTurns.inc({ job, outcome });
      if (outcome !== 'skipped') jobDurations.observe({ job }, seconds);
    },
    observeJobEngine: (engine) => {
      jobEngine = engine;
      for (const kind of engine.kinds)
        for (const outcome of ['completed', 'retrying', 'failed']) jobAttempts.inc({ kind, outcome }, 0);
      engine.observeAttempts((kind, outcome) => jobAttempts.inc({ kind, outcome }));
    },
    fellBack: (dependency) => fallbacks.inc({ dependency }),
    firstScreenFallback,
    webhookAttempt: (outcome) => webhookAttempts.inc({ outcome }),
    trackingIngested: ({ stored, duplicates, flagged, rejected }) => {
      // Flagged events are stored too (they break the transition table or name an unknown shipment).
      trackingEvents.inc({ result: 'stored' }, stored - flagged);
      trackingEvents.inc({ result: 'flagged' }, flagged);
      trackingEvents.inc({ result: 'duplicate' }, duplicates);
      trackingEvents.inc({ result: 'rejected' }, rejected);
    },
    watchDependency: (dependency, degraded) => {
      watched.set(dependency, degraded);
      fallbacks.inc({ dependency }, 0);
    },
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}
