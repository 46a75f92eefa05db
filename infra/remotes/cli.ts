import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '../build/remotes.mjs';
import { type EnvironmentFile, pinProblems } from './pins';
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
//   npm run remotes -- pin <remote> <version> [--env …]   (a published release, or "workspace" locally)
//   npm run remotes -- point <remote> <manifest URL> <version> [--env …]   (a manifest on another origin)
//   npm run remotes -- rollout <remote> <percent> [<version> [<manifest URL>]] [--env …]   (0 rolls back)
//   npm run remotes -- promote <remote> --from staging --env production   (pins the version staging pins)
//   npm run remotes -- rollback <remote> [--env …]  (ends a rollout, else back to the previous version)
//   npm run remotes -- validate [--env …]        (every environment when no --env)
//   npm run remotes -- release|publish [<remote> [version]] [--env …] (copies <remote>/dist, every
//      remote's without a name, to the releases folder, served immutable under
//      /releases/<remote>/<version>/; with --env also pins it there)
// Every command prints what changed (before → after), or "no change".
// The gateway reads the file on every request: a change takes effect at once, no restart.

type RemotesFile = EnvironmentFile;

const { options, positional } = parseArguments(process.argv.slice(2));
const environment = options.env;
const [command, ...rest] = positional;
const USAGE =
  'usage: npm run remotes -- list|enable|disable|pin|point|rollout|promote|rollback|validate|release … [--env <environment>] [--from <environment>]';
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

function main(): void {
  const file = remotesFilePath(environment ?? 'local');
  switch (command) {
    case 'list': {
      const content = readRemotesFile(file);
      for (const entry of content.remotes) {
        const rollout = entry.rollout ? `  rollout ${entry.rollout.percent}% → ${entry.rollout.version}` : '';
        const state = entry.enabled ? 'enabled ' : 'disabled';
        const manifest = entry.manifest ? `  ${entry.manifest}` : '';
        console.log(`${entry.name.padEnd(18)} ${state} ${entry.version}${manifest}${rollout}`);
      }
      return;
    }
    case 'enable':
    case 'disable':
    case 'rollback':
      editFile(file, (content) => edits[command](content, required(rest[0])));
      return;
    case 'pin':
      editFile(file, (content) => edits.pin(content, required(rest[0]), required(rest[1])));
      return;
    case 'point':
      editFile(file, (content) => edits.point(content, required(rest[0]), required(rest[1]), required(rest[2])));
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
        const content = readRemotesFile(remotesFilePath(name));
        // Staging and production serve published releases only (whether each is published, the
        // gateway checks at start against its releases folder).
        const problems = name === 'local' ? [] : pinProblems(content, null);
        if (problems.length > 0) throw new Error(`${remotesFilePath(name)}:\n  ${problems.join('\n  ')}`);
        console.log(`${path.relative(process.cwd(), remotesFilePath(name))}: valid`);
      }
      return;
    }
    case 'release':
    case 'publish': {
      const releasesDir = path.resolve(REPO_ROOT, process.env.REMOTE_RELEASES_DIR ?? RELEASES_DIR_DEFAULT);
      // REMOTES_BUILD_ROOT: the folder holding `<remote>/dist` when the build was made elsewhere (a
      // team's own checkout, a test); default this repository.
      const buildRoot = path.resolve(process.env.REMOTES_BUILD_ROOT ?? REPO_ROOT);
      const names = rest[0] ? [rest[0]] : REMOTE_NAMES;
      const released = names.map((name) => {
        const dist = path.join(buildRoot, name, 'dist');
        const release = publishRelease({ name, dist, releasesDir, version: rest[1] });
        const state = release.created ? 'not published → published' : 'already published with this content: no change';
        console.log(`releases ${name} ${release.version}: ${state} (${release.manifest})`);
        return { name, version: release.version };
      });
      if (environment)
        editFile(file, (content) =>
          released.reduce((edited, { name, version }) => edits.pin(edited, name, version), content),
        );
      else
        for (const { name, version } of released)
          console.log(
            `next: npm run remotes -- pin ${name} ${version} --env staging  (or rollout ${name} 10 ${version})`,
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
