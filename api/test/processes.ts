import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_PUBLIC_JWK } from './test-tokens';

// Tests that run the API as a deployment does: `api/src/main.ts` in processes of its own, reached
// over HTTP (two-processes.test.ts, database-restart.test.ts).

const root = path.resolve(__dirname, '../..');

/** One spawned API process: its base URL and its output so far (shown when something fails). */
export interface ApiProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** A small HTTP server on a free port of 127.0.0.1. */
export async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
export const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Runs `node [nodeOptions] --import tsx <script>` with the shared settings; resolves with its exit code and output. */
export function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  nodeOptions: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/**
 * Starts one API process on a free port; resolves once it logs that it listens (LOG_LEVEL must
 * let `info` through). One that has not started within two minutes is killed and reported.
 */
export function startApi(env: NodeJS.ProcessEnv, port: number): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const api = { child, base: `http://127.0.0.1:${port}`, output: () => output };
  return new Promise((resolve, reject) => {
    const late = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`an API process did not start within two minutes:\n${output}`));
    }, 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('API started')) {
        clearTimeout(late);
        resolve(api);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`an API process exited with ${code} before starting:\n${output}`));
    });
  });
}

/** `count` ports nothing listens on now. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => listen(() => undefined)));
  const ports = servers.map(portOf);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Stops the processes (SIGTERM, as an orchestrator does) and waits for them to exit. */
export async function stopApis(apis: ApiProcess[]): Promise<void> {
  await Promise.all(
    apis.map((api) =>
      api.child.exitCode === null
        ? new Promise((resolve) => {
            api.child.once('exit', resolve);
            api.child.kill('SIGTERM');
          })
        : null,
    ),
  );
}

/**
 * The identity provider the processes trust: OpenID discovery and the test key set over HTTP (the
 * tokens are test-tokens.ts's). Answers the server and the settings that point an API at it.
 */
export async function testIdentityProvider(): Promise<{ server: Server; settings: NodeJS.ProcessEnv }> {
  const server = await listen((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer: TEST_ISSUER, jwks_uri: `http://127.0.0.1:${portOf(server)}/jwks` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [TEST_PUBLIC_JWK] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  return {
    server,
    settings: {
      OIDC_ISSUER: TEST_ISSUER,
      OIDC_DISCOVERY_URL: `http://127.0.0.1:${portOf(server)}`,
      OIDC_AUDIENCE: TEST_AUDIENCE,
    },
  };
}

/**
 * One HTTP call to a process (node:http, so that a caller can come from an address of its own:
 * every address of 127.0.0.0/8 is this machine, and the limits count per address too).
 */
export function call(
  api: ApiProcess,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  from = '127.0.0.1',
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
): Promise<{ status: number; body: any; location: string | undefined; retryAfter: string | undefined }> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(url, api.base),
      {
        method,
        localAddress: from,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: String(response.headers['content-type']).includes('json') && text ? JSON.parse(text) : text,
            location: response.headers.location,
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

/** Waits up to `within` ms for `condition` (a change notice arrives asynchronously, in milliseconds). */
export async function eventually(condition: () => Promise<boolean>, within = 2_000): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < within; ) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}
