import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type {
  FirstScreenModule,
  FirstScreenQuery,
  FirstScreenRequest,
  RemoteExpose,
  RenderedFirstScreen,
} from '@portal/shared-contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type BrowserArea, type FirstScreenFallbackReason, FirstScreenFallbacks } from './first-screen-fallbacks';
import { loadCommonJs } from './load-commonjs';
import { type LocalRemote, RemoteServerModules } from './remote-server-modules';

// Issue 18: a phone painted the first screen only once ~230 KB of the shell's JavaScript had
// arrived and run (LCP 3.6-4.4 s, nine tenths of it render delay). The shell's build makes a Node
// build of its first screen (shell/src/server/first-screen.tsx); the gateway renders each page's
// markup with it, links the stylesheets that markup needs (first-screen.json from the browser
// build) and the browser hydrates it. Remote areas are drawn with the remotes' own Node builds
// where this machine has them (remote-server-modules.ts). A shell without that build, or a render
// that fails, is served as before: an empty root the browser renders into.

export interface FirstScreen extends RenderedFirstScreen {
  /** The stylesheets the markup is drawn with (the shell's, and the remote areas'), as URLs. */
  stylesheets: string[];
  /** The public API answers the markup was drawn with, which the page's boot data carries. */
  queries?: FirstScreenQuery[];
  /** The remote areas the render left to the browser, and why (reported on each page served). */
  browserAreas?: BrowserArea[];
}

interface Loaded {
  version: number;
  module: FirstScreenModule;
  stylesheets: string[];
  /** Each shared entry's stylesheets, as URLs. */
  sharedStylesheets: Readonly<Record<string, string[]>>;
}

/** Renders of the same page for the same visitor state are kept: the markup depends on nothing else. */
const CACHED_PAGES = 500;

/**
 * The first screen of a shell build: its Node build renders, its browser build lists the stylesheets.
 * Both are looked at again when the server build changes (checked at most once a second), so a new
 * shell build is served without a restart, as its files are.
 */
export class FirstScreenRenderer {
  private loaded: Loaded | null = null;
  /** A build that could not be loaded is not tried (nor logged) again until it changes. */
  private failedVersion: number | null = null;
  private checkedAt = 0;
  private readonly cache = new LRUCache<string, FirstScreen>({ max: CACHED_PAGES });
  private readonly remoteModules: RemoteServerModules;
  private readonly fallbacks: FirstScreenFallbacks;

  constructor(
    /** The Node build; null: none (the browser renders every page). */
    private readonly serverBundle: string | null,
    /** The browser build's list of the first screen's stylesheets. */
    private readonly stylesheetList: string,
    private readonly log: FastifyBaseLogger,
    /**
     * How the first screen's public API reads are answered: the API in this process. Absent: the
     * page comes without them, and those parts load in the browser.
     */
    private readonly fetchApi?: typeof fetch,
    /** Counts an area left to the browser (the metrics' counter); absent: the log only. */
    countFallback?: (remote: string, reason: FirstScreenFallbackReason) => void,
  ) {
    this.remoteModules = new RemoteServerModules(log);
    this.fallbacks = new FirstScreenFallbacks(log, countFallback);
  }

