import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyRemoteOverrides, overrideOrigins, readRemoteOverrides } from './remote-overrides';

const file = {
  environment: 'local',
  remotes: [
    {
      name: 'mf-calculator',
      scope: 'mf_calculator',
      manifest: '/remotes/mf-calculator/mf-manifest.json',
      enabled: false,
    },
    {
      name: 'mf-map',
      scope: 'mf_map',
      manifest: '/remotes/mf-map/mf-manifest.json',
      enabled: true,
      rollout: { version: '2', manifest: '/remotes/mf-map/v2/mf-manifest.json', percent: 10 },
    },
  ],
};

describe('remote overrides (a team’s dev loop)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'overrides-'));

  it('points an overridden remote at its dev server: enabled, version dev, no rollout; others untouched', () => {
    const applied = applyRemoteOverrides(file, {
      'mf-map': 'http://127.0.0.1:3005/mf-manifest.json',
    }) as typeof file;
    expect(applied.remotes[0]).toEqual(file.remotes[0]);
    expect(applied.remotes[1]).toEqual({
      name: 'mf-map',
      scope: 'mf_map',
      manifest: 'http://127.0.0.1:3005/mf-manifest.json',
      enabled: true,
      version: 'dev',
    });
  });

  it('reads the file, and treats a missing, malformed or wrongly shaped one as no overrides', async () => {
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ 'mf-calculator': 'http://127.0.0.1:3004/mf-manifest.json' }));
    expect(await readRemoteOverrides(good)).toEqual({ 'mf-calculator': 'http://127.0.0.1:3004/mf-manifest.json' });
    expect(overrideOrigins(good)).toEqual(['http://127.0.0.1:3004', 'ws://127.0.0.1:3004']);

    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"mf-calculator": "http://127.0.0.1:30');
    const wrong = path.join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ 'mf-calculator': 'javascript:alert(1)' }));
    for (const candidate of [path.join(dir, 'missing.json'), broken, wrong]) {
      expect(await readRemoteOverrides(candidate)).toEqual({});
      expect(overrideOrigins(candidate)).toEqual([]);
    }
  });
});
