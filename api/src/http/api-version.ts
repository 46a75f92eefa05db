import type { FastifyInstance } from 'fastify';
import { ApiError } from './problem';

// Versions of the API (issue 38 item 6), named by the date they were released, as Stripe names its
// own. The rule (README "Versions"): within a version only additive changes (a new operation, a new
// optional request field, a new answer field, a new error code); anything that could break a caller
// (a removed or renamed operation, field or answer, a new required field, a changed type) is a new
// version, and the old one keeps answering as it did for at least six months after its deprecation.
// `npm run api:compatibility` (scripts/api-compatibility.ts) holds the public document to that.

/** Every version a caller may ask for, oldest first; the last is the current one. */
export const API_VERSIONS = ['2026-12-06'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1] as ApiVersion;
export const API_VERSION_HEADER = 'api-version';
/** How long a deprecated version or operation keeps answering after its `Deprecation` date. */
export const DEPRECATION_NOTICE_DAYS = 183;

export const API_VERSION_MESSAGES = {
  unknown: `Unknown API-Version: ask for one of ${API_VERSIONS.join(', ')} (or none, for the current one).`,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The date the route was deprecated (`YYYY-MM-DD`): its answers carry `Deprecation` (RFC 9745)
     * and `Sunset` (RFC 8594, DEPRECATION_NOTICE_DAYS later) headers.
     */
    deprecatedSince?: string;
  }
  interface FastifyRequest {
    /** The API version the call asked for (`API-Version`), or the current one. */
    apiVersion: ApiVersion;
  }
}

const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);

/**
 * Every `/api` call may name the version it was written for in `API-Version`; the answer says which
 * version answered it. An unknown version is 400 API_VERSION_UNKNOWN. A deprecated route's answers
 * say since when, and until when it answers.
 */
export function registerApiVersions(app: FastifyInstance): void {
  app.decorateRequest('apiVersion', CURRENT_API_VERSION);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header(API_VERSION_HEADER, CURRENT_API_VERSION);
    const asked = request.headers[API_VERSION_HEADER];
    if (asked === undefined) return;
    const version = Array.isArray(asked) ? asked[0] : asked;
    if (version === undefined || !isApiVersion(version.trim())) {
      const message = API_VERSION_MESSAGES.unknown;
      throw new ApiError(400, message, [{ propertyPath: 'API-Version', message, code: 'API_VERSION_UNKNOWN' }]);
    }
    request.apiVersion = version.trim() as ApiVersion;
    reply.header(API_VERSION_HEADER, request.apiVersion);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const since = request.routeOptions.config?.deprecatedSince;
    if (!since) return payload;
    const deprecated = new Date(`${since}T00:00:00Z`);
    const sunset = new Date(deprecated.getTime() + DEPRECATION_NOTICE_DAYS * 24 * 60 * 60 * 1000);
    reply.header('deprecation', `@${Math.floor(deprecated.getTime() / 1000)}`);
    reply.header('sunset', sunset.toUTCString());
    return payload;
  });
}
