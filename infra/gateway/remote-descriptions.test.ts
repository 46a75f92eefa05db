import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DescriptionCache, withDescriptions } from './remote-descriptions';

const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
const description = (name: string) => ({
  name,
  exposes: { './App': './src/exposes/App.tsx' },
  routes: [{ path: '/hello', title: { en: 'Hello', lv: 'Sveiki' }, adminOnly: true }],
  nav: [],
  widgets: [],
});

function repoWith(name: string, content: unknown): string {
  const root = mkdtempSync(path.join(tmpdir(), 'descriptions-'));
  mkdirSync(path.join(root, name, 'dist'), { recursive: true });
  writeFileSync(path.join(root, name, 'dist', 'remote.json'), JSON.stringify(content));
  return root;
}

const entry = (name: string, manifest: string) => ({ name, scope: name.replace(/-/g, '_'), manifest, enabled: true });

describe('remotes.json with the remotes’ own descriptions', () => {
  it('adds a local remote’s published remote.json', async () => {
    const repoRoot = repoWith('mf-hello', description('mf-hello'));
    const served = (await withDescriptions(
      { environment: 'test', remotes: [entry('mf-hello', '/remotes/mf-hello/mf-manifest.json')] },
      { repoRoot, log },
    )) as { remotes: { description?: unknown }[] };
    expect(served.remotes[0]?.description).toMatchObject({ name: 'mf-hello', routes: [{ adminOnly: true }] });
  });

  it('asks a remote on another origin for the remote.json beside its manifest', async () => {
    const fetchImpl = jest.fn(async () => Response.json(description('mf-elsewhere'))) as unknown as typeof fetch;
    const served = (await withDescriptions(
      { environment: 'test', remotes: [entry('mf-elsewhere', 'http://cdn.test/hello/1.0/mf-manifest.json')] },
      { repoRoot: tmpdir(), log, fetchImpl },
    )) as { remotes: { description?: unknown }[] };
    expect(fetchImpl).toHaveBeenCalledWith('http://cdn.test/hello/1.0/remote.json', expect.anything());
    expect(served.remotes[0]?.description).toMatchObject({ name: 'mf-elsewhere' });
  });

  it('leaves out a description that is invalid or names another remote', async () => {
    const repoRoot = repoWith('mf-hello', description('mf-other'));
    const served = (await withDescriptions(
      { environment: 'test', remotes: [entry('mf-hello', '/remotes/mf-hello/mf-manifest.json')] },
      { repoRoot, log },
    )) as { remotes: { description?: unknown }[] };
    expect(served.remotes[0]?.description).toBeUndefined();
  });

  it('falls back to the local build when the other origin does not answer', async () => {
    const repoRoot = repoWith('mf-hello', description('mf-hello'));
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const served = (await withDescriptions(
      { environment: 'test', remotes: [entry('mf-hello', 'http://127.0.0.1:9/mf-manifest.json')] },
      { repoRoot, log, fetchImpl },
    )) as { remotes: { description?: unknown }[] };
    expect(served.remotes[0]?.description).toMatchObject({ name: 'mf-hello' });
  });
});

describe('the descriptions the gateway keeps between requests', () => {
  const described = async (file: unknown, options: Parameters<typeof withDescriptions>[1]) =>
    ((await withDescriptions(file, options)) as { remotes: { description?: { routes: unknown[] } }[] }).remotes[0]
      ?.description;

  it('asks another origin once within 30 seconds, and again after', async () => {
    let now = 0;
    const cache = new DescriptionCache(() => now);
    const fetchImpl = jest.fn(async () => Response.json(description('mf-elsewhere'))) as unknown as typeof fetch;
    const file = { remotes: [entry('mf-elsewhere', 'http://cdn.test/hello/1.0/mf-manifest.json')] };
    for (let visit = 0; visit < 5; visit++) {
      expect(await described(file, { repoRoot: tmpdir(), log, fetchImpl, cache })).toMatchObject({
        name: 'mf-elsewhere',
      });
    }
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    now = 30_001;
    await described(file, { repoRoot: tmpdir(), log, fetchImpl, cache });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('leaves an origin that did not answer alone for 10 seconds, serving the local build meanwhile', async () => {
    let now = 0;
    const cache = new DescriptionCache(() => now);
    const repoRoot = repoWith('mf-hello', description('mf-hello'));
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const file = { remotes: [entry('mf-hello', 'http://127.0.0.1:9/mf-manifest.json')] };
    expect(await described(file, { repoRoot, log, fetchImpl, cache })).toMatchObject({ name: 'mf-hello' });
    expect(await described(file, { repoRoot, log, fetchImpl, cache })).toMatchObject({ name: 'mf-hello' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    now = 10_001;
    await described(file, { repoRoot, log, fetchImpl, cache });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('reads a local remote.json again once it was rebuilt', async () => {
    const cache = new DescriptionCache();
    const repoRoot = repoWith('mf-hello', description('mf-hello'));
    const file = { remotes: [entry('mf-hello', '/remotes/mf-hello/mf-manifest.json')] };
    expect((await described(file, { repoRoot, log, cache }))?.routes).toHaveLength(1);
    const rebuilt = path.join(repoRoot, 'mf-hello', 'dist', 'remote.json');
    writeFileSync(
      rebuilt,
      JSON.stringify({
        ...description('mf-hello'),
        routes: [...description('mf-hello').routes, { path: '/more', title: { en: 'More', lv: 'Vairāk' } }],
      }),
    );
    // A rebuild within the same millisecond as the first write still counts as a change.
    utimesSync(rebuilt, new Date(), new Date(Date.now() + 1_000));
    expect((await described(file, { repoRoot, log, cache }))?.routes).toHaveLength(2);
  });
});
