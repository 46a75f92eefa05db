import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { registerPortalStatic } from '../../infra/gateway/portal-static';
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
