// Each environment pins the version it serves of every remote (issue 39 item 2). An environment's
// remotes.json names a `version` per remote; the gateway turns it into the manifest it serves:
//   "workspace"       → /remotes/<remote>/mf-manifest.json          (the checkout's own build; local only)
//   any other version → /releases/<remote>/<version>/mf-manifest.json (a published, immutable release)
// A `manifest` written beside the version (a team's CDN, a dev server) is served as it is, the version
// then being its label. The same holds for a rollout's second version and for `previous`.
// Guarded environments (staging, production) refuse to start on a `workspace` pin or on a pinned
// release that is not published in the gateway's releases folder (`pinProblems`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RemotesFile } from '@portal/shared-contracts';
import { RELEASES_URL_PREFIX, releaseFolderOf, VERSION_PATTERN } from './releases';

/** The pin of the checkout's own build (`<remote>/dist`, served under /remotes/<remote>/). */
export const WORKSPACE_VERSION = 'workspace';

type Served = RemotesFile['remotes'][number];

/** A version and, optionally, where it is served from when that is not this gateway's release. */
export interface Pin {
  version?: string;
  manifest?: string;
}

/** One remote of an environment's file: as served, but the manifest may follow from the version. */
export type PinnedEntry = Omit<Served, 'manifest' | 'version' | 'rollout' | 'previous' | 'description'> & {
  version: string;
  manifest?: string;
  rollout?: { version: string; percent: number; manifest?: string };
  previous?: Pin;
};

export interface EnvironmentFile {
  environment: string;
  maintenance: boolean;
  remotes: PinnedEntry[];
}

/** The manifest URL a pin stands for, or undefined when it names neither a manifest nor a version. */
export function manifestOf(name: string, pin: Pin): string | undefined {
  if (pin.manifest) return pin.manifest;
  if (!pin.version) return undefined;
  if (pin.version === WORKSPACE_VERSION) return `/remotes/${name}/mf-manifest.json`;
  return `${RELEASES_URL_PREFIX}${name}/${pin.version}/mf-manifest.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvedPin(name: string, pin: unknown): unknown {
  if (!isRecord(pin) || typeof pin.manifest === 'string') return pin;
  const manifest = manifestOf(name, { version: typeof pin.version === 'string' ? pin.version : undefined });
  return manifest ? { ...pin, manifest } : pin;
}

/**
 * The file as the shell reads it: every remote, rollout and previous version with its manifest URL.
 * Works on the file as parsed JSON (the gateway reads it on every page and reports a broken one
 * where it is served); what it cannot resolve it leaves as it is, for the schema to name.
 */
export function resolvePins(file: unknown): unknown {
  if (!isRecord(file) || !Array.isArray(file.remotes)) return file;
  return {
    ...file,
    remotes: file.remotes.map((entry) => {
      if (!isRecord(entry) || typeof entry.name !== 'string') return entry;
      const name = entry.name;
      const resolved: Record<string, unknown> = resolvedPin(name, entry) as Record<string, unknown>;
      if (entry.rollout !== undefined) resolved.rollout = resolvedPin(name, entry.rollout);
      if (entry.previous !== undefined) resolved.previous = resolvedPin(name, entry.previous);
      return resolved;
    }),
  };
}

/** What an environment's pins lack: the version of each remote, a version name where it names a release. */
export function pinShapeProblems(file: unknown): string[] {
  if (!isRecord(file) || !Array.isArray(file.remotes)) return [];
  return file.remotes.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const name = String(entry.name);
    const problems: string[] = [];
    for (const [where, pin] of [
      ['version', entry],
      ['rollout.version', entry.rollout],
      ['previous.version', entry.previous],
    ] as const) {
      if (pin === undefined || !isRecord(pin)) continue;
      const version = pin.version;
      if (where === 'version' && typeof version !== 'string')
        problems.push(`${name}: pins no version (a release's version, or "${WORKSPACE_VERSION}" for the local build)`);
      else if (typeof version === 'string' && typeof pin.manifest !== 'string' && !VERSION_PATTERN.test(version))
        problems.push(`${name}: ${where} "${version}" is not a version name`);
    }
    return problems;
  });
}

/**
 * Why a guarded environment (staging, production) must not start with these pins: a remote on the
 * checkout's build (`workspace`, or a manifest under /remotes/), or a pinned release of this gateway
 * missing from `releasesDir` (null: not looked at, as in CI's check of the files). Remotes switched off count too (switching one on needs no restart), as
 * do rollouts and the previous versions a rollback returns to. Manifests on other origins are the
 * teams' own to serve.
 */
export function pinProblems(file: EnvironmentFile, releasesDir: string | null): string[] {
  return file.remotes.flatMap((entry) => {
    const pins: [string, Pin][] = [[entry.version, entry]];
    if (entry.rollout) pins.push([`${entry.rollout.version} (rollout)`, entry.rollout]);
    if (entry.previous?.version || entry.previous?.manifest)
      pins.push([`${entry.previous.version ?? entry.previous.manifest} (previous)`, entry.previous]);
    return pins.flatMap(([label, pin]) => {
      const manifest = manifestOf(entry.name, pin) ?? '';
      if (pin.version === WORKSPACE_VERSION || manifest.startsWith(`/remotes/${entry.name}/`))
        return [
          `${entry.name} ${label}: the checkout's own build ("${WORKSPACE_VERSION}") is for local only; pin a published release`,
        ];
      const folder = releasesDir === null ? null : releaseFolderOf(manifest, entry.name, releasesDir);
      if (folder && !existsSync(path.join(folder, 'mf-manifest.json')))
        return [
          `${entry.name} ${label}: release not published in ${releasesDir} (npm run remotes -- release ${entry.name} <version>)`,
        ];
      return [];
    });
  });
}
