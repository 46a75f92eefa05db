import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RemotesFile } from '@portal/shared-contracts';
import { publishRelease, RELEASES_DIR_DEFAULT } from './releases';
import {
  describeChanges,
  ENVIRONMENTS_DIR,
  edits,
  readRemotesFile,
  remotesFilePath,
  writeRemotesFile,
} from './remotes-file';

// Operators' command for infra/environments/<env>/remotes.json (issue 16 item 5):
//   npm run remotes -- list [--env staging]
//   npm run remotes -- enable|disable <remote> [--env …]
//   npm run remotes -- point <remote> <manifest URL> [version] [--env …]
//   npm run remotes -- rollout <remote> <percent> [<manifest URL> <version>] [--env …]   (0 rolls back)
//   npm run remotes -- promote <remote> --from staging --env production   (serves the version staging serves)
//   npm run remotes -- rollback <remote> [--env …]  (ends a rollout, else back to the previous version)
//   npm run remotes -- validate [--env …]        (every environment when no --env)
//   npm run remotes -- release|publish <remote> [version] (copies <remote>/dist to the releases
//                                                  folder, served immutable under /releases/<remote>/<version>/)
// Every command that edits a file prints what changed (before → after), or "no change".
// The gateway reads the file on every request: a change takes effect at once, no restart.

const { options, positional } = parseArguments(process.argv.slice(2));
const environment = options.env;
const [command, ...rest] = positional;
const USAGE =
  'usage: npm run remotes -- list|enable|disable|point|rollout|promote|rollback|validate|release … [--env <environment>] [--from <environment>]';
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

function main(): void {
  const file = remotesFilePath(environment ?? 'local');
  switch (command) {
    case 'list': {
      const content = readRemotesFile(file);
      for (const entry of content.remotes) {
        const rollout = entry.rollout ? `  rollout ${entry.rollout.percent}% → ${entry.rollout.version}` : '';
        const state = entry.enabled ? 'enabled ' : 'disabled';
        console.log(`${entry.name.padEnd(18)} ${state} ${entry.version ?? '-'}  ${entry.manifest}${rollout}`);
      }
      return;
    }
    case 'enable':
    case 'disable':
    case 'rollback':
      editFile(file, (content) => edits[command](content, required(rest[0])));
      return;
    case 'point':
      editFile(file, (content) => edits.point(content, required(rest[0]), required(rest[1]), rest[2]));
      return;
    case 'rollout': {
      const percent = Number(required(rest[1]));
      if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new Error('percent is 0 to 100');
      editFile(file, (content) => edits.rollout(content, required(rest[0]), percent, rest[2], rest[3]));
      return;
    }
    case 'promote': {
      const from = readRemotesFile(remotesFilePath(required(options.from)));
      editFile(file, (content) => edits.promote(content, required(rest[0]), from));
      return;
    }
    case 'validate': {
      const environments = environment ? [environment] : readdirSync(ENVIRONMENTS_DIR);
      for (const name of environments) {
        readRemotesFile(remotesFilePath(name));
        console.log(`${path.relative(process.cwd(), remotesFilePath(name))}: valid`);
      }
      return;
    }
    case 'release':
    case 'publish': {
      const name = required(rest[0]);
      const releasesDir = path.resolve(REPO_ROOT, process.env.REMOTE_RELEASES_DIR ?? RELEASES_DIR_DEFAULT);
      const release = publishRelease({ name, dist: path.join(REPO_ROOT, name, 'dist'), releasesDir, version: rest[1] });
      console.log(
        `${name} ${release.version} ${release.created ? 'published' : 'was already published'}: ${release.manifest}`,
      );
      console.log(
        `next: npm run remotes -- rollout ${name} 10 ${release.manifest} ${release.version} --env <environment>`,
      );
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

/** Applies an edit to an environment's file, writes it and prints what changed. */
function editFile(file: string, edit: (content: RemotesFile) => RemotesFile): void {
  const before = readRemotesFile(file);
  const after = edit(before);
  writeRemotesFile(file, after);
  for (const line of describeChanges(before, after)) console.log(line);
}

/** `--env <name>` and `--from <name>` anywhere among the arguments; the rest in order. */
function parseArguments(args: string[]): { options: { env?: string; from?: string }; positional: string[] } {
  const options: { env?: string; from?: string } = {};
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--env' || arg === '--from') {
      options[arg.slice(2) as 'env' | 'from'] = required(args[index + 1]);
      index += 1;
    } else positional.push(arg);
  }
  return { options, positional };
}

function required(value: string | undefined): string {
  if (!value) throw new Error(USAGE);
  return value;
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
