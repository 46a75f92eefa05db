import rateLimit from '@fastify/rate-limit';
import { SERVER_MESSAGES } from '@portal/shared-contracts/i18n/server-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError } from './problem';
import { SharedCounters } from './rate-limit-store';

export type RateLimitCategory = 'signIn' | 'expensive' | 'writes' | 'tracking';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts the request against the category's limits, per IP and (when signed in) per account;
     * throws a 429 Hydra error with Retry-After when one is over. The gateway uses it for the
     * development provider's sign-in and registration.
     */
    checkRateLimit(request: FastifyRequest, category: RateLimitCategory): Promise<void>;
  }
}

export const TOO_MANY_REQUESTS = SERVER_MESSAGES.RATE_LIMITED[0].en;
/** The name of an API key's own limit in its RateLimit headers. */
export const API_KEY_POLICY = 'api-key';

/**
 * Which limit an API call counts against, by its route (the router's pattern, not the raw URL):
 * CPU-heavy or abusable reads (bot-check challenges and verification, prices, price exports,
 * label and customs PDFs) are `expensive`; anonymous shipment lookups are `tracking` (issue 36: S10
 * numbers are sequential, and a walk through them must not read other people's shipments); every
 * other write is `writes`. Machine calls (tracking scans, payment provider callbacks) and other
 * reads are not limited here.
 */
export function classifyApiRoute(method: string, route: string | undefined): RateLimitCategory | null {
  if (!route?.startsWith('/api/')) return null;
  if (route.startsWith('/api/payment-callbacks/') || /\/tracking\/events$/.test(route)) return null;
  if (method === 'GET' && (route === '/api/public/tracking' || route === '/api/public/tracking/:number')) {
    return 'tracking';
  }
  if (
    /\/(bot-check\/challenge|recaptcha-verify)$/.test(route) ||
    /\/prices\//.test(route) ||
    /\/documents\//.test(route)
  ) {
    return 'expensive';
  }
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? 'writes' : null;
}

/** What the rate limits tell the rest of the app: why their counters are not shared now (readiness). */
export interface RateLimitStatus {
  /** Null: counters shared in Redis (or no Redis configured); otherwise why they are in this instance's memory. */
  degradedReason(): string | null;
}

/**
 * @fastify/rate-limit (DESIGN §5, issue 19) with counters in Redis when REDIS_URL is set (shared by
 * every API instance), in memory otherwise. Each category has a limit per IP, checked as soon as
 * the request is routed, and the same limit per account, checked once the caller is known.
 *
 * Redis is a dependency that can fail (issue 35): connecting and each command have a time limit of
 * REDIS_TIMEOUT_MS, nothing waits in an offline queue, and while Redis does not answer the limits
 * count in this instance's memory (rate-limit-store.ts) instead of letting every call through.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: Config['rateLimit'],
  options: { onFallback?: () => void } = {},
): Promise<RateLimitStatus> {
  // ioredis loads only where counters are shared (0.1 s of every start and test file otherwise).
  const shared = settings.redisUrl ? await sharedCounters(app, settings, options.onFallback) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.storeClass('portal-rl:') } : {}),
  });
  const status: RateLimitStatus = { degradedReason: () => shared?.degradedReason() ?? null };

  const timeWindow = settings.windowSeconds * 1000;
  const limiters = Object.fromEntries(
    (['signIn', 'expensive', 'writes', 'tracking'] as const).map((category) => [
      category,
      {
        ip: app.createRateLimit({
          max: settings[category],
          timeWindow,
          keyGenerator: (request) => `${category}:ip:${request.ip}`,
        }),
        account: app.createRateLimit({
          max: settings[category],
          timeWindow,
          keyGenerator: (request) => `${category}:sub:${request.principal?.subject ?? ''}`,
        }),
      },
    ]),
  ) as Record<RateLimitCategory, { ip: Limiter; account: Limiter }>;
  // A company's API key (modules/api-keys) has a budget of its own for every call it makes, on top
  // of the categories: one runaway script cannot spend its account's (or another key's) calls.
  const perApiKey = app.createRateLimit({
    max: settings.apiKey,
    timeWindow,
    keyGenerator: (request) => `apiKey:${request.principal?.apiKey?.id ?? ''}`,
  });

  const check = async (request: FastifyRequest, limiter: Limiter, reply?: FastifyReply) => {
    const result = await limiter(request);
    // A key holder is told its budget on every call (IETF draft-ietf-httpapi-ratelimit-headers:
    // the policy, and what remains of it and for how many seconds).
    if (reply && !result.isAllowed) {
      const seconds = Math.max(0, result.ttlInSeconds);
      reply.header('ratelimit-policy', `"${API_KEY_POLICY}";q=${result.max};w=${settings.windowSeconds}`);
      reply.header('ratelimit', `"${API_KEY_POLICY}";r=${Math.max(0, result.remaining)};t=${seconds}`);
    }
    if (!result.isAllowed && result.isExceeded) {
      throw new ApiError(429, TOO_MANY_REQUESTS, [], { 'retry-after': String(Math.max(1, result.ttlInSeconds)) });
    }
  };
  app.decorate('checkRateLimit', async (request: FastifyRequest, category: RateLimitCategory) => {
    if (!settings.enabled) return;
    await check(request, limiters[category].ip);
    if (request.principal) await check(request, limiters[category].account);
  });

  if (!settings.enabled) return status;
  app.addHook('onRequest', async (request) => {
    const category = classifyApiRoute(request.method, request.routeOptions.url);
    if (category) await check(request, limiters[category].ip);
  });
  // The principal is set by the authenticated routes' own onRequest hook, so per account here:
  // before the route's schema validates the request, so that calls with bad input count too.
  app.addHook('preValidation', async (request, reply) => {
    if (request.principal?.apiKey) await check(request, perApiKey, reply);
    const category = classifyApiRoute(request.method, request.routeOptions.url);
    if (category && request.principal) await check(request, limiters[category].account);
  });
  return status;
}

/**
 * The Redis connection of the counters: a time limit on connecting and on each command, no offline
 * queue (a command while disconnected fails at once and is counted in memory), reconnection every
 * 50 ms rising to 2 s for as long as Redis is away. The start waits for the first connection for
 * at most the time limit, so that the first calls are shared when Redis is there.
 */
async function sharedCounters(
  app: FastifyInstance,
  settings: Config['rateLimit'],
  onFallback: (() => void) | undefined,
): Promise<SharedCounters> {
  const { Redis } = await import('ioredis');
  const timeout = settings.redisTimeoutMs;
  const redis = new Redis(settings.redisUrl ?? '', {
    connectTimeout: timeout,
    commandTimeout: timeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(times * 50, 2_000),
    lazyConnect: true,
  });
  const shared = new SharedCounters(redis, { log: app.log, onFallback });
  app.addHook('onClose', () => shared.close());
  // A Redis that is away at start is an outage like any other: the counters start in memory.
  await redis.connect().catch(() => undefined);
  return shared;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
