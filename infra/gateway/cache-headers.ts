import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Content-hashed files never change; entry files must be re-checked on every load. The path may
 * be the precompressed twin (`main.1a2b3c4d.js.br`) that @fastify/static chose for the client.
 */
export function setCacheHeaders(reply: Pick<FastifyReply, 'header'>, filePath: string): void {
  const hashed = /(^|\.)[0-9a-f]{8,}\.(js|css|svg|png|woff2?)(\.br|\.gz)?$/.test(path.basename(filePath));
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}
