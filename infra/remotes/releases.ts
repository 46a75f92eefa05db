// Side-by-side versions of a remote (issue 16 item 5). `npm run remotes -- publish mf-map` copies
// the remote's build into `<releases>/<remote>/<version>/`, where the version is the package's
// version plus a hash of the build's content (`1.0.0-3fa2b1c4`). A published folder never changes:
// the gateway serves it under `/releases/<remote>/<version>/` with year-long immutable caching,
// manifest included, so any number of versions are served at once and a rollout or rollback is
// only a change of the manifest URL in remotes.json (which is never cached).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where published versions live unless REMOTE_RELEASES_DIR says otherwise (relative to the repository). */
export const RELEASES_DIR_DEFAULT = '.data/releases';
/** The URL prefix the gateway serves them under. */
export const RELEASES_URL_PREFIX = '/releases/';
const RECEIPT = '.release.json';
/** A version's name: a path segment that cannot climb out of the releases folder. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

function filesOf(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? filesOf(file, base) : [path.relative(base, file)];
    })
    .sort();
}

/** A hash of every file's path and bytes: the same build gives the same hash on any machine. */
export function contentHash(dist: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dist)) {
    if (file === RECEIPT) continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dist, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export interface PublishedRelease {
  version: string;
  /** The manifest URL to put into remotes.json (`npm run remotes -- point|rollout`). */
  manifest: string;
  /** False when the same content was already published under this version. */
  created: boolean;
}

/**
 * Publishes `dist` as `name`'s `version` (default `<package version>-<8 hex of the content hash>`).
 * Publishing the same content again changes nothing; other content under an existing version is
 * refused, because browsers and CDNs keep the old files for a year.
 */
export function publishRelease(options: {
  name: string;
  dist: string;
  releasesDir: string;
  version?: string;
}): PublishedRelease {
  const { name, dist, releasesDir } = options;
  if (!/^mf-[a-z-]+$/.test(name)) throw new Error(`not a remote name: ${name}`);
  if (!existsSync(path.join(dist, 'mf-manifest.json')))
    throw new Error(`${dist} has no mf-manifest.json: build the remote first`);
  const hash = contentHash(dist);
  const packageVersion = readPackageVersion(path.dirname(dist));
  const version = options.version ?? `${packageVersion}-${hash.slice(0, 8)}`;
  if (!VERSION_PATTERN.test(version) || version === 'workspace') throw new Error(`not a version name: ${version}`);
  const target = path.join(releasesDir, name, version);
  const manifest = `${RELEASES_URL_PREFIX}${name}/${version}/mf-manifest.json`;
  if (existsSync(target)) {
    const receipt = JSON.parse(readFileSync(path.join(target, RECEIPT), 'utf8')) as { hash: string };
    if (receipt.hash !== hash) throw new Error(`${name} ${version} is already published with other content`);
    return { version, manifest, created: false };
  }
  // Copied beside the target and renamed into place: a visitor never meets half a release.
  const staging = `${target}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(dist, staging, { recursive: true });
  writeFileSync(
    path.join(staging, RECEIPT),
    `${JSON.stringify({ name, version, hash, publishedAt: new Date().toISOString() })}\n`,
  );
  renameSync(staging, target);
  return { version, manifest, created: true };
}

function readPackageVersion(dir: string): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}

/** The folder of a release manifest URL (`/releases/<remote>/<version>/mf-manifest.json`), or null. */
export function releaseFolderOf(manifest: string, name: string, releasesDir: string): string | null {
  const match = /^\/releases\/(mf-[a-z-]+)\/([0-9A-Za-z][0-9A-Za-z.+-]{0,63})\/mf-manifest\.json$/.exec(manifest);
  if (!match || match[1] !== name) return null;
  return path.join(releasesDir, name, match[2] as string);
}
