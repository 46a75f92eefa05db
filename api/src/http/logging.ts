import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { pathWithoutCredentials } from './credential-paths';

/** Fields that carry personal data or secrets wherever they appear in a log line. */
const PERSONAL_FIELDS = new Set(['params', 'parameters', 'detail', 'authorization', 'cookie', 'password', 'token']);
/** Drizzle's "Failed query: <sql>\nparams: <values>": the SQL is kept, the values are not. */
const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
/** PostgreSQL quotes the value it refused (`invalid input syntax for type integer: "…"`, `Key (email)=(…)`). */
const QUOTED_VALUE = /(: )"[^"\n]*"/g;
const KEY_VALUE = /=\([^)\n]*\)/g;

/**
 * Logged errors without the personal data they may carry (issue 19): a failed query's values
 * (Drizzle puts them in the message and `params`), the value PostgreSQL quotes in its message and
 * its `detail` ("Key (email)=(…)"), credentials; the same for every cause down the chain.
 */
export function scrubbed(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') {
    return typeof value === 'string'
      ? value
          .replace(QUERY_VALUES, '\nparams: [redacted]')
          .replace(QUOTED_VALUE, '$1"[redacted]"')
          .replace(KEY_VALUE, '=([redacted])')
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_FIELDS.has(key.toLowerCase()) ? '[redacted]' : scrubbed(item, depth + 1),
    ]),
  );
}

/**
 * The API's logger options: errors scrubbed of personal data, request lines without their query
 * string (searches and filters may hold names, addresses or e-mail), no credentials.
 */
export function privateLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : (logger as pino.LoggerOptions);
  return {
    ...options,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      ...options.serializers,
      err: (error: Error) => scrubbed(pino.stdSerializers.err(error)) as pino.SerializedError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        // Order keys (a visitor's credential) never reach the log (credential-paths.ts).
        url: pathWithoutCredentials(request.url ?? '', request.routeOptions?.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
