import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS (DESIGN §5, issue 19) for the anonymous calls only (`/api/public/...`): the embedded
 * calculator and tracking run on other sites' pages and call them from there. Only the origins of
 * CORS_ORIGINS may; no credentials (these calls carry none). Every other route answers no CORS
 * headers, so a browser on another origin cannot read it.
 */
export async function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): Promise<void> {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const isPublic = (request.url ?? '').startsWith('/api/public/');
      const origin = request.headers.origin?.toLowerCase();
      callback(null, {
        origin: isPublic && origin !== undefined && allowed.has(origin) ? origin : false,
        methods: ['GET', 'HEAD', 'POST'],
        allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language', 'X-Bot-Check', 'X-Request-Id'],
        exposedHeaders: ['Content-Disposition', 'Retry-After', 'ETag', 'X-Request-Id'],
        credentials: false,
        maxAge: 600,
        strictPreflight: false,
      });
    },
  });
}
