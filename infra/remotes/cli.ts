import { readdirSync } from 'node:fs';
import path from 'node:path';
import { publishRelease, RELEASES_DIR_DEFAULT } from './releases';
import { ENVIRONMENTS_DIR, edits, readRemotesFile, remotesFilePath, writeRemotesFile } from './remotes-file';

// Operators' command for infra/environments/<env>/remotes.json (issue 16 item 5):
//   npm run remotes -- list [--env staging]
//   npm run remotes -- enable|disable <remote> [--env …]
//   npm run remotes -- point <remote> <manifest URL> [version] [--env …]
//   npm run remotes -- rollout <remote> <percent> [<manifest URL> <version>] [--env …]   (0 rolls back)
//   npm run remotes -- validate [--env …]        (every environment when no --env)
//   npm run remotes -- publish <remote> [version] (copies <remote>/dist to the releases folder,
//                                                  served immutable under /releases/<remote>/<version>/)
// The gateway reads the file on every request: a change takes effect at once, no restart.

const args = process.argv.slice(2);
const envAt = args.indexOf('--env');
const environment = envAt >= 0 ? args[envAt + 1] : undefined;
const [command, ...rest] = envAt >= 0 ? [...args.slice(0, envAt), ...args.slice(envAt + 2)] : args;
const USAGE = 'usage: npm run remotes -- list|enable|disable|point|rollout|validate|publish … [--env <environment>]';
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
      writeRemotesFile(file, edits[command](readRemotesFile(file), required(rest[0])));
      return;
    case 'point':
      writeRemotesFile(file, edits.point(readRemotesFile(file), required(rest[0]), required(rest[1]), rest[2]));
      return;
    case 'rollout': {
      const percent = Number(required(rest[1]));
      if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new Error('percent is 0 to 100');
      writeRemotesFile(file, edits.rollout(readRemotesFile(file), required(rest[0]), percent, rest[2], rest[3]));
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
