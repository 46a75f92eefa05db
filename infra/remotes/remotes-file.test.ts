import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeBuild } from './fake-build';
import type { EnvironmentFile } from './pins';
import { describeChanges, ENVIRONMENTS_DIR, edits, readRemotesFile, remotesFilePath } from './remotes-file';

type RemotesFile = EnvironmentFile;
const file: RemotesFile = {
  environment: 'test',
  maintenance: false,
  remotes: [{ name: 'mf-map', scope: 'mf_map', version: 'workspace', enabled: true }],
};

describe('environments’ remotes.json (checked in CI)', () => {
  it.each(readdirSync(ENVIRONMENTS_DIR))('%s is valid by the shared schema', (environment) => {
    expect(readRemotesFile(remotesFilePath(environment)).environment).toBe(environment);
  });

  it('includes local, staging and production', () => {
    expect(readdirSync(ENVIRONMENTS_DIR)).toEqual(expect.arrayContaining(['local', 'staging', 'production']));
  });
});

describe('operators’ edits', () => {
  it('disables and enables a remote', () => {
    const off = edits.disable(file, 'mf-map');
    expect(off.remotes[0]?.enabled).toBe(false);
    expect(edits.enable(off, 'mf-map').remotes[0]?.enabled).toBe(true);
  });

  it('starts, changes and rolls back a rollout', () => {
    const started = edits.rollout(file, 'mf-map', 10, '2.0.0', 'https://cdn/2/mf-manifest.json');
    expect(started.remotes[0]?.rollout).toEqual({
      manifest: 'https://cdn/2/mf-manifest.json',
      version: '2.0.0',
      percent: 10,
    });
    expect(edits.rollout(started, 'mf-map', 50).remotes[0]?.rollout?.percent).toBe(50);
    expect(edits.rollout(started, 'mf-map', 0).remotes[0]?.rollout).toBeUndefined();
    expect(() => edits.rollout(file, 'mf-map', 10)).toThrow(/needs the second version/);
    // A published release needs no manifest: the gateway serves it from /releases/mf-map/2.1.0/.
    expect(edits.rollout(file, 'mf-map', 5, '2.1.0').remotes[0]?.rollout).toEqual({ version: '2.1.0', percent: 5 });
  });

  it('re-points a remote and ends its rollout', () => {
    const started = edits.rollout(file, 'mf-map', 10, '2.0.0', 'https://cdn/2/mf-manifest.json');
    const pointed = edits.point(started, 'mf-map', 'https://cdn/2/mf-manifest.json', '2.0.0');
    expect(pointed.remotes[0]).toMatchObject({ manifest: 'https://cdn/2/mf-manifest.json', version: '2.0.0' });
    expect(pointed.remotes[0]?.rollout).toBeUndefined();
  });

  it('refuses an unknown remote', () => {
    expect(() => edits.enable(file, 'mf-nothing')).toThrow(/no remote mf-nothing/);
  });
});

