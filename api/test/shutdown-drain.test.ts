import { request as httpRequest } from 'node:http';
import { type ApiProcess, freePorts, startApi } from './processes';

// Issue 35 item 4: on SIGTERM the API drains for SHUTDOWN_DRAIN_MS (the Deployment's preStop sleep):
// readiness answers 503 at once, while new connections are still accepted and answered (the load
// balancer takes a few seconds to stop routing to the pod); then it closes and exits 0. The drain
// here is long (five minutes, the longest the setting allows) and ended by a second signal, so nothing depends on how fast the
// machine is; the last test lets a short drain end by itself.

const settings = (drainMs: number): NodeJS.ProcessEnv => ({
  ...process.env,
  HOST: '127.0.0.1',
  PGLITE_DATA_DIR: 'memory://',
  DATABASE_URL: '',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'info',
  SHUTDOWN_DRAIN_MS: String(drainMs),
});

/** One GET on a connection of its own (no agent: a new TCP connection each time). */
function get(
  api: ApiProcess,
  path: string,
): Promise<{ status: number; connection: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, api.base), { agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(text) }),
      );
    });
    request.once('error', reject);
    request.end();
  });
}

/** Resolves once the process has logged a line containing `text` (now or later). */
function logged(api: ApiProcess, text: string): Promise<void> {
  if (api.output().includes(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const read = () => {
      if (api.output().includes(text)) {
        api.child.stdout?.off('data', read);
        resolve();
      }
    };
    // processes.ts appends each chunk to the output before this listener (added later) runs.
    api.child.stdout?.on('data', read);
    api.child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before logging "${text}":\n${api.output()}`)),
    );
  });
}

const exitOf = (api: ApiProcess): Promise<number | null> =>
  api.child.exitCode !== null
    ? Promise.resolve(api.child.exitCode)
    : new Promise((resolve) => api.child.once('exit', (code) => resolve(code)));

let apis: ApiProcess[] = [];
afterEach(() => {
  for (const api of apis) if (api.child.exitCode === null) api.child.kill('SIGKILL');
  apis = [];
});

it('answers new connections during the drain with readiness 503, then closes on the second signal and exits 0', async () => {
  const [port] = await freePorts(1);
  const api = await startApi(settings(300_000), port as number);
  apis.push(api);
  expect((await get(api, '/api/health/ready')).status).toBe(200);

  api.child.kill('SIGTERM');
  await logged(api, 'draining: readiness answers 503');
  // Readiness is 503 at once; a new connection is accepted and its request answered.
  expect(await get(api, '/api/health/ready')).toEqual({
    status: 503,
    connection: 'close',
    body: { status: 'stopping' },
  });
  const during = await get(api, '/api/health');
  expect(during).toEqual({ status: 200, connection: 'close', body: { status: 'ok', db: 'ok' } });
  expect(api.child.exitCode).toBeNull();

  // A second signal ends the drain: the server closes and the process exits 0.
  api.child.kill('SIGTERM');
  await expect(exitOf(api)).resolves.toBe(0);
  expect(api.output()).toContain('drain ended by a second signal');
  expect(api.output()).toContain('"msg":"stopped"');
}, 180_000);

it('ends a short drain by itself and exits 0', async () => {
  const [port] = await freePorts(1);
  const api = await startApi(settings(50), port as number);
  apis.push(api);
  api.child.kill('SIGTERM');
  await expect(exitOf(api)).resolves.toBe(0);
  const output = api.output();
  expect(output).toContain('"drainMs":50');
  expect(output).not.toContain('drain ended by a second signal');
  expect(output.indexOf('draining: readiness answers 503')).toBeLessThan(output.indexOf('"msg":"stopped"'));
}, 180_000);
