import { remoteEntryUrlOf, remotesFileSchema } from './manifest';

const entry = {
  name: 'mf-tracking',
  scope: 'mf_tracking',
  manifest: '/remotes/mf-tracking/mf-manifest.json',
  enabled: true,
};

describe('remotes file schema', () => {
  it('accepts an environment file and fills the defaults', () => {
    const parsed = remotesFileSchema.parse({ environment: 'local', remotes: [entry] });
    expect(parsed.maintenance).toBe(false);
    expect(parsed.remotes[0]).toEqual(entry);
  });

  it.each([
    ['a dashed scope', { ...entry, scope: 'mf-tracking' }],
    ['a name without the mf- prefix', { ...entry, name: 'tracking' }],
    ['a missing enabled flag', { ...entry, enabled: undefined }],
    ['an empty manifest URL', { ...entry, manifest: '' }],
    [
      'a description with a relative route',
      {
        ...entry,
        description: { name: 'mf-tracking', exposes: {}, routes: [{ path: 'track', title: { en: 'T', lv: 'T' } }] },
      },
    ],
    [
      'a description with a widget that is not an expose path',
      {
        ...entry,
        description: {
          name: 'mf-tracking',
          exposes: {},
          widgets: [{ expose: 'TrackingCard', placement: 'start', order: 1 }],
        },
      },
    ],
    [
      'a route title without Latvian',
      { ...entry, description: { name: 'mf-tracking', exposes: {}, routes: [{ path: '/track', title: { en: 'T' } }] } },
    ],
  ])('refuses %s', (_label, remote) => {
    expect(remotesFileSchema.safeParse({ environment: 'local', remotes: [remote] }).success).toBe(false);
  });

  it('refuses a file without remotes', () => {
    expect(remotesFileSchema.safeParse({ environment: 'local' }).success).toBe(false);
  });
});

describe('remoteEntryUrlOf', () => {
  it('is remoteEntry.js beside the manifest, on the shell’s origin or another', () => {
    expect(remoteEntryUrlOf('/remotes/mf-tracking/mf-manifest.json', 'https://portal.test/track?x=1')).toBe(
      'https://portal.test/remotes/mf-tracking/remoteEntry.js',
    );
    expect(remoteEntryUrlOf('http://localhost:3001/mf-manifest.json', 'https://portal.test/')).toBe(
      'http://localhost:3001/remoteEntry.js',
    );
  });
});
