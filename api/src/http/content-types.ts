import type { FastifyInstance } from 'fastify';

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
