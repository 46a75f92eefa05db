import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remotesFileSchema } from '@portal/shared-contracts';
import { type EnvironmentFile, type PinnedEntry, pinShapeProblems, resolvePins } from './pins';

/** The environments' folders (REMOTES_ENVIRONMENTS_DIR: another copy, e.g. a test's). */
export const ENVIRONMENTS_DIR = path.resolve(
  process.env.REMOTES_ENVIRONMENTS_DIR ?? path.join(import.meta.dirname, '../environments'),
);

type Entry = PinnedEntry;
type RemotesFile = EnvironmentFile;

export function remotesFilePath(environment: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(environment)) throw new Error(`not an environment name: ${environment}`);
  return path.join(ENVIRONMENTS_DIR, environment, 'remotes.json');
}

/**
 * Reads and checks an environment's remotes.json: every remote pins a version (pins.ts), and the
 * file as served (each pin resolved to its manifest) passes the shared schema. Throws with the reasons.
 */
export function readRemotesFile(file: string): RemotesFile {
  return checked(JSON.parse(readFileSync(file, 'utf8')), file);
}

/** Writes the file after checking it again, so the command never leaves an invalid one. */
export function writeRemotesFile(file: string, content: RemotesFile): void {
  writeFileSync(file, `${JSON.stringify(checked(content, file), null, 2)}\n`);
}

function checked(content: unknown, file: string): RemotesFile {
  const parsed = remotesFileSchema.safeParse(resolvePins(content));
  const reasons = [
    ...pinShapeProblems(content),
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
  ];
  if (reasons.length > 0) throw new Error(`${file} is invalid:\n  ${reasons.join('\n  ')}`);
  // The file as written (pins unresolved), with the schema's defaults.
  return { ...(content as RemotesFile), maintenance: parsed.data?.maintenance ?? false };
}

/** The operators' edits (npm run remotes -- …). Each returns the changed file; none writes. */
export const edits = {
  enable: (file: RemotesFile, name: string) => change(file, name, (entry) => ({ ...entry, enabled: true })),
  disable: (file: RemotesFile, name: string) => change(file, name, (entry) => ({ ...entry, enabled: false })),
  /**
   * Pins another version: a published release (served from /releases/<remote>/<version>/), or a
   * manifest elsewhere with its version label. Ends any rollout and keeps what the remote served as
   * `previous`, for a rollback.
   */
  pin: (file: RemotesFile, name: string, version: string, manifest?: string) =>
    change(file, name, (entry) => pointed(entry, { version, manifest })),
  /** Re-points a remote at a manifest URL (a team's CDN, another origin), with its version label. */
  point: (file: RemotesFile, name: string, manifest: string, version: string) =>
    change(file, name, (entry) => pointed(entry, { version, manifest })),
  /** Pins in this file the version another environment's file pins (staging → production). */
  promote: (file: RemotesFile, name: string, from: RemotesFile) => {
    const source = from.remotes.find((entry) => entry.name === name);
    if (!source) throw new Error(`no remote ${name} in ${from.environment}`);
    return change(file, name, (entry) => pointed(entry, { version: source.version, manifest: source.manifest }));
  },
  /**
   * Undoes the last move: a running rollout ends (everyone back on the served version), else the
   * remote goes back to its `previous` version (and the one rolled back from becomes `previous`).
   */
  rollback: (file: RemotesFile, name: string) =>
    change(file, name, ({ rollout, ...entry }) => {
      if (rollout) return entry;
      if (!entry.previous?.version)
        throw new Error(`${name} has no earlier version in ${file.environment} to go back to`);
      return pointed(entry, { version: entry.previous.version, manifest: entry.previous.manifest });
    }),
  /**
   * Starts or changes a rollout of a second version (a published release, or a manifest elsewhere
   * with its label); percent 0 ends it (instant rollback).
   */
  rollout: (file: RemotesFile, name: string, percent: number, version?: string, manifest?: string) =>
    change(file, name, ({ rollout, ...entry }) => {
      if (percent === 0) return entry;
      const second = version ? { version, ...(manifest ? { manifest } : {}) } : rollout;
      if (!second) throw new Error('a new rollout needs the second version');
      return { ...entry, rollout: { ...second, percent } };
    }),
};

/** The entry serving `pin`, with what it served until now kept as `previous`. */
function pointed(current: Entry, pin: { version: string; manifest?: string }): Entry {
  // The version already served: nothing moves (and `previous` still leads back to the one before).
  if (current.version === pin.version && current.manifest === pin.manifest && !current.rollout) return current;
  const { rollout: _ended, previous: _replaced, ...entry } = current;
  const { manifest: _old, ...rest } = entry;
  const previous = { version: entry.version, ...(entry.manifest ? { manifest: entry.manifest } : {}) };
  return { ...rest, version: pin.version, ...(pin.manifest ? { manifest: pin.manifest } : {}), previous };
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
    version: (entry: Entry) => entry.version,
    // Shown only where a manifest is written beside the version (a pinned release's follows from it).
    manifest: (entry: Entry) => entry.manifest ?? '(the pinned version’s)',
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
