import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type RemoteDescription, remoteDescriptionSchema } from '@portal/shared-contracts';
import type { FastifyBaseLogger } from 'fastify';
import { releaseFolderOf } from '../remotes/releases';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

interface Options {
  repoRoot: string;
  /** Published versions (`/releases/<remote>/<version>/`): their own description is read there. */
  releasesDir?: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  /** Descriptions already read (the gateway keeps one): without it, every call reads them again. */
  cache?: DescriptionCache;
}

/** How long the gateway waits for a remote's description from another origin. */
const REMOTE_FETCH_TIMEOUT_MS = 2000;

/** How long a description from another origin is used before it is asked for again. */
const REMOTE_DESCRIPTION_TTL_MS = 30_000;
/** How long an origin that did not answer is not asked again (each page would wait for it). */
const REMOTE_FAILURE_TTL_MS = 10_000;

/**
 * The descriptions the gateway has read, so that a page view does not read seven files and ask
 * other origins again (remotes.json and every HTML page carry them). A local `remote.json` is
 * read again when its modification time changes (a rebuild); one from another origin is kept
 * for 30 seconds, and an origin that did not answer is left alone for 10 (a release there is a
 * new manifest URL, and so a new entry, at once).
 */
export class DescriptionCache {
  private readonly local = new Map<string, { modified: number; content: Promise<unknown> }>();
  private readonly remote = new Map<string, { until: number; content: Promise<unknown> }>();

  constructor(private readonly now: () => number = Date.now) {}

  async readLocal(file: string): Promise<unknown> {
    const modified = (await stat(file)).mtimeMs;
    const known = this.local.get(file);
    if (known?.modified === modified) return known.content;
    const content = readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown);
    this.local.set(file, { modified, content });
    content.catch(() => this.local.delete(file));
    return content;
  }

  fetchRemote(url: string, load: () => Promise<unknown>): Promise<unknown> {
    const known = this.remote.get(url);
    if (known && known.until > this.now()) return known.content;
    const content = load();
    const entry = { until: this.now() + REMOTE_DESCRIPTION_TTL_MS, content };
    this.remote.set(url, entry);
    content.catch(() => {
      entry.until = this.now() + REMOTE_FAILURE_TTL_MS;
    });
    return content;
  }
}

/**
 * The remotes file with each remote's published description (`remote.json`, beside its manifest)
 * added as `description`. A manifest on another origin is asked there; when that origin does not
 * answer, this repository's own build of the same remote (if any) stands in, so the shell still
 * knows the remote's routes and shows "temporarily unavailable" on them. A file that is not the
 * expected shape is passed through untouched: the shell validates it and reports it.
 */
export async function withDescriptions(file: unknown, options: Options): Promise<unknown> {
  if (!isRecord(file) || !Array.isArray(file.remotes)) return file;
  const remotes = await Promise.all(
    file.remotes.map(async (entry: unknown) => {
      if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.manifest !== 'string') return entry;
      const description = await describe(entry.name, entry.manifest, options);
      return description ? { ...entry, description } : entry;
    }),
  );
  return { ...file, remotes };
}

async function describe(name: string, manifest: string, options: Options): Promise<RemoteDescription | null> {
  const local =
    (options.releasesDir ? releaseFolderOf(manifest, name, options.releasesDir) : null) ??
    localRemoteDist(name, manifest, options.repoRoot);
  const candidates: (() => Promise<unknown>)[] = [];
  if (/^https?:\/\//.test(manifest)) {
    const url = new URL('remote.json', manifest).toString();
    const load = () => fetchJson(url, options.fetchImpl ?? fetch);
    candidates.push(() => (options.cache ? options.cache.fetchRemote(url, load) : load()));
  }
  if (local) {
    const file = path.join(local, 'remote.json');
    candidates.push(async () =>
      options.cache ? options.cache.readLocal(file) : JSON.parse(await readFile(file, 'utf8')),
    );
  }
  for (const candidate of candidates) {
    try {
      const parsed = remoteDescriptionSchema.safeParse(await candidate());
      if (parsed.success && parsed.data.name === name) return parsed.data;
      options.log.warn({ remote: name }, 'remote description is invalid or names another remote');
    } catch (error) {
      options.log.warn({ remote: name, err: error }, 'remote description cannot be read');
    }
  }
  return null;
}

/** This repository's build folder of a remote, when the name is a remote folder here. */
export function localRemoteDist(name: string, manifest: string, repoRoot = REPO_ROOT): string | null {
  if (!/^mf-[a-z-]+$/.test(name)) return null;
  if (manifest.startsWith('/') && !manifest.startsWith(`/remotes/${name}/`)) return null;
  return path.join(repoRoot, name, 'dist');
}

async function fetchJson(url: string, fetchImpl: typeof fetch): Promise<unknown> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(REMOTE_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
