import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header a request's id travels in: the browser's API client sends one with every call. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a caller may choose: short, and only characters that cannot forge a log line or a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's request id (the `reqId` of every log line of the request): the caller's
 * `X-Request-Id` when it is a plausible id, so that the browser's error report, the gateway's and
 * the API's log lines of one call share it; a new UUID otherwise.
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId'> = {
  genReqId: (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    return typeof sent === 'string' && ACCEPTED_ID.test(sent) ? sent : randomUUID();
  },
};

/** Every answer names its request's id, so that a user's report or a support case can quote it. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
