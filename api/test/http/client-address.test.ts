/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../helpers';
import { testConfigSettings } from '../templates/templates';

// Issue 35 item 1: behind the Ingress, per-IP rate limits count each client on its own, and a
// client cannot choose the address it is counted under. A real reverse proxy (node:http, as nginx
// does it: the peer's address appended to X-Forwarded-For) stands in front of an API that listens
// on a port; the clients connect from different loopback addresses (127.0.0.2, 127.0.0.3...).

const LIMIT = 3;

/** A reverse proxy to `target` that appends each caller's address to X-Forwarded-For. */
async function startProxy(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const forwarded = request.headers['x-forwarded-for'];
    const peer = request.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${peer}` : peer },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A priced call (the `expensive` limit) from `from`, optionally with a header of the client's own making. */
function challenge(port: number, from: string, ownForwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        path: '/api/public/bot-check/challenge',
        agent: false,
        headers: ownForwardedFor ? { 'x-forwarded-for': ownForwardedFor } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function startListening(trustProxy: string | undefined): Promise<{ api: TestApp; port: number }> {
  // Counters in this process's memory (not a REDIS_URL of the environment's), and only this test's TRUST_PROXY.
  const settings: NodeJS.ProcessEnv = {
    ...testConfigSettings(),
    RATE_LIMIT: 'on',
    RATE_LIMIT_EXPENSIVE: String(LIMIT),
    REDIS_URL: undefined,
    TRUST_PROXY: undefined,
  };
  const api = await startTestApp({
    config: loadConfig(trustProxy ? { ...settings, TRUST_PROXY: trustProxy } : settings),
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  return { api, port: (api.app.server.address() as AddressInfo).port };
}

const times = async (count: number, call: () => Promise<number>) => {
  const answers: number[] = [];
  for (let index = 0; index < count; index++) answers.push(await call());
  return answers;
};

describe.each([
  ['a hop count', '1'],
  ["the proxy's address", '127.0.0.1/32'],
])('behind a trusted proxy (TRUST_PROXY as %s)', (_form, trustProxy) => {
  let api: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    const started = await startListening(trustProxy);
    api = started.api;
    proxy = await startProxy(started.port);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await api?.close();
  });

  it('counts each client on its own', async () => {
    expect(await times(LIMIT + 1, () => challenge(proxy.port, '127.0.0.2'))).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy still has its whole budget.
    expect(await times(LIMIT + 1, () => challenge(proxy.port, '127.0.0.3'))).toEqual([200, 200, 200, 429]);
  });

  it('keeps counting a client that writes another address in its own X-Forwarded-For', async () => {
    const answers = await Promise.all(
      ['10.1.1.1', '10.2.2.2', '192.0.2.7'].map((own) => challenge(proxy.port, '127.0.0.2', own)),
    );
    expect(answers).toEqual([429, 429, 429]);
    // A fresh client's own header does not move it onto another client's counter either.
    expect(await challenge(proxy.port, '127.0.0.4', '127.0.0.2')).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let api: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ api, port } = await startListening(undefined));
  }, 60_000);
  afterAll(async () => api?.close());

  it('counts a client by its connection, whatever X-Forwarded-For it sends', async () => {
    const answers = await times(LIMIT + 2, () =>
      challenge(port, '127.0.0.5', `203.0.113.${Math.floor(Math.random() * 200) + 1}`),
    );
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    expect(await challenge(port, '127.0.0.6')).toBe(200);
  });
});

describe('TRUST_PROXY (configuration)', () => {
  it('takes a hop count or a list of addresses and blocks, and refuses anything else by name', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', '10.0.0', 'proxy.example.lv', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
