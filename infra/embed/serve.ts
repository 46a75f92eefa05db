import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { amendContentSecurityPolicy } from '@portal/api';
import type { FastifyInstance } from 'fastify';

const EMBED_DIR = import.meta.dirname;
const EMBED_DIST = path.join(EMBED_DIR, 'dist');

/** The widgets: one demo page `<widget>.html` each, with its loader `<widget>-embed.ts` (built: `dist/<widget>-embed.js`). */
async function embedWidgets(): Promise<string[]> {
  return (await readdir(EMBED_DIR)).filter((file) => file.endsWith('.html')).map((file) => file.slice(0, -5));
}

export interface EmbedOptions {
  /**
   * Production, and any tree without the loaders' sources (the image: compiled, read-only): the
   * loaders built by `npm run build` are served as they are, never built here; missing, the start
   * fails. Otherwise (development) they are built on the first request (about a second, once per
   * process) unless a build newer than every source is already there.
   */
  production: boolean;
}

/**
 * The embed demos (issues 4 and 6): `/embed/calculator.html` and `/embed/tracking.html`, plain
 * HTML pages with no React of their own, and the loader scripts they include under `/embed/dist/`.
 */
export async function registerEmbed(app: FastifyInstance, options: EmbedOptions): Promise<void> {
  const widgets = await embedWidgets();
  const loaders = widgets.map((widget) => path.join(EMBED_DIST, `${widget}-embed.js`));
  const sources = widgets.every((widget) => existsSync(path.join(EMBED_DIR, `${widget}-embed.ts`)));
  const buildHere = !options.production && sources;
  if (!buildHere) {
    const missing = loaders.filter((loader) => !existsSync(loader));
    if (missing.length > 0) {
      throw new Error(
        `the embed loaders are not built (${missing.map((file) => path.basename(file)).join(', ')}): run npm run build`,
      );
    }
  }
  let built: Promise<void> | null = buildHere ? null : Promise.resolve();
  const ensureBuilt = () => {
    built ??= isFresh(widgets).then((fresh) => (fresh ? undefined : buildEmbed()));
    built.catch(() => {
      built = null;
    });
    return built;
  };

  for (const widget of widgets) {
    app.get(`/embed/${widget}.html`, async (_request, reply) => {
      const html = await readFile(path.join(EMBED_DIR, `${widget}.html`), 'utf8');
      // A demo stands for another site's page: its inline script is allowed by its hash, and any
      // site may frame it.
      const policy = reply.raw.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header(
          'Content-Security-Policy',
          amendContentSecurityPolicy(policy, { scriptSrc: inlineScriptHashes(html), frameAncestors: ['*'] }),
        );
        reply.raw.removeHeader('x-frame-options');
      }
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    });
  }

  if (buildHere) await mkdir(EMBED_DIST, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        await ensureBuilt();
      } catch (error) {
        request.log.error({ err: error }, 'embed loader build failed');
        return reply.code(503).header('Cache-Control', 'no-store').send('embed loader unavailable');
      }
    });
    await scope.register(fastifyStatic, {
      root: EMBED_DIST,
      prefix: '/embed/dist/',
      decorateReply: false,
      wildcard: true,
      // Other sites include the loader from the portal's origin.
      setHeaders: (reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.header('Cache-Control', 'no-cache');
      },
    });
  });
}

/** CSP sources (`'sha256-…'`) of the page's inline `<script>` elements. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}

/** Runs build-embed.mjs in plain node (not under tsx: see that file why). */
function buildEmbed(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(EMBED_DIR, 'build-embed.mjs')],
      { env: { ...process.env, NODE_OPTIONS: '' } },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`embed loader build failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/** Every loader exists and is newer than every source of the loaders (and their build script). */
async function isFresh(widgets: string[]): Promise<boolean> {
  const loaders = widgets.map((widget) => path.join(EMBED_DIST, `${widget}-embed.js`));
  if (!loaders.every((loader) => existsSync(loader))) return false;
  const sources = (await readdir(EMBED_DIR)).filter((file) => file.endsWith('.ts') || file === 'build-embed.mjs');
  const times = async (files: string[]) => Promise.all(files.map(async (file) => (await stat(file)).mtimeMs));
  const [built, changed] = await Promise.all([
    times(loaders),
    times(sources.map((file) => path.join(EMBED_DIR, file))),
  ]);
  return Math.min(...built) >= Math.max(...changed);
}
