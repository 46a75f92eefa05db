import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { localRemotesOf, RemoteServerModules } from './remote-server-modules';

/** A remote's build folder with a Node build of `./App` (body: the CommonJS file's text). */
function remoteBuild(body: string, mtime = 1_000) {
  const folder = mkdtempSync(path.join(tmpdir(), 'remote-server-'));
  mkdirSync(path.join(folder, '.server'));
  writeFileSync(
    path.join(folder, 'mf-manifest.json'),
    JSON.stringify({ exposes: [{ name: 'App', assets: { css: { sync: ['__federation_expose_App.abc.css'] } } }] }),
  );
  const write = (text: string, time: number) => {
    const file = path.join(folder, '.server', 'App.cjs');
    writeFileSync(file, text);
    utimesSync(file, time, time);
  };
  write(body, mtime);
  const warnings: unknown[] = [];
  const log = { warn: (details: unknown) => warnings.push(details) } as unknown as FastifyBaseLogger;
  return { folder, write, warnings, log, remote: { name: 'mf-demo', folder, baseUrl: '/remotes/mf-demo/' } };
}

const SHARED = { react: { tag: 'shell react' }, '@portal/shared-contracts/ui/forms': { tag: 'forms' } };
const APP = { remote: 'mf-demo', expose: './App' };

describe('RemoteServerModules (issue 18: remotes’ areas in the first screen)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('loads an expose with the shell’s shared modules and the folder it is served from', () => {
    const { remote, log } = remoteBuild(`
      const react = require('react');
      const base = require('portal:remote-public-path');
      // A part imported lazily requires its shared entries when first rendered.
      exports.default = { react: react.tag, image: base + 'abc.svg', render: () => require('@portal/shared-contracts/ui/forms') };`);
    const page = new RemoteServerModules(log).forPage([remote], SHARED);
    const module = page.lookup(APP) as { react: string; image: string; render: () => unknown };
    expect(module).toMatchObject({ react: 'shell react', image: '/remotes/mf-demo/abc.svg' });
    module.render();
    // Its own stylesheets and those of the shared entries it uses go into the page.
    expect(page.stylesheetsOf([APP])).toEqual({
      own: ['/remotes/mf-demo/__federation_expose_App.abc.css'],
      shared: ['react', '@portal/shared-contracts/ui/forms'],
    });
    expect(page.lookup({ remote: 'mf-demo', expose: './Other' })).toBeUndefined();
    expect(page.lookup({ remote: 'mf-other', expose: './App' })).toBeUndefined();
  });

  it('leaves an expose that cannot run in Node, or asks for more than the shared modules, to the browser', () => {
    const failing = remoteBuild('window.addEventListener("load", () => {}); exports.default = () => null;');
    const modules = new RemoteServerModules(failing.log);
    expect(modules.forPage([failing.remote], SHARED).lookup(APP)).toBeUndefined();
    // Tried once per build: the next page does not load (nor log) it again.
    expect(modules.forPage([failing.remote], SHARED).lookup(APP)).toBeUndefined();
    expect(failing.warnings).toHaveLength(1);

    const greedy = remoteBuild('require("node:fs"); exports.default = () => null;');
    expect(new RemoteServerModules(greedy.log).forPage([greedy.remote], SHARED).lookup(APP)).toBeUndefined();
    expect(String((greedy.warnings[0] as { err: Error }).err)).toContain('requires node:fs');
  });

  it('loads a new build of the remote without a restart, and says so in its version', () => {
    const { remote, write, log } = remoteBuild('exports.default = "first";');
    const modules = new RemoteServerModules(log);
    const first = modules.forPage([remote], SHARED);
    expect(first.lookup(APP)).toBe('first');
    write('exports.default = "second";', 2_000);
    // Looked at again at most once a second.
    expect(modules.forPage([remote], SHARED).lookup(APP)).toBe('first');
    jest.advanceTimersByTime(1_001);
    const second = modules.forPage([remote], SHARED);
    expect(second.lookup(APP)).toBe('second');
    expect(second.version).not.toBe(first.version);
    // Another shell build (other shared instances) loads the remote's modules again with its own.
    const other = { ...SHARED };
    expect(modules.forPage([remote], other).lookup(APP)).toBe('second');
  });
});

describe('localRemotesOf', () => {
  it('keeps the remotes this gateway serves from its folders, never another origin’s', () => {
    const folderOf = (remote: { name: string }) => `/builds/${remote.name}`;
    expect(
      localRemotesOf(
        [
          { name: 'mf-tracking', manifest: '/remotes/mf-tracking/mf-manifest.json' },
          { name: 'mf-calculator', manifest: '/releases/mf-calculator/1.2.0/mf-manifest.json' },
          { name: 'mf-map', manifest: 'https://cdn.example.com/mf-map/mf-manifest.json' },
          { name: 'mf-admin', manifest: '//cdn.example.com/mf-admin/mf-manifest.json' },
        ],
        folderOf,
      ),
    ).toEqual([
      { name: 'mf-tracking', folder: '/builds/mf-tracking', baseUrl: '/remotes/mf-tracking/' },
      { name: 'mf-calculator', folder: '/builds/mf-calculator', baseUrl: '/releases/mf-calculator/1.2.0/' },
    ]);
    expect(localRemotesOf([{ name: 'mf-x', manifest: '/remotes/mf-x/mf-manifest.json' }], () => null)).toEqual([]);
  });
});
