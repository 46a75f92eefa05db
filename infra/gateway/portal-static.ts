import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { remotesFileSchema } from '@portal/shared-contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_BUNDLE, FIRST_SCREEN_FILE } from '../../build-preset/outputs.mjs';
import { REMOTE_SERVER_FOLDER } from '../../build-preset/remote-server-outputs.cjs';
import { REMOTE_NAMES } from '../build/remotes.mjs';
import { pinProblems, resolvePins } from '../remotes/pins';
import { RELEASES_DIR_DEFAULT, RELEASES_URL_PREFIX, releaseFolderOf } from '../remotes/releases';
import { readRemotesFile } from '../remotes/remotes-file';
import { bootPage, preloadsOf, remotesForPath } from './boot-page';
import { setCacheHeaders } from './cache-headers';
import { FirstScreenRenderer } from './first-screen';
import { inProcessFetch } from './in-process-fetch';
import { pageStatus } from './page-status';
import { DescriptionCache, localRemoteDist, withDescriptions } from './remote-descriptions';
import { applyRemoteOverrides, overrideOrigins, readRemoteOverrides } from './remote-overrides';
import { localRemotesOf } from './remote-server-modules';
import { resolveRollouts, VISITOR_COOKIE, visitorId } from './rollout';

/** A visitor stays on the same side of a rollout for 30 days. */
const ROLLOUT_COOKIE_SECONDS = 30 * 24 * 60 * 60;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The repository's remotes (its `mf-*` workspaces), each served under `/remotes/<name>/`. */
export { REMOTE_NAMES };

export interface PortalStaticOptions {
  /** `infra/environments/<env>/remotes.json`; default `local`. */
  environment?: string;
  /** Overrides the remotes file (operators, tests). */
  remotesFile?: string;
  /** Overrides the shell build served at `/` (default `shell/dist`). */
  shellDist?: string;
  /** Development: a file re-pointing remotes while their dev servers run (see remote-overrides.ts). */
  remoteOverridesFile?: string;
  /** Published versions of remotes, served side by side under `/releases/` (infra/remotes/releases.ts). */
  releasesDir?: string;
  /** The shell's identity configuration (what /auth-config.json answers), written into each page. */
  authConfig?: Record<string, unknown>;
  /**
   * The shell's first screen for Node (first-screen.ts), rendered into each page; default
   * `<shell>/dist-server/first-screen.cjs` beside the default shell build, none beside another.
   */
  firstScreenBundle?: string | null;
}

/** The environment's remotes file: `remotesFile`, else `infra/environments/<environment>/remotes.json`. */
export function remotesFilePath(options: PortalStaticOptions): string {
  return (
    options.remotesFile ?? path.join(REPO_ROOT, 'infra/environments', options.environment ?? 'local', 'remotes.json')
  );
}

/** The folder of the published releases served under /releases/ (REMOTE_RELEASES_DIR, relative to the repository). */
export function releasesDirOf(options: PortalStaticOptions): string {
  return path.resolve(REPO_ROOT, options.releasesDir ?? RELEASES_DIR_DEFAULT);
}

/**
 * A guarded environment's start (staging, production): every remote pins a published release this
 * gateway serves, or a manifest on another origin; no "workspace" build. Throws naming each remote
 * that does not, so the process stops before it serves a page with a missing remote.
 */
export function assertPinnedReleases(options: PortalStaticOptions): void {
  const file = remotesFilePath(options);
  const problems = pinProblems(readRemotesFile(file), releasesDirOf(options));
  if (problems.length > 0) throw new Error(`${file} pins what this gateway cannot serve:\n  ${problems.join('\n  ')}`);
}

/**
 * The origins of the remotes that remotes.json loads from elsewhere (absolute manifest URLs), for
 * the pages' Content-Security-Policy. Re-read when the file changes (checked at most once a second),
 * so a re-pointed remote is allowed without a restart.
 */
