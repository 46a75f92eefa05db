import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeBuild } from './fake-build';
import { type EnvironmentFile, manifestOf, pinProblems, pinShapeProblems, resolvePins } from './pins';
import { publishRelease } from './releases';
import { readRemotesFile, remotesFilePath } from './remotes-file';

// Issue 39 item 2: each environment pins the version it serves; the gateway resolves it.

const entry = { name: 'mf-demo', scope: 'mf_demo', enabled: true };

describe('pinned versions', () => {
  it('resolve to the workspace build, a published release, or the manifest written beside them', () => {
    expect(manifestOf('mf-demo', { version: 'workspace' })).toBe('/remotes/mf-demo/mf-manifest.json');
    expect(manifestOf('mf-demo', { version: '1.2.0-ab12cd34' })).toBe(
      '/releases/mf-demo/1.2.0-ab12cd34/mf-manifest.json',
    );
    expect(manifestOf('mf-demo', { version: '3.0.0', manifest: 'https://cdn.example/3/mf-manifest.json' })).toBe(
      'https://cdn.example/3/mf-manifest.json',
    );
  });

  it('the served file names every manifest: the remote’s, its rollout’s and its previous version’s', () => {
    const file = {
      environment: 'staging',
      remotes: [
        {
          ...entry,
          version: '2.0.0',
          rollout: { version: '2.1.0', percent: 10 },
          previous: { version: '1.9.0' },
        },
      ],
    };
    expect(resolvePins(file)).toEqual({
      environment: 'staging',
      remotes: [
        {
          ...entry,
          version: '2.0.0',
          manifest: '/releases/mf-demo/2.0.0/mf-manifest.json',
          rollout: { version: '2.1.0', percent: 10, manifest: '/releases/mf-demo/2.1.0/mf-manifest.json' },
          previous: { version: '1.9.0', manifest: '/releases/mf-demo/1.9.0/mf-manifest.json' },
        },
      ],
    });
  });

  it('every remote pins a version, and a version is a safe path segment', () => {
    const file = { environment: 'x', remotes: [{ ...entry }, { ...entry, name: 'mf-other', version: '../up' }] };
    expect(pinShapeProblems(file)).toEqual([
      'mf-demo: pins no version (a release\'s version, or "workspace" for the local build)',
      'mf-other: version "../up" is not a version name',
    ]);
  });
});

describe('a guarded environment’s pins', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pins-'));
  const releasesDir = path.join(root, 'releases');
  const published = publishRelease({ name: 'mf-demo', dist: fakeBuild(root, 'one'), releasesDir });
  const pinned = (remote: Partial<EnvironmentFile['remotes'][number]>): EnvironmentFile => ({
    environment: 'production',
    maintenance: false,
    remotes: [{ ...entry, version: published.version, ...remote }],
  });

  it('are served when each is a published release or a manifest on another origin', () => {
    expect(pinProblems(pinned({}), releasesDir)).toEqual([]);
    expect(
      pinProblems(pinned({ version: '9.9.9', manifest: 'https://cdn.example/9/mf-manifest.json' }), releasesDir),
    ).toEqual([]);
  });

  it('name a release missing from the releases folder, in a rollout or a previous version too', () => {
    expect(pinProblems(pinned({ version: '9.9.9' }), releasesDir)).toEqual([
      `mf-demo 9.9.9: release not published in ${releasesDir} (npm run remotes -- release mf-demo <version>)`,
    ]);
    expect(
      pinProblems(pinned({ rollout: { version: '9.9.9', percent: 5 }, previous: { version: '0.0.1' } }), releasesDir),
    ).toEqual([
      expect.stringMatching(/^mf-demo 9\.9\.9 \(rollout\): release not published/),
      expect.stringMatching(/^mf-demo 0\.0\.1 \(previous\): release not published/),
    ]);
    // CI checks the files without the releases (null): only what the file itself says.
    expect(pinProblems(pinned({ version: '9.9.9' }), null)).toEqual([]);
  });

  it('refuse the checkout’s own build, by its pin or by its manifest', () => {
    expect(pinProblems(pinned({ version: 'workspace' }), null)).toEqual([
      'mf-demo workspace: the checkout\'s own build ("workspace") is for local only; pin a published release',
    ]);
    expect(pinProblems(pinned({ version: '1.0.0', manifest: '/remotes/mf-demo/mf-manifest.json' }), null)).toHaveLength(
      1,
    );
  });
});

describe('the environments’ files', () => {
  const remotes = (environment: string) => readRemotesFile(remotesFilePath(environment)).remotes;

  it('local serves the workspace builds', () => {
    expect(remotes('local').every((remote) => remote.version === 'workspace' && !remote.manifest)).toBe(true);
  });

  it.each(['staging', 'production'])('%s pins a published version of every remote local serves', (environment) => {
    const pins = remotes(environment);
    expect(pins.map((remote) => remote.name).sort()).toEqual(
      remotes('local')
        .map((remote) => remote.name)
        .sort(),
    );
    expect(pinProblems(readRemotesFile(remotesFilePath(environment)), null)).toEqual([]);
    for (const remote of pins) expect(remote.version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{8}$/);
  });
});
