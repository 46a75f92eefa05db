import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const REMOTE_NAMES = [
  'mf-order-flow',
  'mf-tracking',
  'mf-address-book',
  'mf-calculator',
  'mf-map',
  'mf-account',
  'mf-admin',
] as const;

export interface PortalStaticOptions {
  /** `infra/environments/<env>/remotes.json`; default `local`. */
  environment?: string;
  /** Overrides the remotes file (operators, tests). */
  remotesFile?: string;
}

/** Content-hashed files never change; entry files must be re-checked on every load. */
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(filePath);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the shell at `/`, each remote's build under `/remotes/<name>/`, and the environment's
 * remotes file at `/remotes.json`. Everything else that is not `/api` gets the shell's
 * index.html so that client-side routes survive a reload.
 */
export async function registerPortalStatic(app: FastifyInstance, options: PortalStaticOptions = {}) {
  const remotesFile =
    options.remotesFile ?? path.join(REPO_ROOT, 'infra/environments', options.environment ?? 'local', 'remotes.json');

  // Read on every request: editing the file re-points or switches off a remote with no restart.
  app.get('/remotes.json', async (_request, reply) => {
    try {
      const text = await readFile(remotesFile, 'utf8');
      return reply.header('Cache-Control', 'no-store').type('application/json').send(text);
    } catch (error) {
      app.log.error({ err: error, remotesFile }, 'remotes file cannot be read');
      return reply.code(404).header('Cache-Control', 'no-store').send({ error: 'remotes file not found' });
    }
  });

  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(REPO_ROOT, name, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      preCompressed: true,
      wildcard: true,
      // Remotes may be loaded by a shell on another origin (the manifest is fetched with fetch()).
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('Access-Control-Allow-Origin', '*');
        setCacheHeaders(reply, filePath);
      },
    });
  }

  await app.register(fastifyStatic, {
    root: path.join(REPO_ROOT, 'shell', 'dist'),
    prefix: '/',
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders: (reply: FastifyReply, filePath: string) => setCacheHeaders(reply, filePath),
  });

  const sendShell = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', path.join(REPO_ROOT, 'shell', 'dist'));

  app.get('/', (_request, reply) => sendShell(reply));
  // Client-side routes: any GET that is not an API call, a remote file or an asset with an extension.
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(url)) {
      // The API's not-found handler answers with a Hydra error body.
      return reply.callNotFound();
    }
    return sendShell(reply);
  });
}
