import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SERVER_MESSAGES } from '@portal/shared-contracts/i18n/server-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { isDatabaseUnavailable } from '../db/unavailable';
import { type ErrorCode, errorCodeOf } from './error-codes';
import { JSON_LD } from './hydra';
import { ApiError, hydraErrorBody, type Violation } from './problem';

/** How long a caller is asked to wait while the database is down (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Every failure answers a Hydra error (DESIGN §5). Client mistakes keep their 4xx status; a
 * database that cannot be reached is a 503 with Retry-After; anything else is logged and answered
 * with a generic 500 that reveals nothing.
 */

export function registerErrorHandling(app: FastifyInstance): void {
  const allowedMethods = registerAllowedMethods(app);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return sendHydraError(reply.headers(error.headers), error.status, error.message, error.violations, error.code);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendHydraError(
        reply,
        415,
        `Unsupported content type "${request.headers['content-type']}": send application/json or application/ld+json.`,
      );
    }
    // Fastify's own client errors (malformed JSON, empty or oversized body...) have safe messages.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendHydraError(reply, error.statusCode, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendHydraError(
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)),
        503,
        SERVER_MESSAGES.SERVICE_UNAVAILABLE[0].en,
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendHydraError(reply, 500, SERVER_MESSAGES.INTERNAL_ERROR[0].en);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      return sendHydraError(
        reply.header('allow', allowed.join(', ')),
        405,
        `No route found for "${request.method} ${path}": it takes ${allowed.join(', ')}.`,
      );
    }
    return sendHydraError(reply, 404, `No route found for "${request.method} ${path}".`);
  });
}

/**
 * The methods the API's routes take on a path, for the 405 of a call with another method (its
 * `Allow` header): a second router (find-my-way, Fastify's own) holding every `/api` route's
 * pattern, asked only when Fastify's found none. HEAD goes with GET (Fastify answers it); OPTIONS is
 * CORS's, for every path, and names no method of its own.
 */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies HTTPMethod[];
type RoutedMethod = (typeof ROUTED_METHODS)[number];
const isRoutedMethod = (method: string): method is RoutedMethod =>
  (ROUTED_METHODS as readonly string[]).includes(method);

function registerAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: false });
  const methods = new Set<RoutedMethod>();
  const none = () => undefined;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (!isRoutedMethod(method)) continue;
      methods.add(method);
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, none);
    }
  });
  return (path) => {
    const found = [...methods].filter((method) => router.find(method, path) !== null);
    if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
    return found.sort();
  };
}

/**
 * Fastify's own answers that never reach the error handler, in the Hydra format too: a URL that
 * cannot be decoded (400) or whose path parameter is too long (414), found while routing; and what
 * Node's HTTP parser refuses before Fastify sees a request (431 headers or URL too large, 408, 400),
 * written straight to the socket.
 */
export const hydraFrameworkErrors: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, _request, reply) {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return sendHydraError(reply, 414, SERVER_MESSAGES.URI_TOO_LONG[0].en);
    if (error.code === 'FST_ERR_BAD_URL') return sendHydraError(reply, 400, 'The URL is not valid.');
    return sendHydraError(reply, error.statusCode ?? 400, error.message);
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, description] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers or URL are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long.']
          : [400, 'The request is malformed.'];
    const body = JSON.stringify(hydraErrorBody(status, description));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${JSON_LD}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

function sendHydraError(
  reply: FastifyReply,
  status: number,
  description: string,
  violations: Violation[] = [],
  code: ErrorCode = errorCodeOf(status),
) {
  return reply
    .code(status)
    .type(JSON_LD)
    .send(hydraErrorBody(status, description, violations, code));
}