  /**
   * The page's first screen, or null: not built, the render failed (logged), or `mayRender` said
   * no to a render not kept yet (each costs the gateway's one thread a few milliseconds: a budget per
   * visitor keeps a flood of new URLs from slowing the API beside it). `remotes`: the page's remotes
   * whose builds are on this machine, whose areas are drawn with their Node builds.
   */
  async render(
    request: Omit<FirstScreenRequest, 'remoteModule'>,
    mayRender: () => Promise<boolean> = async () => true,
    remotes: readonly LocalRemote[] = [],
  ) {
    const loaded = this.current();
    if (!loaded) return null;
    try {
      const modules = this.remoteModules.forPage(remotes, loaded.module.sharedModules);
      // The answers are asked for on every page served (public reads, a millisecond each in this
      // process), so that an edit in the back office shows at the next page load: a render is kept
      // for the answers it was drawn with.
      const queries = await this.queriesFor(loaded.module, request);
      const key = [
        loaded.module.firstScreenKey(request),
        digest(request.remotes),
        modules.version,
        digest(queries),
      ].join('\n');
      const cached = this.cache.get(key);
      if (cached) {
        this.fallbacks.report(cached.browserAreas ?? []);
        return cached;
      }
      if (!(await mayRender())) return null;
      // The areas the render asks for and gets no module for: the browser draws them.
      const browserAreas = new Map<string, BrowserArea>();
      const remoteModule = (area: RemoteExpose) => {
        const module = modules.lookup(area);
        const reason = module === undefined ? modules.missingBecause(area) : null;
        if (reason) browserAreas.set(`${area.remote} ${area.expose}`, { remote: area.remote, reason });
        return module;
      };
      const rendered = await loaded.module.renderFirstScreen({ ...request, remoteModule, queries });
      if (!rendered) return null; // a page the browser draws itself
      const areas = modules.stylesheetsOf(rendered.remoteAreas ?? []);
      const stylesheets = [
        ...loaded.stylesheets,
        ...areas.shared.flatMap((entry) => loaded.sharedStylesheets[entry] ?? []),
        ...areas.own,
      ];
      const screen: FirstScreen = {
        ...rendered,
        stylesheets: [...new Set(stylesheets)],
        ...(queries.length ? { queries } : {}),
        ...(browserAreas.size ? { browserAreas: [...browserAreas.values()] } : {}),
      };
      this.cache.set(key, screen);
      this.fallbacks.report(screen.browserAreas ?? []);
      return screen;
    } catch (error) {
      this.log.error({ err: error, url: request.url }, 'first screen could not be rendered; the browser renders it');
      return null;
    }
  }

  private async queriesFor(
    module: FirstScreenModule,
    request: Omit<FirstScreenRequest, 'remoteModule'>,
  ): Promise<FirstScreenQuery[]> {
    if (!this.fetchApi || !module.loadFirstScreenQueries) return [];
    const { url, cookieHeader } = request;
    try {
      return await module.loadFirstScreenQueries({ url, cookieHeader }, this.fetchApi);
    } catch (error) {
      this.log.error({ err: error, url }, "first screen's API reads failed; the browser asks for them");
      return [];
    }
  }

  private current(): Loaded | null {
    const now = Date.now();
    if (this.serverBundle === null || now - this.checkedAt < 1000) return this.loaded;
    this.checkedAt = now;
    let version: number;
    try {
      version = statSync(this.serverBundle).mtimeMs;
    } catch {
      this.loaded = null; // not built
      return null;
    }
    if (this.loaded?.version === version || this.failedVersion === version) return this.loaded;
    try {
      const module = loadCommonJs(this.serverBundle) as FirstScreenModule;
      const listed = JSON.parse(readFileSync(this.stylesheetList, 'utf8')) as { css?: unknown; shared?: unknown };
      const shared = typeof listed.shared === 'object' && listed.shared !== null ? listed.shared : {};
      this.loaded = {
        version,
        module,
        stylesheets: urlsOf(listed.css),
        sharedStylesheets: Object.fromEntries(Object.entries(shared).map(([entry, files]) => [entry, urlsOf(files)])),
      };
      this.cache.clear();
    } catch (error) {
      this.log.error({ err: error, serverBundle: this.serverBundle }, 'first screen build cannot be loaded');
      this.loaded = null;
      this.failedVersion = version;
    }
    return this.loaded;
  }
}

/** The shell's files listed in first-screen.json, as URLs. */
function urlsOf(files: unknown): string[] {
  return Array.isArray(files) ? files.filter((file) => typeof file === 'string').map((file) => `/${file}`) : [];
}

function digest(value: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url');
}
