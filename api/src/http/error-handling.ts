import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
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
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return sendHydraError(reply.headers(error.headers), error.status, error.message, error.violations);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendHydraError(
        reply,
        400,
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
        'The service is briefly unavailable. Please try again in a few seconds.',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendHydraError(reply, 500, 'Internal server error');
  });

  app.setNotFoundHandler((request, reply) =>
    sendHydraError(reply, 404, `No route found for "${request.method} ${request.url.split('?')[0]}".`),
  );
}

/**
 * Fastify's own answers that never reach the error handler, in the Hydra format too: a URL that
 * cannot be decoded (400) or whose path parameter is too long (414), found while routing; and what
 * Node's HTTP parser refuses before Fastify sees a request (431 headers or URL too large, 408, 400),
 * written straight to the socket.
 */
export const hydraFrameworkErrors: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, _request, reply) {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendHydraError(reply, 414, 'The URL is too long.');
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

function sendHydraError(reply: FastifyReply, status: number, description: string, violations: Violation[] = []) {
  return reply
    .code(status)
    .type(JSON_LD)
    .send(hydraErrorBody(status, description, violations));
}
