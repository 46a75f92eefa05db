import { readdirSync } from 'node:fs';
import type { RemotesFile } from '@portal/shared-contracts';
import { ENVIRONMENTS_DIR, edits, readRemotesFile, remotesFilePath } from './remotes-file';

const file: RemotesFile = {
  environment: 'test',
  maintenance: false,
  remotes: [{ name: 'mf-map', scope: 'mf_map', manifest: '/remotes/mf-map/mf-manifest.json', enabled: true }],
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
    const started = edits.rollout(file, 'mf-map', 10, 'https://cdn/2/mf-manifest.json', '2.0.0');
    expect(started.remotes[0]?.rollout).toEqual({
      manifest: 'https://cdn/2/mf-manifest.json',
      version: '2.0.0',
      percent: 10,
    });
    expect(edits.rollout(started, 'mf-map', 50).remotes[0]?.rollout?.percent).toBe(50);
    expect(edits.rollout(started, 'mf-map', 0).remotes[0]?.rollout).toBeUndefined();
    expect(() => edits.rollout(file, 'mf-map', 10)).toThrow(/manifest and version/);
  });

  it('re-points a remote and ends its rollout', () => {
    const started = edits.rollout(file, 'mf-map', 10, 'https://cdn/2/mf-manifest.json', '2.0.0');
    const pointed = edits.point(started, 'mf-map', 'https://cdn/2/mf-manifest.json', '2.0.0');
    expect(pointed.remotes[0]).toMatchObject({ manifest: 'https://cdn/2/mf-manifest.json', version: '2.0.0' });
    expect(pointed.remotes[0]?.rollout).toBeUndefined();
  });

  it('refuses an unknown remote', () => {
    expect(() => edits.enable(file, 'mf-nothing')).toThrow(/no remote mf-nothing/);
  });
});
