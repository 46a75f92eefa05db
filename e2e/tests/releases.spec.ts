import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerMetrics } from '../../api/src/http/metrics';
import { useRouteSchemas } from '../../api/src/http/route-schemas';
import { assertPinnedReleases, registerPortalStatic } from '../../infra/gateway/portal-static';
import { fakeBuild } from '../../infra/remotes/fake-build';
import { publishRelease } from '../../infra/remotes/releases';
import { expect, test } from './fixtures';

// Issue 16 item 5: the gateway serves each remote's published versions side by side under
// immutable paths; remotes.json (never cached) chooses among them, each with its own description.

test('two published versions are served side by side, immutable, each with its own description', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'releases-'));
  const releasesDir = path.join(root, 'releases');
  const a = publishRelease({ name: 'mf-demo', dist: fakeBuild(root, 'one'), releasesDir });
  const b = publishRelease({ name: 'mf-demo', dist: fakeBuild(root, 'two'), releasesDir });
  const remotesFile = path.join(root, 'remotes.json');
  writeFileSync(
    remotesFile,
    JSON.stringify({
      environment: 'test',
      maintenance: false,
      remotes: [{ name: 'mf-demo', scope: 'mf_demo', manifest: b.manifest, version: b.version, enabled: true }],
    }),
  );
  // Only the gateway's static part (no API), requests injected.
  const app = Fastify({ logger: false });
  await registerPortalStatic(app, { remotesFile, releasesDir });
  for (const [release, label] of [
    [a, 'one'],
    [b, 'two'],
  ] as const) {
    const entry = await app.inject({ url: `/releases/mf-demo/${release.version}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe(`console.log("${label}");`);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ url: release.manifest });
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  expect((await app.inject({ url: `/releases/mf-demo/${a.version}/.release.json` })).statusCode).toBe(404);
  const served = (await app.inject({ url: '/remotes.json' })).json() as {
    remotes: { description?: { routes: { path: string }[] } }[];
  };
  expect(served.remotes[0]?.description?.routes[0]?.path).toBe('/demo-two');
  expect(JSON.parse(readFileSync(path.join(releasesDir, 'mf-demo', a.version, 'mf-manifest.json'), 'utf8'))).toEqual({
    id: 'mf_demo',
    label: 'one',
  });
  await app.close();
});

// Issue 39 item 3: the first screen draws a remote's area with the Node build its release carries
// when the release is served from this gateway; a remote served from another origin is drawn by the
// browser, and /metrics (and the log) say so.
test('the first screen draws a release from its Node build; a remote on another origin falls back, counted', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'releases-'));
  const dist = fakeBuild(root, 'one');
  mkdirSync(path.join(dist, '.server'));
  writeFileSync(path.join(dist, '.server', 'App.cjs'), "exports.default = () => '<h1>drawn by the gateway</h1>';");
  const releasesDir = path.join(root, 'releases');
  const release = publishRelease({ name: 'mf-demo', dist, releasesDir });
  // A stand-in of the shell's Node build: the page at /demo-one has the remote's area.
  const shellDist = path.join(root, 'shell');
  mkdirSync(shellDist);
  writeFileSync(path.join(shellDist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(shellDist, 'first-screen.json'), JSON.stringify({ css: [] }));
  const bundle = path.join(shellDist, 'first-screen.cjs');
  writeFileSync(
    bundle,
    `exports.sharedModules = {};
     exports.firstScreenKey = (request) => request.url;
     exports.renderFirstScreen = async (request) => {
       const area = { remote: 'mf-demo', expose: './App' };
       const module = request.remoteModule(area);
       return { html: module ? module() : '<p>placeholder</p>', locale: 'en', remoteAreas: module ? [area] : [] };
     };`,
  );
  const remotesFile = path.join(root, 'remotes.json');
  const serve = (manifest: string) =>
    writeFileSync(
      remotesFile,
      JSON.stringify({
        environment: 'test',
        maintenance: false,
        remotes: [{ name: 'mf-demo', scope: 'mf_demo', manifest, version: release.version, enabled: true }],
      }),
    );
  const app = Fastify({ logger: false });
  // The API's metrics as the platform registers them (its routes' zod schemas compiled the same way).
  useRouteSchemas(app, { checkAnswers: true });
  registerMetrics(app, {});
  await registerPortalStatic(app, { remotesFile, releasesDir, shellDist, firstScreenBundle: bundle });
  const fallbacks = async () => {
    const body = (await app.inject({ url: '/metrics' })).body;
    return Number(
      /portal_first_screen_browser_areas_total\{remote="mf-demo",reason="other_origin"\} (\d+)/.exec(body)?.[1] ?? 0,
    );
  };

  serve(release.manifest);
  expect((await app.inject({ url: '/demo-one' })).body).toContain('<h1>drawn by the gateway</h1>');
  expect(await fallbacks()).toBe(0);

  // The same version served from the team's own origin (nothing listens there in this test).
  serve(`http://127.0.0.1:9/mf-demo/${release.version}/mf-manifest.json`);
  for (const _ of [1, 2]) expect((await app.inject({ url: '/demo-one' })).body).toContain('<p>placeholder</p>');
  expect(await fallbacks()).toBe(2);
  await app.close();
});

// Issue 39 item 2: an environment pins the version it serves. Gateways started with an environment
// pinning X serve X's files and description while a newer Y is published beside it, every
// instance behind a proxy alike (the releases folder shared, as the pods' read-only volume); a
// guarded start refuses a pin it cannot serve.
test('gateways pinning version X serve X behind a proxy while a newer Y is published; a missing pin refuses the start', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pinned-'));
  const releasesDir = path.join(root, 'releases');
  const x = publishRelease({ name: 'mf-demo', dist: fakeBuild(root, 'one'), releasesDir, version: '1.0.0' });
  const y = publishRelease({ name: 'mf-demo', dist: fakeBuild(path.join(root, 'later'), 'two'), releasesDir });
  expect(y.version).not.toBe(x.version);
  const pin = (version: string) => {
    const folder = mkdtempSync(path.join(root, 'env-'));
    writeFileSync(
      path.join(folder, 'remotes.json'),
      JSON.stringify({
        environment: 'production',
        maintenance: false,
        remotes: [{ name: 'mf-demo', scope: 'mf_demo', version, enabled: true }],
      }),
    );
    return path.join(folder, 'remotes.json');
  };
  const remotesFile = pin(x.version);

  // Two instances as a production start makes them (the pins checked first), one proxy in front.
  const instances: FastifyInstance[] = [];
  for (const _ of [1, 2]) {
    assertPinnedReleases({ remotesFile, releasesDir });
    const app = Fastify({ logger: false });
    await registerPortalStatic(app, { remotesFile, releasesDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push(app);
  }
  const proxy = await roundRobinProxy(instances.map((app) => (app.server.address() as AddressInfo).port));
  try {
    for (const _ of [1, 2, 3, 4]) {
      const served = (await (await fetch(`${proxy.url}/remotes.json`)).json()) as {
        remotes: { manifest: string; version: string; description?: { routes: { path: string }[] } }[];
      };
      expect(served.remotes[0]).toMatchObject({
        version: '1.0.0',
        manifest: '/releases/mf-demo/1.0.0/mf-manifest.json',
      });
      expect(served.remotes[0]?.description?.routes[0]?.path).toBe('/demo-one');
      expect(await (await fetch(`${proxy.url}/releases/mf-demo/1.0.0/remoteEntry.js`)).text()).toBe(
        'console.log("one");',
      );
    }
    expect(new Set(proxy.answeredBy)).toEqual(
      new Set(instances.map((app) => (app.server.address() as AddressInfo).port)),
    );
    // Y is served beside X, at its own immutable address, but no page is pointed at it.
    expect(await (await fetch(`${proxy.url}/releases/mf-demo/${y.version}/remoteEntry.js`)).text()).toBe(
      'console.log("two");',
    );
  } finally {
    await proxy.close();
    for (const app of instances) await app.close();
  }

  expect(() => assertPinnedReleases({ remotesFile: pin('2.0.0'), releasesDir })).toThrow(
    /mf-demo 2\.0\.0: release not published/,
  );
  expect(() => assertPinnedReleases({ remotesFile: pin('workspace'), releasesDir })).toThrow(/for local only/);
});

/** A reverse proxy taking turns between the instances (as the Ingress spreads requests over pods). */
async function roundRobinProxy(
  ports: number[],
): Promise<{ url: string; answeredBy: number[]; close(): Promise<void> }> {
  const answeredBy: number[] = [];
  let turn = 0;
  const server = createServer((request, response) => {
    const port = ports[turn++ % ports.length] as number;
    answeredBy.push(port);
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
