import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { JSON_LD } from './hydra';
import { ApiError, hydraErrorBody, type Violation } from './problem';

/**
 * Every failure answers a Hydra error (DESIGN §5). Client mistakes keep their 4xx status;
 * anything else is logged and answered with a generic 500 that reveals nothing.
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
    request.log.error({ err: error }, 'request failed');
    return sendHydraError(reply, 500, 'Internal server error');
  });

  app.setNotFoundHandler((request, reply) =>
    sendHydraError(reply, 404, `No route found for "${request.method} ${request.url.split('?')[0]}".`),
  );
}

function sendHydraError(reply: FastifyReply, status: number, description: string, violations: Violation[] = []) {
  return reply
    .code(status)
    .type(JSON_LD)
    .send(hydraErrorBody(status, description, violations));
}
