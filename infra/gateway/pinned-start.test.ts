import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCTION_SETTINGS } from '../../api/test/config/production-settings';
import { fakeBuild } from '../remotes/fake-build';
import { publishRelease } from '../remotes/releases';

// Issue 39 item 2: a production start (`node infra/gateway/start.ts`) refuses, before it opens the
// database, a remotes.json pinning the checkout's build or a release its releases folder lacks.

const root = mkdtempSync(path.join(tmpdir(), 'pinned-start-'));
const releasesDir = path.join(root, 'releases');
const published = publishRelease({ name: 'mf-demo', dist: fakeBuild(root, 'one'), releasesDir });

function startProduction(pins: { version: string }[]): { status: number | null; stderr: string } {
  const remotesFile = path.join(mkdtempSync(path.join(root, 'env-')), 'remotes.json');
  writeFileSync(
    remotesFile,
    JSON.stringify({
      environment: 'production',
      maintenance: false,
      remotes: pins.map(({ version }, index) => ({
        name: index === 0 ? 'mf-demo' : 'mf-other',
        scope: index === 0 ? 'mf_demo' : 'mf_other',
        version,
        enabled: true,
      })),
    }),
  );
  const started = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'start.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      ...PRODUCTION_SETTINGS,
      NODE_ENV: 'production',
      // Nothing listens there: a start that got past the pins would fail on the database instead.
      DATABASE_URL: 'postgres://portal@127.0.0.1:9/portal',
      REMOTES_FILE: remotesFile,
      REMOTE_RELEASES_DIR: releasesDir,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: started.status, stderr: started.stderr };
}

describe('a production start with pinned releases', () => {
  it('refuses a remote on the checkout’s build and a pinned release that is not published, naming each', () => {
    const refused = startProduction([{ version: 'workspace' }, { version: '4.0.0' }]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The portal cannot start:');
    expect(refused.stderr).toContain(
      'mf-demo workspace: the checkout\'s own build ("workspace") is for local only; pin a published release',
    );
    expect(refused.stderr).toContain(`mf-other 4.0.0: release not published in ${releasesDir}`);
  }, 60_000);

  it('gets past the pins when every one is published (then stops at the unreachable database)', () => {
    const started = startProduction([{ version: published.version }]);
    expect(started.stderr).not.toContain('pins what this gateway cannot serve');
    expect(started.stderr).toContain('The portal cannot start:');
  }, 60_000);
});
