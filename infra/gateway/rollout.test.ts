import { bucketOf, resolveRollouts, visitorId } from './rollout';

const remotes = [
  {
    name: 'mf-tracking',
    manifest: '/remotes/mf-tracking/mf-manifest.json',
    version: '1',
    rollout: { version: '2', manifest: '/v2/mf-manifest.json', percent: 50 },
  },
  { name: 'mf-map', manifest: '/remotes/mf-map/mf-manifest.json', version: '7' },
];

describe('rollout', () => {
  it('reads the visitor cookie and makes a new id without one', () => {
    expect(visitorId('a=1; portal_visitor=abcdef12-3456; b=2')).toEqual({ id: 'abcdef12-3456', isNew: false });
    const fresh = visitorId(undefined);
    expect(fresh.isNew).toBe(true);
    expect(fresh.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts a visitor at a stable place per remote', () => {
    expect(bucketOf('visitor-1', 'mf-tracking')).toBe(bucketOf('visitor-1', 'mf-tracking'));
    const places = new Set(Array.from({ length: 200 }, (_, i) => bucketOf(`v${i}`, 'mf-tracking')));
    expect(places.size).toBeGreaterThan(80);
  });

  it('points a visitor below the percentage at the second version, hides the rollout, leaves others alone', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `visitor-${i}`);
    const seen = ids.map((id) => resolveRollouts(remotes, id));
    const second = seen.filter((file) => file[0]?.version === '2');
    expect(second.length).toBeGreaterThan(150);
    expect(second.length).toBeLessThan(250);
    expect(second[0]?.[0]).toEqual({ name: 'mf-tracking', manifest: '/v2/mf-manifest.json', version: '2' });
    expect(seen.every((file) => !('rollout' in (file[0] ?? {})) && file[1]?.version === '7')).toBe(true);
  });

  it('gives nobody the second version at 0 % and everybody at 100 %', () => {
    const at = (percent: number) =>
      resolveRollouts(
        [{ ...remotes[0], rollout: { version: '2', manifest: '/v2', percent } }] as typeof remotes,
        'x',
      )[0]?.version;
    expect(at(0)).toBe('1');
    expect(at(100)).toBe('2');
  });
});
