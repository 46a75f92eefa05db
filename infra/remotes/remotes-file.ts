import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RemotesFile, remotesFileSchema } from '@portal/shared-contracts';

/** The environments' folders (REMOTES_ENVIRONMENTS_DIR: another copy, e.g. a test's). */
export const ENVIRONMENTS_DIR = path.resolve(
  process.env.REMOTES_ENVIRONMENTS_DIR ?? path.join(import.meta.dirname, '../environments'),
);

type Entry = RemotesFile['remotes'][number];

export function remotesFilePath(environment: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(environment)) throw new Error(`not an environment name: ${environment}`);
  return path.join(ENVIRONMENTS_DIR, environment, 'remotes.json');
}

/** Reads and checks an environment's remotes.json; throws with the schema's reasons. */
export function readRemotesFile(file: string): RemotesFile {
  const parsed = remotesFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${file} is invalid:\n  ${reasons.join('\n  ')}`);
  }
  return parsed.data;
}

/** Writes the file after checking it again, so the command never leaves an invalid one. */
export function writeRemotesFile(file: string, content: RemotesFile): void {
  const checked = remotesFileSchema.parse(content);
  writeFileSync(file, `${JSON.stringify(checked, null, 2)}\n`);
}

/** The operators' edits (npm run remotes -- …). Each returns the changed file; none writes. */
export const edits = {
  enable: (file: RemotesFile, name: string) => change(file, name, (entry) => ({ ...entry, enabled: true })),
  disable: (file: RemotesFile, name: string) => change(file, name, (entry) => ({ ...entry, enabled: false })),
  /**
   * Re-points a remote at another version's manifest; ends any rollout of it and keeps what it
   * served as `previous`, for a rollback.
   */
  point: (file: RemotesFile, name: string, manifest: string, version?: string) =>
    change(file, name, (entry) => pointed(entry, manifest, version)),
  /** Serves in this file the version another environment's file serves (staging → production). */
  promote: (file: RemotesFile, name: string, from: RemotesFile) => {
    const source = from.remotes.find((entry) => entry.name === name);
    if (!source) throw new Error(`no remote ${name} in ${from.environment}`);
    return change(file, name, (entry) => pointed(entry, source.manifest, source.version));
  },
  /**
   * Undoes the last move: a running rollout ends (everyone back on the served version), else the
   * remote goes back to its `previous` version (and the one rolled back from becomes `previous`).
   */
  rollback: (file: RemotesFile, name: string) =>
    change(file, name, ({ rollout, ...entry }) => {
      if (rollout) return entry;
      if (!entry.previous) throw new Error(`${name} has no earlier version in ${file.environment} to go back to`);
      return pointed(entry, entry.previous.manifest, entry.previous.version);
    }),
  /** Starts or changes a rollout; percent 0 ends it (instant rollback). */
  rollout: (file: RemotesFile, name: string, percent: number, manifest?: string, version?: string) =>
    change(file, name, ({ rollout, ...entry }) => {
      if (percent === 0) return entry;
      const target = manifest ?? rollout?.manifest;
      const label = version ?? rollout?.version;
      if (!target || !label) throw new Error('a new rollout needs the second version’s manifest and version');
      return { ...entry, rollout: { manifest: target, version: label, percent } };
    }),
};

function pointed(
  { rollout: _ended, previous: _replaced, version: served, ...entry }: Entry,
  manifest: string,
  version?: string,
): Entry {
  const previous = { manifest: entry.manifest, ...(served ? { version: served } : {}) };
  return { ...entry, manifest, ...(version ? { version } : {}), previous };
}

/**
 * What an edit changed, one line per changed remote (`mf-map: version 2.0.0 → 2.1.0, …`), or
 * `no change`: every command prints it, so an operator sees what the environment serves now.
 */
export function describeChanges(before: RemotesFile, after: RemotesFile): string[] {
  const lines = after.remotes.flatMap((entry) => {
    const earlier = before.remotes.find((candidate) => candidate.name === entry.name);
    const changed = earlier ? differences(earlier, entry) : ['added'];
    return changed.length > 0 ? [`${after.environment} ${entry.name}: ${changed.join(', ')}`] : [];
  });
  return lines.length > 0 ? lines : [`${after.environment}: no change`];
}

function differences(before: Entry, after: Entry): string[] {
  const shown = {
    enabled: (entry: Entry) => (entry.enabled ? 'enabled' : 'disabled'),
    version: (entry: Entry) => entry.version ?? '(none)',
    manifest: (entry: Entry) => entry.manifest,
    rollout: (entry: Entry) => (entry.rollout ? `${entry.rollout.percent}% on ${entry.rollout.version}` : 'none'),
  };
  return Object.entries(shown).flatMap(([field, show]) =>
    show(before) === show(after) ? [] : [`${field === 'enabled' ? '' : `${field} `}${show(before)} → ${show(after)}`],
  );
}

function change(file: RemotesFile, name: string, edit: (entry: Entry) => Entry): RemotesFile {
  if (!file.remotes.some((entry) => entry.name === name)) throw new Error(`no remote ${name} in ${file.environment}`);
  return { ...file, remotes: file.remotes.map((entry) => (entry.name === name ? edit(entry) : entry)) };
}
