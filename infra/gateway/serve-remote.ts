import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply } from 'fastify';
import { REMOTE_NAMES, REPO_ROOT } from './portal-static';

/**
 * Serves one remote's build from its own origin, as a CDN would:
 *   node --import tsx infra/gateway/serve-remote.ts mf-tracking [port] [build folder]
 * Point a remotes.json entry at http://127.0.0.1:<port>/mf-manifest.json to use it.
 */
const name = process.argv[2];
const port = Number(process.argv[3] ?? process.env.PORT ?? 9101);
// A build folder elsewhere (a remote that is not in this repository) may be given third.
const root = process.argv[4] ? path.resolve(process.argv[4]) : name && path.join(REPO_ROOT, name, 'dist');
if (!name || !root || (!process.argv[4] && !REMOTE_NAMES.includes(name))) {
  console.error(`usage: serve-remote.ts <${REMOTE_NAMES.join('|')}> [port]`);
  process.exit(2);
}

const app = Fastify({ logger: { level: 'warn' } });
await app.register(fastifyStatic, {
  root,
  preCompressed: true,
  setHeaders: (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', '*'),
});
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`${name} served on http://127.0.0.1:${port}/mf-manifest.json`);
