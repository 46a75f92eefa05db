import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { bootPage } from './boot-page';
import { FirstScreenRenderer } from './first-screen';

/** A stand-in of the shell's Node build; `renders` counts its renders. */
function writeBundle(file: string, body: string, mtime: number, moreExports = '') {
  writeFileSync(
    file,
    `let renders = 0;
     exports.firstScreenKey = (request) => request.url + '|' + (request.cookieHeader ?? '');
     exports.sharedModules = {};
     exports.renderFirstScreen = async (request) => { renders += 1; ${body} };
     ${moreExports}`,
  );
  utimesSync(file, mtime, mtime);
}

function setUp() {
  const folder = mkdtempSync(path.join(tmpdir(), 'first-screen-'));
  const bundle = path.join(folder, 'first-screen.cjs');
  const list = path.join(folder, 'first-screen.json');
  writeFileSync(list, JSON.stringify({ css: ['5215.abc.css', 'bootstrap.def.css'] }));
  const errors: unknown[] = [];
  const log = {
    error: (details: unknown) => errors.push(details),
    info: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { bundle, list, errors, log };
}

describe('FirstScreenRenderer (issue 18: the gateway renders the first screen)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('renders with the shell’s Node build, links its stylesheets and keeps a page it rendered', async () => {
    const { bundle, list, log } = setUp();
    writeBundle(bundle, "return { html: '<h1>' + request.url + ' ' + renders + '</h1>', locale: 'lv' };", 1_000);
    const renderer = new FirstScreenRenderer(bundle, list, log);
    const screen = await renderer.render({ url: '/track', cookieHeader: 'locale=lv', remotes: { remotes: [] } });
    expect(screen).toEqual({
      html: '<h1>/track 1</h1>',
      locale: 'lv',
      stylesheets: ['/5215.abc.css', '/bootstrap.def.css'],
    });
    const again = await renderer.render({ url: '/track', cookieHeader: 'locale=lv', remotes: { remotes: [] } });
    expect(again?.html).toBe('<h1>/track 1</h1>');
    // Another visitor state, or other remotes (a rollout), is another render.
    const english = await renderer.render({ url: '/track', cookieHeader: 'locale=en', remotes: { remotes: [] } });
    expect(english?.html).toBe('<h1>/track 2</h1>');
    const rollout = await renderer.render({
      url: '/track',
      cookieHeader: 'locale=lv',
      remotes: { remotes: [{ name: 'x' }] },
    });
    expect(rollout?.html).toBe('<h1>/track 3</h1>');
  });

  it('loads a new build of the shell without a restart', async () => {
    const { bundle, list, log } = setUp();
    writeBundle(bundle, "return { html: 'old', locale: 'en' };", 1_000);
    const renderer = new FirstScreenRenderer(bundle, list, log);
    expect((await renderer.render({ url: '/', remotes: null }))?.html).toBe('old');
    writeBundle(bundle, "return { html: 'new', locale: 'en' };", 2_000);
    expect((await renderer.render({ url: '/', remotes: null }))?.html).toBe('old'); // looked at once a second
    jest.advanceTimersByTime(1_001);
    expect((await renderer.render({ url: '/', remotes: null }))?.html).toBe('new');
  });

  it('is nothing, and logged, when the render fails or the build cannot be loaded; nothing when not built', async () => {
    const { bundle, list, errors, log } = setUp();
    writeBundle(bundle, "throw new Error('window is not defined');", 1_000);
    const renderer = new FirstScreenRenderer(bundle, list, log);
    expect(await renderer.render({ url: '/', remotes: null })).toBeNull();
    expect(errors).toHaveLength(1);

    writeFileSync(bundle, 'this is not JavaScript');
    utimesSync(bundle, 3_000, 3_000);
    jest.advanceTimersByTime(1_001);
    expect(await renderer.render({ url: '/', remotes: null })).toBeNull();
    jest.advanceTimersByTime(1_001);
    expect(await renderer.render({ url: '/', remotes: null })).toBeNull();
    expect(errors).toHaveLength(2); // the broken build is told once

    const missing = new FirstScreenRenderer(path.join(path.dirname(bundle), 'missing.cjs'), list, log);
    expect(await missing.render({ url: '/', remotes: null })).toBeNull();
    expect(await new FirstScreenRenderer(null, list, log).render({ url: '/', remotes: null })).toBeNull();
    expect(errors).toHaveLength(2);
  });

  it('renders a page not kept yet only when the visitor’s budget allows; a kept one always', async () => {
    const { bundle, list, log } = setUp();
    writeBundle(bundle, "return { html: 'rendered ' + renders, locale: 'en' };", 1_000);
    const renderer = new FirstScreenRenderer(bundle, list, log);
    expect((await renderer.render({ url: '/', remotes: null }))?.html).toBe('rendered 1');
    const refuse = jest.fn(async () => false);
    expect((await renderer.render({ url: '/', remotes: null }, refuse))?.html).toBe('rendered 1');
    expect(refuse).not.toHaveBeenCalled();
    expect(await renderer.render({ url: '/track', remotes: null }, refuse)).toBeNull();
    expect(refuse).toHaveBeenCalledTimes(1);
  });

  describe('with the public API answers the page shows', () => {
    // The stand-in asks for the news of the page's URL and draws what it was given.
    const LOADS_NEWS = `exports.loadFirstScreenQueries = async (request, fetch) => [{
      queryKey: ['news'],
      data: await (await fetch('/api/public/news?page=' + encodeURIComponent(request.url))).json(),
    }];`;
    const DRAWS_QUERIES = "return { html: renders + ': ' + JSON.stringify(request.queries), locale: 'en' };";

    it('draws the page with them, hands them on for the browser, and draws it again once they change', async () => {
      const { bundle, list, log } = setUp();
      writeBundle(bundle, DRAWS_QUERIES, 1_000, LOADS_NEWS);
      let headline = 'Winter hours';
      const fetchApi = jest.fn(async (url: RequestInfo | URL) => Response.json({ headline, url: String(url) }));
      const renderer = new FirstScreenRenderer(bundle, list, log, fetchApi as unknown as typeof fetch);
      const first = await renderer.render({ url: '/', remotes: null });
      const news = [{ queryKey: ['news'], data: { headline: 'Winter hours', url: '/api/public/news?page=%2F' } }];
      expect(first?.queries).toEqual(news);
      expect(first?.html).toBe(`1: ${JSON.stringify(news)}`);
      // Asked for on every page served: the same answers keep the render, an edit shows at once.
      expect((await renderer.render({ url: '/', remotes: null }))?.html).toBe(first?.html);
      headline = 'Spring hours';
      const edited = await renderer.render({ url: '/', remotes: null });
      expect(edited?.html).toMatch(/^2: .*Spring hours/);
      expect(fetchApi).toHaveBeenCalledTimes(3);
    });

    it('draws the page without them when they fail (logged) or when there is no API to ask', async () => {
      const { bundle, list, log, errors } = setUp();
      writeBundle(bundle, DRAWS_QUERIES, 1_000, LOADS_NEWS);
      const failing = async () => {
        throw new Error('connection refused');
      };
      const screen = await new FirstScreenRenderer(bundle, list, log, failing).render({ url: '/', remotes: null });
      expect(screen?.html).toBe('1: []');
      expect(screen?.queries).toBeUndefined();
      expect(errors).toHaveLength(1);
      const withoutApi = await new FirstScreenRenderer(bundle, list, log).render({ url: '/', remotes: null });
      expect(withoutApi?.html).toBe('1: []');
    });
  });

  it('is nothing for a page the shell leaves to the browser', async () => {
    const { bundle, list, log, errors } = setUp();
    writeBundle(bundle, 'return null;', 1_000);
    expect(
      await new FirstScreenRenderer(bundle, list, log).render({ url: '/auth/callback', remotes: null }),
    ).toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('FirstScreenRenderer with remotes’ Node builds', () => {
  it('hands the render the remotes’ modules and links the stylesheets of the areas it drew', async () => {
    const { bundle, list, log } = setUp();
    writeFileSync(
      list,
      JSON.stringify({ css: ['bootstrap.def.css'], shared: { '@portal/shared-contracts/ui/forms': ['7288.abc.css'] } }),
    );
    writeFileSync(
      bundle,
      `exports.sharedModules = { react: { name: 'shell react' }, '@portal/shared-contracts/ui/forms': {} };
       exports.firstScreenKey = (request) => request.url;
       exports.renderFirstScreen = async (request) => {
         const area = { remote: 'mf-demo', expose: './App' };
         const module = request.remoteModule(area);
         return { html: module ? module() : 'placeholder', locale: 'en', remoteAreas: module ? [area] : [] };
       };`,
    );
    const folder = mkdtempSync(path.join(tmpdir(), 'remote-'));
    mkdirSync(path.join(folder, '.server'));
    writeFileSync(
      path.join(folder, 'mf-manifest.json'),
      JSON.stringify({ exposes: [{ name: 'App', assets: { css: { sync: ['__federation_expose_App.1.css'] } } }] }),
    );
    writeFileSync(
      path.join(folder, '.server', 'App.cjs'),
      `const react = require('react'); require('@portal/shared-contracts/ui/forms');
       exports.default = () => '<h1>drawn with ' + react.name + '</h1>';`,
    );
    const renderer = new FirstScreenRenderer(bundle, list, log);
    const remote = { name: 'mf-demo', folder, baseUrl: '/remotes/mf-demo/' };
    const screen = await renderer.render({ url: '/demo', remotes: null }, undefined, [remote]);
    expect(screen).toEqual({
      html: '<h1>drawn with shell react</h1>',
      locale: 'en',
      remoteAreas: [{ remote: 'mf-demo', expose: './App' }],
      stylesheets: ['/bootstrap.def.css', '/7288.abc.css', '/remotes/mf-demo/__federation_expose_App.1.css'],
    });
    // Without the remote's build on this machine, the area is the placeholder and links nothing more.
    const without = await renderer.render({ url: '/other', remotes: null }, undefined, []);
    expect(without).toMatchObject({ html: 'placeholder', stylesheets: ['/bootstrap.def.css'] });
  });

  it('says in the log (once) and the metrics (each page) when an area falls back to the browser, and why', async () => {
    const { bundle, list } = setUp();
    writeFileSync(
      bundle,
      `exports.sharedModules = {};
       exports.firstScreenKey = (request) => request.url;
       exports.renderFirstScreen = async (request) => {
         const area = { remote: 'mf-demo', expose: './App' };
         const module = request.remoteModule(area);
         return { html: module ? module() : 'placeholder', locale: 'en', remoteAreas: module ? [area] : [] };
       };`,
    );
    const told: { details: unknown; message: string }[] = [];
    const log = {
      info: (details: unknown, message: string) => told.push({ details, message }),
      warn: (details: unknown, message: string) => told.push({ details, message }),
      error: () => undefined,
    } as unknown as FastifyBaseLogger;
    const counted: string[] = [];
    const renderer = new FirstScreenRenderer(bundle, list, log, undefined, (remote, reason) =>
      counted.push(`${remote} ${reason}`),
    );
    const drawn = (folder: string) => [{ name: 'mf-demo', folder, baseUrl: '/remotes/mf-demo/' }];

    // Served from another origin (not among the page's remotes on this machine): twice, one render.
    await renderer.render({ url: '/a', remotes: null }, undefined, []);
    const again = await renderer.render({ url: '/a', remotes: null }, undefined, []);
    expect(again?.html).toBe('placeholder');
    expect(counted).toEqual(['mf-demo other_origin', 'mf-demo other_origin']);
    expect(told).toEqual([
      {
        details: { remote: 'mf-demo', reason: 'other_origin' },
        message: expect.stringContaining('mf-demo is not served from a folder of this gateway'),
      },
    ]);

    // A folder of this gateway without a Node build.
    const unbuilt = mkdtempSync(path.join(tmpdir(), 'remote-'));
    writeFileSync(path.join(unbuilt, 'mf-manifest.json'), JSON.stringify({ exposes: [] }));
    await renderer.render({ url: '/b', remotes: null }, undefined, drawn(unbuilt));
    expect(counted.at(-1)).toBe('mf-demo no_node_build');

    // A Node build that cannot run here (it asks for a module the platform does not share).
    const failing = mkdtempSync(path.join(tmpdir(), 'remote-'));
    mkdirSync(path.join(failing, '.server'));
    writeFileSync(path.join(failing, 'mf-manifest.json'), JSON.stringify({ exposes: [] }));
    writeFileSync(path.join(failing, '.server', 'App.cjs'), "require('node:fs'); exports.default = () => 'x';");
    await renderer.render({ url: '/c', remotes: null }, undefined, drawn(failing));
    expect(counted.at(-1)).toBe('mf-demo cannot_run');
    expect(told.map((entry) => (entry.details as { reason?: string }).reason)).toEqual([
      'other_origin',
      'no_node_build',
      undefined, // the load's own warning, with the error
      'cannot_run',
    ]);

    // Drawn on this machine: nothing reported.
    const working = mkdtempSync(path.join(tmpdir(), 'remote-'));
    mkdirSync(path.join(working, '.server'));
    writeFileSync(path.join(working, 'mf-manifest.json'), JSON.stringify({ exposes: [] }));
    writeFileSync(path.join(working, '.server', 'App.cjs'), "exports.default = () => '<h1>drawn</h1>';");
    const screen = await renderer.render({ url: '/d', remotes: null }, undefined, drawn(working));
    expect(screen?.html).toBe('<h1>drawn</h1>');
    expect(counted).toHaveLength(4);
  });
});

describe('bootPage with a first screen', () => {
  const template =
    '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>';

  it('puts the markup in the root with its locale, the stylesheets in the head and the language on <html>', () => {
    const page = bootPage(template, {}, [], {
      html: '<h1>Sveiki</h1>',
      locale: 'lv',
      stylesheets: ['/bootstrap.def.css'],
    });
    expect(page).toContain('<html lang="lv" data-mantine-color-scheme="light">');
    expect(page).toContain('<div id="root" data-first-screen="lv"><h1>Sveiki</h1></div>');
    expect(page).toMatch(/<link rel="stylesheet" href="\/bootstrap\.def\.css">.*<\/head>/);
  });

  it('carries the public answers the markup was drawn with in the boot data', () => {
    const queries = [{ queryKey: ['news', 3], data: { title: '</script><b>' } }];
    const page = bootPage(template, { auth: { clientId: 'portal-shell' } }, [], {
      html: '<h1>Sveiki</h1>',
      locale: 'lv',
      stylesheets: [],
      queries,
    });
    const block = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(block ?? '')).toEqual({ auth: { clientId: 'portal-shell' }, queries });
    expect(bootPage(template, {}, [], null)).not.toContain('queries');
  });

  it('names the remote areas the markup holds, which the browser takes over as drawn', () => {
    const page = bootPage(template, {}, [], {
      html: '<h1>Track</h1>',
      locale: 'en',
      stylesheets: [],
      remoteAreas: [
        { remote: 'mf-tracking', expose: './App' },
        { remote: 'mf-order-flow', expose: './HomeOrderCard' },
      ],
    });
    expect(page).toContain(
      '<div id="root" data-first-screen="en" data-remote-areas="mf-tracking/./App mf-order-flow/./HomeOrderCard"><h1>Track</h1></div>',
    );
  });

  it("moves React's image preloads from the markup into the head, ahead of the script preloads", () => {
    const image = '<link rel="preload" as="image" href="/remotes/mf-tracking/a.svg" fetchPriority="high"/>';
    const page = bootPage(template, {}, [{ href: '/remotes/mf-tracking/remoteEntry.js' }], {
      html: `${image}<link rel="preload" as="image" href="/b.svg"/><h1>Track</h1><img src="/c.svg">`,
      locale: 'en',
      stylesheets: ['/bootstrap.def.css'],
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.indexOf(image)).toBeGreaterThan(head.indexOf('/bootstrap.def.css'));
    expect(head.indexOf('href="/b.svg"')).toBeLessThan(head.indexOf('remoteEntry.js'));
    expect(page).toContain('<div id="root" data-first-screen="en"><h1>Track</h1><img src="/c.svg"></div>');
  });

  it('leaves the page as it was without one', () => {
    const page = bootPage(template, {}, []);
    expect(page).toContain('<html lang="en"><head>');
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('stylesheet');
  });

  it('takes markup with "$" patterns literally', () => {
    const page = bootPage(template, {}, [], { html: "<p>$& $' $1</p>", locale: 'en', stylesheets: [] });
    expect(page).toContain("<p>$& $' $1</p>");
  });
});
