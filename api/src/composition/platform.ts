import type { FastifyInstance } from 'fastify';
import type { AuthOptions } from '../auth';
import { decorateRequestWithPrincipal } from '../auth';
import type { Config } from '../config';
import type { Database } from '../db';
import { registerApiVersions } from '../http/api-version';
import { registerCompression } from '../http/compression';
import { acceptJsonBodies, answerAsDocumented } from '../http/content-types';
import { registerCors } from '../http/cors';
import { registerErrorHandling } from '../http/error-handling';
import { registerMetrics } from '../http/metrics';
import { registerOpenApi } from '../http/openapi';
import { registerRateLimits } from '../http/rate-limits';
import { answerWithRequestId } from '../http/request-id';
import { useRouteSchemas } from '../http/route-schemas';
import { refuseUnsafeText } from '../http/safe-text';
import { originOf, registerSecurityHeaders } from '../http/security-headers';
import { IdempotencyService, keepIdempotentAnswers } from '../modules/idempotency';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_DESCRIPTION } from '../modules/webhooks';
import type { Services } from './services';

export type Metrics = ReturnType<typeof registerMetrics>;
export type RateLimits = Awaited<ReturnType<typeof registerRateLimits>>;

export interface Platform {
  /** Undefined where METRICS_ENABLED is off. */
  metrics: Metrics | undefined;
  rateLimits: RateLimits;
  /** The answers kept per Idempotency-Key: the hook here keeps them, the idempotency module's routes use them. */
  idempotency: IdempotencyService;
}

export interface PlatformOptions {
  db: Database;
  config: Config;
  services: Services;
  auth: AuthOptions | undefined;
  /** Origins of remotes served elsewhere (the gateway reads remotes.json): the pages' CSP allows their code. */
  remoteOrigins: (() => readonly string[]) | undefined;
  now: (() => Date) | undefined;
}

/**
 * What every route of every module goes through, in the order a request meets it: the route
 * schemas and the document, tracing, request ids, API versions, metrics, content types, kept
 * idempotent answers, errors, unsafe text, security headers, CORS, rate limits, compression and
 * who the caller is. Registered before any module (hooks apply to routes registered after them).
 */
export async function registerPlatform(app: FastifyInstance, options: PlatformOptions): Promise<Platform> {
  const { db, config, services } = options;
  // Before any route: the document sees every route registered after it (openapi.ts).
  useRouteSchemas(app, { checkAnswers: config.checkAnswers });
  await registerOpenApi(app, {
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOK_EVENTS).map(([event, schema]) => [event, String(schema.meta()?.id)]),
    ),
    signature: WEBHOOK_SIGNATURE_DESCRIPTION,
  });
  // First of the request hooks: every later step of a request runs inside its span.
  // The OpenTelemetry SDK is loaded only when tracing is on: some 150 modules every start paid for
  // otherwise (0.1-0.5 s of each API test file's set-up on the busy CI machine).
  if (config.tracing) (await import('../http/tracing')).registerTracing(app, db, config.tracing);
  answerWithRequestId(app);
  registerApiVersions(app);
  const metrics = config.metrics.enabled
    ? registerMetrics(app, { token: config.metrics.token, pool: db.poolStats })
    : undefined;
  acceptJsonBodies(app);
  answerAsDocumented(app);
  // Before compression: an idempotent call's answer is kept as written, not as one caller's gzip.
  const idempotency = new IdempotencyService(db.orm, options.now);
  keepIdempotentAnswers(app, idempotency);
  registerErrorHandling(app);
  refuseUnsafeText(app);
  await registerSecurityHeaders(app, {
    production: config.production,
    remoteOrigins: () => [...config.remoteOrigins, ...(options.remoteOrigins?.() ?? [])],
    identityOrigins: identityOrigins(config),
    imageOrigins: config.mapTiles ? [originOf(config.mapTiles.url)].filter((origin): origin is string => !!origin) : [],
  });
  await registerCors(app, config.corsOrigins);
  const rateLimits = await registerRateLimits(app, config.rateLimit, {
    onFallback: () => metrics?.fellBack('redis'),
  });
  if (config.rateLimit.redisUrl) metrics?.watchDependency('redis', rateLimits.degradedReason);
  await registerCompression(app);
  // A bearer value that starts with the API key prefix is a company's key (modules/api-keys).
  decorateRequestWithPrincipal(app, options.auth ?? config.oidc, (key) => services.apiKeys.verify(key));
  return { metrics, rateLimits, idempotency };
}

/** Where the sign-in pages come from: the CSP lets the portal's pages go there. */
function identityOrigins(config: Config): string[] {
  const origins = [config.oidc.issuer, config.oidc.authority, config.oidc.discoveryUrl ?? '']
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}
