import { setTimeout as delay } from 'node:timers/promises';
import { SERVER_MESSAGES } from '@portal/shared-contracts/i18n/server-messages';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../../http/problem';
import type { JobScheduler } from '../jobs';
import { type IdempotencyService, MAX_IDEMPOTENCY_KEY_LENGTH } from './service';

export {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_TTL_MS,
  IdempotencyService,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates or pays for something: a caller may send `Idempotency-Key`, and the same
     * key with the same request answers what the first call answered (modules/idempotency).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency key row this call holds while it runs (modules/idempotency). */
    idempotencyClaim?: number;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first call's. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_CODES = {
  invalid: 'IDEMPOTENCY_KEY_INVALID',
  reused: 'IDEMPOTENCY_KEY_REUSED',
  inUse: 'IDEMPOTENCY_KEY_IN_USE',
} as const;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
  reused: SERVER_MESSAGES.IDEMPOTENCY_KEY_REUSED.en,
  inUse: SERVER_MESSAGES.IDEMPOTENCY_KEY_IN_USE.en,
} as const;

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);
/** How often a call waiting for the first one with its key looks again. */
const POLL_MS = 25;
/** How often expired keys are deleted. */
const TRIM_INTERVAL_MS = 60 * 60 * 1000;

const refused = (status: number, kind: keyof typeof IDEMPOTENCY_CODES, headers: Record<string, string> = {}) =>
  new ApiError(
    status,
    IDEMPOTENCY_MESSAGES[kind],
    [{ propertyPath: '', message: IDEMPOTENCY_MESSAGES[kind], code: IDEMPOTENCY_CODES[kind] }],
    headers,
  );

/** Whose keys a call's key is among: its account's, or (acting for no account) its user's. */
function scopeOf(request: FastifyRequest): string | null {
  const principal = request.principal;
  if (!principal) return null;
  return principal.accountId !== null ? `account:${principal.accountId}` : `subject:${principal.subject}`;
}

export interface IdempotencyModuleOptions {
  service: IdempotencyService;
  /** The deployment's scheduled jobs (modules/jobs): expired keys are deleted once an hour across the instances. */
  jobs: JobScheduler;
  /** How long a duplicate waits for the first call to answer before it is told 409 (IDEMPOTENCY_WAIT_MS). */
  waitMs: number;
}

/**
 * Idempotency keys (issue 38 item 1). Every route with `config: { idempotent: true }` gets, as its
 * own last hook, a preHandler that claims the caller's key (after authentication, the key gate and
 * validation: a refused or invalid call stores nothing); keepIdempotentAnswers (a root onSend hook)
 * stores the answer before the caller sees it. A duplicate waits for the first call's answer and gets it again, marked
 * `Idempotent-Replayed: true`; after `waitMs` it gets 409 IDEMPOTENCY_KEY_IN_USE. The same key with
 * another method, path or body is 422 IDEMPOTENCY_KEY_REUSED. A 5xx answer is not kept: the key is
 * released and a retry runs the call again. Anonymous calls (`/api/public`) have no keys.
 */
const plugin: FastifyPluginAsync<IdempotencyModuleOptions> = async (app, { service, jobs, waitMs }) => {
  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const scope = scopeOf(request);
    if (!scope) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (Array.isArray(header) || key === undefined || !KEY_PATTERN.test(key)) throw refused(400, 'invalid');
    const call = { scope, key, method: request.method, path: request.url, body: request.body };
    const deadline = performance.now() + waitMs;
    for (;;) {
      const claim = await service.claim(call);
      if (claim.kind === 'claimed') {
        request.idempotencyClaim = claim.id;
        return;
      }
      if (claim.kind === 'reused') throw refused(422, 'reused');
      if (claim.kind === 'replay') {
        const { status, contentType, body } = claim.answer;
        if (contentType) reply.type(contentType);
        return reply.code(status).header(REPLAYED_HEADER, 'true').send(body);
      }
      if (performance.now() >= deadline) throw refused(409, 'inUse', { 'retry-after': '1' });
      await delay(POLL_MS);
    }
  };

  // A call that ended without an answer (the connection dropped before it was sent) gives its key back.
  app.addHook('onResponse', async (request) => {
    const id = request.idempotencyClaim;
    if (id !== undefined) await service.release(id);
  });

  // Route-level hooks run after every plugin's: the key is claimed once the call is checked.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
  });

  jobs.add({ name: 'idempotency-keys-trim', intervalMs: TRIM_INTERVAL_MS, pass: () => service.trimExpired() });
};

/**
 * Stores the first answer of an idempotent route before the caller sees it: a root hook registered
 * before compression (app.ts), so what is kept is the body as the route's serializer wrote it, with
 * its final content type, never its gzip for one caller's Accept-Encoding.
 */
export function keepIdempotentAnswers(app: FastifyInstance, service: IdempotencyService): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (id === undefined) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === 'string' ? payload : null;
    if (reply.statusCode >= 500 || body === null) {
      await service.release(id);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await service.complete(id, {
      status: reply.statusCode,
      contentType: typeof type === 'string' ? type : null,
      body,
    });
    return payload;
  });
}

// Not encapsulated (fastify-plugin): its onRoute hook sees the routes of every module.
export const idempotencyModule = fastifyPlugin(plugin, { name: 'idempotency' });
