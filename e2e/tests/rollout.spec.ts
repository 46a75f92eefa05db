import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerPortalStatic } from '../../infra/gateway/portal-static';
import { expect, test } from './fixtures';

// Issue 16 item 5: a gradual rollout. remotes.json gives mf-tracking a second version for 30% of
// visitors; the gateway decides per visitor (a cookie) and serves each visitor the same one.

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SECOND = 'https://cdn.example/mf-tracking/2.0.0/mf-manifest.json';
const PERCENT = 30;
const VISITORS = 1000;

let gateway: FastifyInstance;

test.beforeAll(async () => {
  const local = JSON.parse(readFileSync(path.join(REPO_ROOT, 'infra/environments/local/remotes.json'), 'utf8'));
  for (const entry of local.remotes) {
    if (entry.name === 'mf-tracking') {
      entry.version = '1.0.0';
      entry.rollout = { version: '2.0.0', manifest: SECOND, percent: PERCENT };
    }
  }
  const remotesFile = path.join(mkdtempSync(path.join(tmpdir(), 'rollout-')), 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(local));
  // Only the gateway's static part (no API): the rollout is decided where /remotes.json is served.
  gateway = Fastify({ logger: false });
  await registerPortalStatic(gateway, { remotesFile });
  // Requests are injected (no sockets): 1,300 visits stay quick on a busy CI machine.
  await gateway.ready();
});

test.afterAll(async () => {
  await gateway?.close();
});

interface Served {
  remotes: { name: string; manifest: string; version?: string; rollout?: unknown }[];
}

async function visit(
  cookie?: string,
): Promise<{ version: string | undefined; cookie: string | undefined; file: Served }> {
  const response = await gateway.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} });
  expect(response.headers['cache-control']).toBe('no-store');
  const file = response.json() as Served;
  const tracking = file.remotes.find((entry) => entry.name === 'mf-tracking');
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return { version: tracking?.version, cookie: first?.split(';')[0], file };
}

test(`the second version reaches ${PERCENT}% of ${VISITORS} visitors within a few per cent, and each keeps theirs`, async () => {
  test.setTimeout(120_000);
  const visitors: { cookie: string; version: string | undefined }[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const first = await visit();
    expect(first.cookie).toMatch(/^portal_visitor=/);
    // The browser never sees the rollout itself, only its version.
    expect(first.file.remotes.every((entry) => entry.rollout === undefined)).toBe(true);
    visitors.push({ cookie: first.cookie as string, version: first.version });
  }
  const second = visitors.filter((visitor) => visitor.version === '2.0.0').length;
  expect(visitors.every((visitor) => visitor.version === '1.0.0' || visitor.version === '2.0.0')).toBe(true);
  expect(Math.abs(second / VISITORS - PERCENT / 100)).toBeLessThan(0.04);

  // The same visitor always gets the same version, and no new cookie.
  for (const visitor of visitors.slice(0, 100)) {
    for (let again = 0; again < 3; again++) {
      const next = await visit(visitor.cookie);
      expect(next.version).toBe(visitor.version);
      expect(next.cookie).toBeUndefined();
    }
  }
  const inRollout = visitors.find((visitor) => visitor.version === '2.0.0');
  const again = await visit(inRollout?.cookie);
  expect(again.file.remotes.find((entry) => entry.name === 'mf-tracking')?.manifest).toBe(SECOND);
});
