import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemotesFile } from '@portal/shared-contracts';
import { describeChanges, ENVIRONMENTS_DIR, edits, readRemotesFile, remotesFilePath } from './remotes-file';

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
    const trying = edits.rollout(promoted, 'mf-map', 10, '/releases/mf-map/2.2.0/mf-manifest.json', '2.2.0');
    const rolloutEnded = edits.rollback(trying, 'mf-map');
    expect(rolloutEnded.remotes[0]?.rollout).toBeUndefined();
    expect(rolloutEnded.remotes[0]?.version).toBe('2.1.0');
    expect(describeChanges(trying, rolloutEnded)).toEqual(['production mf-map: rollout 10% on 2.2.0 → none']);
    const back = edits.rollback(rolloutEnded, 'mf-map');
    expect(back.remotes[0]).toMatchObject({ version: '2.0.0', previous: { version: '2.1.0' } });
    expect(() => edits.rollback(production, 'mf-map')).toThrow(/no earlier version/);
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
});
