import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeBuild } from './fake-build';
import { contentHash, publishRelease, releaseFolderOf } from './releases';

// Side-by-side versions: published builds are immutable folders (served by the gateway under
// /releases/: e2e/tests/releases.spec.ts).

describe('remote releases', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'releases-'));
  const releasesDir = path.join(root, 'releases');
  const one = fakeBuild(root, 'one');
  const two = fakeBuild(root, 'two');

  it('publishes a build under its package version and content hash, once', () => {
    const first = publishRelease({ name: 'mf-demo', dist: one, releasesDir });
    expect(first).toEqual({
      version: `1.2.0-${contentHash(one).slice(0, 8)}`,
      manifest: `/releases/mf-demo/1.2.0-${contentHash(one).slice(0, 8)}/mf-manifest.json`,
      created: true,
    });
    expect(publishRelease({ name: 'mf-demo', dist: one, releasesDir })).toEqual({ ...first, created: false });
    expect(contentHash(two)).not.toBe(contentHash(one));
  });

  it('refuses other content under a version already published, and names that are not versions', () => {
    publishRelease({ name: 'mf-demo', dist: one, releasesDir, version: '2.0.0' });
    expect(() => publishRelease({ name: 'mf-demo', dist: two, releasesDir, version: '2.0.0' })).toThrow(
      /already published with other content/,
    );
    expect(() => publishRelease({ name: 'mf-demo', dist: two, releasesDir, version: '../x' })).toThrow(/not a version/);
    expect(releaseFolderOf('/releases/mf-demo/2.0.0/mf-manifest.json', 'mf-other', releasesDir)).toBeNull();
  });
});
