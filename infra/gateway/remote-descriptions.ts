import { readFile } from 'node:fs/promises';
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
}

/** How long the gateway waits for a remote's description from another origin. */
const REMOTE_FETCH_TIMEOUT_MS = 2000;

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
    candidates.push(() => fetchJson(new URL('remote.json', manifest).toString(), options.fetchImpl ?? fetch));
  }
  if (local) candidates.push(async () => JSON.parse(await readFile(path.join(local, 'remote.json'), 'utf8')));
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