export function remoteOriginsOf(remotesFile: string, remoteOverridesFile?: string): () => readonly string[] {
  let origins: readonly string[] = [];
  let seen = -1;
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return origins;
    checkedAt = now;
    try {
      const modified = statSync(remotesFile).mtimeMs + overridesModified(remoteOverridesFile);
      if (modified === seen) return origins;
      seen = modified;
      const file = JSON.parse(readFileSync(remotesFile, 'utf8')) as { remotes?: { manifest?: unknown }[] };
      const found = (file.remotes ?? [])
        .map(({ manifest }) =>
          typeof manifest === 'string' ? /^(https?:\/\/[^/?#]+)/i.exec(manifest)?.[1] : undefined,
        )
        .filter((origin): origin is string => origin !== undefined);
      const overridden = remoteOverridesFile ? overrideOrigins(remoteOverridesFile) : [];
      origins = [...new Set([...found.map((origin) => origin.toLowerCase()), ...overridden])];
    } catch {
      // An unreadable file keeps the last origins; /remotes.json reports the problem.
    }
    return origins;
  };
}

function overridesModified(file: string | undefined): number {
  if (!file) return 0;
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Serves the shell at `/`, each remote's build under `/remotes/<name>/`, and the environment's
 * remotes file at `/remotes.json`. Everything else that is not `/api` gets the shell's
 * index.html so that client-side routes survive a reload: 200 on the portal's routes, 404 elsewhere.
 */
export async function registerPortalStatic(app: FastifyInstance, options: PortalStaticOptions = {}) {
  const remotesFile = remotesFilePath(options);
  const releasesDir = releasesDirOf(options);
  const descriptions = new DescriptionCache();

  // Read on every request: editing the file re-points or switches off a remote with no restart.
  // Each remote's own description (its published remote.json) comes inside, so the shell needs
  // no further request to know the remotes' routes, navigation and widgets; the descriptions are
  // kept between requests while they are unchanged (DescriptionCache).
  async function servedRemotesFile(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    let file: unknown;
    try {
      // Each pinned version becomes the manifest it stands for (infra/remotes/pins.ts).
      file = resolvePins(JSON.parse(await readFile(remotesFile, 'utf8')));
    } catch (error) {
      app.log.error({ err: error, remotesFile }, 'remotes file cannot be read');
      return null;
    }
    // Gradual rollouts: each visitor sees one version of a remote, the same on every visit.
    // The visitor cookie is set only while some remote is being rolled out.
    if (
      isRecord(file) &&
      Array.isArray(file.remotes) &&
      file.remotes.some((entry) => isRecord(entry) && entry.rollout)
    ) {
      const visitor = visitorId(request.headers.cookie);
      if (visitor.isNew) {
        reply.header(
          'Set-Cookie',
          `${VISITOR_COOKIE}=${visitor.id}; Path=/; Max-Age=${ROLLOUT_COOKIE_SECONDS}; SameSite=Lax; HttpOnly`,
        );
      }
      file = { ...file, remotes: resolveRollouts(file.remotes, visitor.id) };
    }
    if (options.remoteOverridesFile)
      file = applyRemoteOverrides(file, await readRemoteOverrides(options.remoteOverridesFile));
    return withDescriptions(file, { repoRoot: REPO_ROOT, releasesDir, log: app.log, cache: descriptions });
  }

  app.get('/remotes.json', async (request, reply) => {
    const served = await servedRemotesFile(request, reply);
    if (served === null)
      return reply.code(404).header('Cache-Control', 'no-store').send({ error: 'remotes file not found' });
    return reply.header('Cache-Control', 'no-store').type('application/json').send(served);
  });

  // A remote's Node build (for the first screens) is run here, never sent.
  const notServerBuild = (pathName: string) => !pathName.split('/').includes(REMOTE_SERVER_FOLDER);
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(REPO_ROOT, name, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      allowedPath: notServerBuild,
      preCompressed: true,
      wildcard: true,
      // Remotes may be loaded by a shell on another origin (the manifest is fetched with fetch()).
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        setCacheHeaders(reply, filePath);
      },
    });
  }

  // Published versions side by side: a release folder never changes, so every file in it, the
  // manifest too, is cached for a year; remotes.json (never cached) chooses among them.
  mkdirSync(releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: releasesDir,
    prefix: RELEASES_URL_PREFIX,
    decorateReply: false,
    preCompressed: true,
    wildcard: true,
    allowedPath: (pathName: string) =>
      !pathName.endsWith('/.release.json') && !pathName.includes('.partial/') && notServerBuild(pathName),
    setHeaders: (reply: FastifyReply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  // The shell's files are looked up per request (not globbed at start), so a new build is served
  // without a restart; paths without an extension are client-side routes and get index.html.
  const shellDist = options.shellDist ? path.resolve(options.shellDist) : path.join(REPO_ROOT, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDist,
    serve: false,
    preCompressed: true,
    setHeaders: (reply: FastifyReply, filePath: string) => setCacheHeaders(reply, filePath),
  });

  const firstScreen = new FirstScreenRenderer(
    // null (none) is a choice of its own; only an absent option takes the default.
    options.firstScreenBundle !== undefined
      ? options.firstScreenBundle
      : options.shellDist
        ? null
        : FIRST_SCREEN_BUNDLE,
    path.join(shellDist, FIRST_SCREEN_FILE),
    app.log,
    // The first screen's public reads (the footer's columns, the home page's news) from the API
    // registered on this app.
    inProcessFetch(app),
    // The API's /metrics counts the areas left to the browser (when metrics are on).
    app.countFirstScreenFallback,
  );

  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/remotes/') || url.startsWith(RELEASES_URL_PREFIX)) {
      // The API's not-found handler answers with a Hydra error body.
      return reply.callNotFound();
    }
    if (/\.[a-z0-9]+$/i.test(url)) return reply.sendFile(url.slice(1));
    return sendBootPage(url, request, reply);
  });

  /** The folder of a remote served from this gateway (its workspace's dist or a release), else null. */
  const folderOf = (remote: { name: string; manifest: string }) =>
    releaseFolderOf(remote.manifest, remote.name, releasesDir) ?? localRemoteDist(remote.name, remote.manifest);

  /** index.html with the remotes file, the identity configuration and the route's preloads in it. */
  async function sendBootPage(pathname: string, request: FastifyRequest, reply: FastifyReply) {
    let template: string;
    try {
      template = await readFile(path.join(shellDist, 'index.html'), 'utf8');
    } catch {
      return reply.code(404).header('Cache-Control', 'no-store').type('text/plain').send('shell not built');
    }
    const served = await servedRemotesFile(request, reply);
    const remotes = remotesFileSchema.safeParse(served);
    const pageRemotes = remotes.success ? remotesForPath(pathname, remotes.data.remotes) : [];
    const preloads = (
      await Promise.all(
        pageRemotes.map((remote) => preloadsOf(remote, pathname === '/' ? undefined : './App', folderOf)),
      )
    ).flat();
    const rendered = await firstScreen.render(
      { url: request.url, cookieHeader: request.headers.cookie, remotes: served },
      // A page not rendered yet counts as an expensive call of the visitor's (RATE_LIMIT_EXPENSIVE);
      // over the budget the page comes without its first screen, which the browser then draws.
      async () => {
        if (!app.hasDecorator('checkRateLimit')) return true;
        try {
          await app.checkRateLimit(request, 'expensive');
          return true;
        } catch {
          return false;
        }
      },
      localRemotesOf(pageRemotes, folderOf),
    );
    const page = bootPage(template, { remotes: served ?? undefined, auth: options.authConfig }, preloads, rendered);
    return reply
      .code(pageStatus(pathname, served, rendered))
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  }
}