describe('releases between environments', () => {
  const staging: RemotesFile = {
    ...file,
    environment: 'staging',
    remotes: [{ ...file.remotes[0]!, manifest: '/releases/mf-map/2.1.0/mf-manifest.json', version: '2.1.0' }],
  };
  const production: RemotesFile = {
    ...file,
    environment: 'production',
    remotes: [{ ...file.remotes[0]!, manifest: '/releases/mf-map/2.0.0/mf-manifest.json', version: '2.0.0' }],
  };

  it('promotes what staging serves to production, keeping the version it replaces, and says so', () => {
    const promoted = edits.promote(production, 'mf-map', staging);
    expect(promoted.remotes[0]).toMatchObject({
      manifest: '/releases/mf-map/2.1.0/mf-manifest.json',
      version: '2.1.0',
      previous: { manifest: '/releases/mf-map/2.0.0/mf-manifest.json', version: '2.0.0' },
    });
    expect(describeChanges(production, promoted)).toEqual([
      'production mf-map: version 2.0.0 → 2.1.0, manifest /releases/mf-map/2.0.0/mf-manifest.json → /releases/mf-map/2.1.0/mf-manifest.json',
    ]);
  });

  it('rolls back a running rollout first, then to the previous version', () => {
    const promoted = edits.promote(production, 'mf-map', staging);
    const trying = edits.rollout(promoted, 'mf-map', 10, '2.2.0');
    const rolloutEnded = edits.rollback(trying, 'mf-map');
    expect(rolloutEnded.remotes[0]?.rollout).toBeUndefined();
    expect(rolloutEnded.remotes[0]?.version).toBe('2.1.0');
    expect(describeChanges(trying, rolloutEnded)).toEqual(['production mf-map: rollout 10% on 2.2.0 → none']);
    const back = edits.rollback(rolloutEnded, 'mf-map');
    expect(back.remotes[0]).toMatchObject({ version: '2.0.0', previous: { version: '2.1.0' } });
    expect(() => edits.rollback(production, 'mf-map')).toThrow(/no earlier version/);
  });

  it('pins a published release by its version alone, and pinning it again moves nothing', () => {
    const pinned = edits.pin(production, 'mf-map', '2.2.0-0badcafe');
    expect(pinned.remotes[0]).toEqual({
      name: 'mf-map',
      scope: 'mf_map',
      enabled: true,
      version: '2.2.0-0badcafe',
      previous: { version: '2.0.0', manifest: '/releases/mf-map/2.0.0/mf-manifest.json' },
    });
    expect(describeChanges(production, pinned)).toEqual([
      'production mf-map: version 2.0.0 → 2.2.0-0badcafe, manifest /releases/mf-map/2.0.0/mf-manifest.json → (the pinned version’s)',
    ]);
    expect(edits.pin(pinned, 'mf-map', '2.2.0-0badcafe')).toEqual(pinned);
    expect(edits.rollback(pinned, 'mf-map').remotes[0]).toMatchObject({ version: '2.0.0' });
  });

  it('says "no change" when nothing changed', () => {
    expect(describeChanges(production, edits.enable(production, 'mf-map'))).toEqual(['production: no change']);
  });

  it('the command prints before → after for each edit, on a copy of the environments', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'remotes-cli-'));
    for (const content of [staging, production]) {
      mkdirSync(path.join(folder, content.environment));
      writeFileSync(path.join(folder, content.environment, 'remotes.json'), JSON.stringify(content));
    }
    const remotes = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts'), ...args], {
        env: { ...process.env, REMOTES_ENVIRONMENTS_DIR: folder },
        encoding: 'utf8',
      }).trim();
    expect(remotes('promote', 'mf-map', '--from', 'staging', '--env', 'production')).toContain(
      'production mf-map: version 2.0.0 → 2.1.0',
    );
    expect(remotes('rollback', 'mf-map', '--env', 'production')).toContain('production mf-map: version 2.1.0 → 2.0.0');
    expect(remotes('disable', 'mf-map', '--env', 'staging')).toBe('staging mf-map: enabled → disabled');
    rmSync(folder, { recursive: true, force: true });
  });

  it('release publishes the current build once, pins it with --env, and refuses other content under its version', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'remotes-release-'));
    mkdirSync(path.join(folder, 'environments', 'staging'), { recursive: true });
    writeFileSync(path.join(folder, 'environments', 'staging', 'remotes.json'), JSON.stringify(staging));
    // A build of mf-map in a folder of its own (REMOTES_BUILD_ROOT), published into another.
    const build = fakeBuild(folder, 'one');
    const buildRoot = path.join(folder, 'builds');
    mkdirSync(path.join(buildRoot, 'mf-map'), { recursive: true });
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts'), ...args], {
        env: {
          ...process.env,
          REMOTES_ENVIRONMENTS_DIR: path.join(folder, 'environments'),
          REMOTES_BUILD_ROOT: buildRoot,
          REMOTE_RELEASES_DIR: path.join(folder, 'releases'),
        },
        encoding: 'utf8',
      });
    renameSync(build, path.join(buildRoot, 'mf-map', 'dist'));
    const first = run('release', 'mf-map', '3.0.0', '--env', 'staging');
    expect(first.stdout.trim().split('\n')).toEqual([
      'releases mf-map 3.0.0: not published → published (/releases/mf-map/3.0.0/mf-manifest.json)',
      'staging mf-map: version 2.1.0 → 3.0.0, manifest /releases/mf-map/2.1.0/mf-manifest.json → (the pinned version’s)',
    ]);
    expect(existsSync(path.join(folder, 'releases', 'mf-map', '3.0.0', 'remoteEntry.js'))).toBe(true);
    const again = run('release', 'mf-map', '3.0.0', '--env', 'staging');
    expect(again.stdout.trim().split('\n')).toEqual([
      'releases mf-map 3.0.0: already published with this content: no change (/releases/mf-map/3.0.0/mf-manifest.json)',
      'staging: no change',
    ]);
    writeFileSync(path.join(buildRoot, 'mf-map', 'dist', 'remoteEntry.js'), 'console.log("changed");');
    const changed = run('release', 'mf-map', '3.0.0', '--env', 'staging');
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain('mf-map 3.0.0 is already published with other content');
    expect(readFileSync(path.join(folder, 'releases', 'mf-map', '3.0.0', 'remoteEntry.js'), 'utf8')).toBe(
      'console.log("one");',
    );
    rmSync(folder, { recursive: true, force: true });
  });
});
