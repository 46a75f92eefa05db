import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteExpose } from '@portal/shared-contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  exposeFileName,
  REMOTE_PUBLIC_PATH_MODULE,
  REMOTE_SERVER_FOLDER,
} from '../../build-preset/remote-server-outputs.cjs';
import type { FirstScreenFallbackReason } from './first-screen-fallbacks';
import { loadCommonJs } from './load-commonjs';

// Issue 18: a remote's page painted only once the shell, the remote's entry and its exposed chunk
// had arrived and run (`/track`: LCP 3.6 s on a phone). Each remote's build also makes its exposed
// modules for Node (build-preset/preset.mjs, remoteServerConfig: `dist/.server/<expose>.cjs`); the
// gateway loads them here so that the shell's first screen draws the remote's area too.
//
// Only builds on this machine: a remote served from the gateway's own folders (its workspace's
// dist or a published release folder). Code of a remote served from another origin is never run
// here. A build requires only the platform's shared modules, answered with the shell server
// build's instances, and the URL of its folder; anything else fails its load, and its areas stay
// placeholders.

/** A remote of the page whose build is on this machine. */
export interface LocalRemote {
  name: string;
  /** The folder holding its build (`mf-manifest.json`, `.server/`). */
  folder: string;
  /** The URL the folder is served at, ending in `/`. */
  baseUrl: string;
}

/** An exposed module loaded for Node, with what the page needs besides its markup. */
interface LoadedExpose {
  component: unknown;
  /**
   * The shared entries it required: their stylesheets (the UI kit's parts) go into the page. Read
   * after a render: the parts it imports lazily require theirs when first rendered.
   */
  shared: ReadonlySet<string>;
  /** Its own stylesheets, from the remote's manifest, as URLs. */
  stylesheets: string[];
}

interface Build {
  checkedAt: number;
  /** The files' modification times: a new build of the remote is another version. */
  version: string;
  /** The shell build whose shared modules they were loaded with. */
  sharedModules: Readonly<Record<string, unknown>>;
  exposes: Map<string, LoadedExpose | null>;
}

interface ManifestFile {
  exposes?: { name: string; assets?: { css?: { sync?: string[] } } }[];
}

export class RemoteServerModules {
  private readonly builds = new Map<string, Build>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * A version of the remotes' Node builds (renders are kept by it) and the lookup the shell's
   * render calls for each remote area it draws: the module, or undefined (not on this machine, not
   * built, or it cannot run in Node).
   */
  forPage(remotes: readonly LocalRemote[], sharedModules: Readonly<Record<string, unknown>>) {
    const builds = new Map(
      remotes.map((remote) => [remote.name, { remote, build: this.current(remote, sharedModules) }]),
    );
    const version = [...builds.values()]
      .map(({ remote, build }) => `${remote.folder}@${build?.version ?? '-'}`)
      .join(';');
    const loaded = (area: RemoteExpose): LoadedExpose | null => {
      const found = builds.get(area.remote);
      if (!found?.build) return null;
      return this.expose(found.remote, found.build, area.expose);
    };
    return {
      version,
      lookup: (area: RemoteExpose) => loaded(area)?.component,
      /** Why the area has no module here (first-screen-fallbacks.ts), or null when it has one. */
      missingBecause: (area: RemoteExpose): FirstScreenFallbackReason | null => {
        const found = builds.get(area.remote);
        if (!found) return 'other_origin';
        if (!found.build) return 'no_node_build';
        return loaded(area) ? null : 'cannot_run';
      },
      /** The stylesheets of the areas a render drew: the remote's own, and the shared entries' it used. */
      stylesheetsOf: (areas: readonly RemoteExpose[]) => {
        const drawn = areas.map(loaded).filter((expose): expose is LoadedExpose => expose !== null);
        return {
          own: [...new Set(drawn.flatMap((expose) => expose.stylesheets))],
          shared: [...new Set(drawn.flatMap((expose) => [...expose.shared]))],
        };
      },
    };
  }

  private current(remote: LocalRemote, sharedModules: Readonly<Record<string, unknown>>): Build | null {
    const now = Date.now();
    const known = this.builds.get(remote.folder);
    if (known && known.sharedModules === sharedModules && now - known.checkedAt < 1000) return known;
    const version = versionOf(path.join(remote.folder, REMOTE_SERVER_FOLDER));
    if (version === null) {
      this.builds.delete(remote.folder);
      return null; // no Node build: its areas are placeholders
    }
    if (known && known.sharedModules === sharedModules && known.version === version) {
      known.checkedAt = now;
      return known;
    }
    const build: Build = { checkedAt: now, version, sharedModules, exposes: new Map() };
    this.builds.set(remote.folder, build);
    return build;
  }

  /** The expose's module, loaded once per version (a failure too: logged once, not tried again). */
  private expose(remote: LocalRemote, build: Build, expose: string): LoadedExpose | null {
    if (build.exposes.has(expose)) return build.exposes.get(expose) ?? null;
    let loaded: LoadedExpose | null = null;
    try {
      const file = path.join(remote.folder, REMOTE_SERVER_FOLDER, `${exposeFileName(expose)}.cjs`);
      const shared = new Set<string>();
      const exports = loadCommonJs(file, (id) => {
        if (id === REMOTE_PUBLIC_PATH_MODULE) return remote.baseUrl;
        if (!Object.hasOwn(build.sharedModules, id))
          throw new Error(`${remote.name}'s Node build requires ${id}, which is not a shared module of the platform`);
        shared.add(id);
        return build.sharedModules[id];
      }) as { default?: unknown };
      if (!exports.default) throw new Error(`${remote.name} ${expose} has no default export`);
      loaded = { component: exports.default, shared, stylesheets: ownStylesheets(remote, expose) };
    } catch (error) {
      this.log.warn(
        { err: error, remote: remote.name, expose },
        'remote module cannot run in Node: its area is drawn by the browser',
      );
    }
    build.exposes.set(expose, loaded);
    return loaded;
  }
}

/** The modification times of a Node build's files, or null when there is none. */
function versionOf(folder: string): string | null {
  try {
    return readdirSync(folder)
      .filter((file) => file.endsWith('.cjs'))
      .sort()
      .map((file) => `${file}:${statSync(path.join(folder, file)).mtimeMs}`)
      .join(',');
  } catch {
    return null;
  }
}

/** The expose's own stylesheets as URLs, from the remote's federation manifest. */
function ownStylesheets(remote: LocalRemote, expose: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(remote.folder, 'mf-manifest.json'), 'utf8')) as ManifestFile;
  const entry = manifest.exposes?.find((candidate) => `./${candidate.name}` === expose);
  return (entry?.assets?.css?.sync ?? []).map((file) => `${remote.baseUrl}${file}`);
}

/**
 * The page's remotes this gateway serves from its own folders (a manifest path on this origin, not
 * another origin's URL): the only ones whose Node builds are run.
 */
export function localRemotesOf<Remote extends { name: string; manifest: string }>(
  remotes: readonly Remote[],
  folderOf: (remote: Remote) => string | null,
): LocalRemote[] {
  return remotes.flatMap((remote) => {
    if (!remote.manifest.startsWith('/') || remote.manifest.startsWith('//')) return [];
    const folder = folderOf(remote);
    if (!folder) return [];
    return [{ name: remote.name, folder, baseUrl: remote.manifest.slice(0, remote.manifest.lastIndexOf('/') + 1) }];
  });
}
