import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RemotesFile, remotesFileSchema } from '@portal/shared-contracts';

export const ENVIRONMENTS_DIR = path.resolve(import.meta.dirname, '../environments');

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
  /** Re-points a remote at another version's manifest; ends any rollout of it. */
  point: (file: RemotesFile, name: string, manifest: string, version?: string) =>
    change(file, name, ({ rollout: _ended, ...entry }) => ({ ...entry, manifest, ...(version ? { version } : {}) })),
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

function change(
  file: RemotesFile,
  name: string,
  edit: (entry: RemotesFile['remotes'][number]) => RemotesFile['remotes'][number],
): RemotesFile {
  if (!file.remotes.some((entry) => entry.name === name)) throw new Error(`no remote ${name} in ${file.environment}`);
  return { ...file, remotes: file.remotes.map((entry) => (entry.name === name ? edit(entry) : entry)) };
}
