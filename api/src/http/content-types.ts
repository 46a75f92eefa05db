import type { FastifyInstance } from 'fastify';
import { JSON_LD } from './hydra';
import { invalidInput } from './problem';

/**
 * How deep a JSON body may nest (objects and arrays): the portal's deepest body, an order with its
 * lines, parties and customs items, is 5 levels; 64 leaves room for any honest client. A deeper
 * body is refused with 400 before it is parsed, so no handler or walk ever sees it (issue 36 R5:
 * 3,000 nested arrays overflowed the stack of a walk, and 40 such bodies held the server for 9 s).
 */
export const MAX_JSON_NESTING = 64;
export const JSON_TOO_DEEP_CODE = 'JSON_TOO_DEEP';

/**
 * Request bodies are JSON, sent as application/json or, for POST, application/ld+json
 * (SPEC §7). Every other content type (including Fastify's default text/plain) is refused.
 * A module that takes uploads adds its own parser inside its plugin.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(['application/json', 'application/ld+json'], { parseAs: 'string' }, (request, raw, done) => {
    // parseAs 'string': always a string here.
    const body = String(raw);
    if (nestsDeeperThan(body, MAX_JSON_NESTING)) {
      const message = `The body nests deeper than ${MAX_JSON_NESTING} levels.`;
      return done(invalidInput(400, [{ propertyPath: '', message, code: JSON_TOO_DEEP_CODE }]), undefined);
    }
    return parseJson(request, body, done);
  });
}

/**
 * Whether JSON text opens more than `limit` objects or arrays inside each other, read in one pass
 * without parsing (brackets inside strings do not count). Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
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
