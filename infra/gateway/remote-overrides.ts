// A feature team's own loop (issue 16): `npm run dev -w mf-calculator` starts the remote's dev
// server and writes `{ "mf-calculator": "http://localhost:3001/mf-manifest.json" }` into the
// overrides file; a running development gateway then serves that manifest in `/remotes.json`, so
// the portal at :8080 mounts the remote from the dev server (hot reload) with no edit of the
// environment's remotes.json. Production never reads such a file (the config module refuses it).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** Where `npm run dev` of a remote writes, relative to the repository (REMOTE_OVERRIDES_FILE to change). */
export const REMOTE_OVERRIDES_DEFAULT = '.data/remote-overrides.json';

const overridesSchema = z.record(z.string().regex(/^mf-[a-z-]+$/), z.url({ protocol: /^https?$/ }));

export type RemoteOverrides = z.infer<typeof overridesSchema>;

/** The overrides in `file`; none when it is missing or invalid (a stale or half-written file never breaks the portal). */
export async function readRemoteOverrides(file: string): Promise<RemoteOverrides> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  return parseRemoteOverrides(text);
}

function parseRemoteOverrides(text: string): RemoteOverrides {
  try {
    const parsed = overridesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The remotes file with each overridden remote pointed at its dev server: enabled, version `dev`,
 * and no rollout (the developer sees their own build on every visit).
 */
export function applyRemoteOverrides(file: unknown, overrides: RemoteOverrides): unknown {
  if (!isRecord(file) || !Array.isArray(file.remotes) || Object.keys(overrides).length === 0) return file;
  const remotes = file.remotes.map((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.name !== 'string') return entry;
    const manifest = overrides[entry.name];
    if (!manifest) return entry;
    const { rollout: _rollout, ...rest } = entry;
    return { ...rest, manifest, enabled: true, version: 'dev' };
  });
  return { ...file, remotes };
}

/** The origins the overrides load code from and their dev servers' sockets (for the pages' CSP); read synchronously. */
export function overrideOrigins(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  // The dev server's hot-reload socket too (ws:// on the same host and port).
  return Object.values(parseRemoteOverrides(text)).flatMap((manifest) => {
    const origin = new URL(manifest).origin.toLowerCase();
    return [origin, origin.replace(/^http/, 'ws')];
  });
}
