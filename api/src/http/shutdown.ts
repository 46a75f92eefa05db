import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Stopping without dropping requests (issue 35). On SIGTERM (or SIGINT) the instance first drains:
 * readiness (/api/health/ready) answers 503 at once, while the server keeps accepting and answering
 * new connections for SHUTDOWN_DRAIN_MS, the time the load balancer takes to stop routing to it
 * (Kubernetes: the Deployment's preStop sleep); answers then carry `Connection: close`, so clients
 * with a kept-alive connection open their next one elsewhere. Then the server closes: no new
 * connections, in-flight requests finish, and the process exits. A second signal ends the drain early.
 */
export interface DrainState {
  /** Set by the first stop signal: readiness answers 503 (modules/health). */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is draining before it stops (http/shutdown.ts). */
    drain: DrainState;
  }
}

export function registerDrain(app: FastifyInstance): DrainState {
  const state: DrainState = { draining: false };
  app.decorate('drain', state);
  app.addHook('onRequest', async (_request, reply) => {
    if (state.draining) reply.header('Connection', 'close');
  });
  return state;
}

export interface StopOptions {
  /** How long to keep serving after the signal (config.shutdownDrainMs). */
  drainMs: number;
  /** After the app has closed (e.g. the database, a stand-in), before the process exits. */
  afterClose?: () => Promise<void> | void;
  log?: FastifyBaseLogger;
  signals?: readonly NodeJS.Signals[];
  /** How long closing may take after the drain before the process exits with 1 (default CLOSE_LIMIT_MS). */
  closeLimitMs?: number;
}

/**
 * Closing (in-flight requests, the job engine, the database) gets this long: a resource that never
 * lets go (a connection the database dropped) must not keep a stopping instance alive until the
 * orchestrator kills it without its logs' last words.
 */
const CLOSE_LIMIT_MS = 20_000;

function withinLimit(work: Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`closing took longer than ${limitMs} ms`)), limitMs);
    timer.unref();
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Installs the stop signals' handlers: drain, close, exit (0, or 1 when closing failed). */
export function stopGracefully(app: FastifyInstance, options: StopOptions): void {
  const { drainMs, afterClose, signals = ['SIGTERM', 'SIGINT'], closeLimitMs = CLOSE_LIMIT_MS } = options;
  const log = options.log ?? app.log;
  let endDrain: (() => void) | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (endDrain) {
      log.info({ signal }, 'drain ended by a second signal');
      endDrain();
      return;
    }
    if (app.drain.draining) return; // closing already
    app.drain.draining = true;
    log.info({ signal, drainMs }, 'draining: readiness answers 503, new connections are still served');
    void new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(async () => {
        endDrain = null;
        log.info('shutting down: closing the server, in-flight requests finish');
        await withinLimit(
          (async () => {
            await app.close();
            await afterClose?.();
          })(),
          closeLimitMs,
        );
        log.info('stopped');
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  for (const signal of signals) process.on(signal, onSignal);
}
