import type { FastifyInstance } from 'fastify';
import { JSON_LD } from './hydra';

/**
 * Request bodies are JSON, sent as application/json or, for POST, application/ld+json
 * (SPEC §7). Every other content type (including Fastify's default text/plain) is refused.
 * A module that takes uploads adds its own parser inside its plugin.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
}

/**
 * Answers are JSON-LD as the OpenAPI document says (openapi.ts `produces`): an answer the route
 * left as Fastify's default `application/json` is sent as `application/ld+json` unless its
 * documented answer names media types of its own (`content`: a file, the map's markers).
 */
export function answerAsDocumented(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const schema = request.routeOptions.schema;
    if (!schema || schema.hide || !request.routeOptions.url?.startsWith('/api/')) return payload;
    const answers = schema.response as Record<string, unknown> | undefined;
    const documented = answers?.[String(reply.statusCode)];
    if (documented && typeof documented === 'object' && 'content' in documented) return payload;
    reply.type(JSON_LD);
    return payload;
  });
}
