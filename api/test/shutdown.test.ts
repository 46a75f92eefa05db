import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import path from 'node:path';

// Issue 17 item 4: SIGTERM drains the requests in flight before the process exits: the API stops
// taking connections at once, answers the request it was reading, and exits 0.

const root = path.resolve(__dirname, '../..');
const port = 20_000 + (process.pid % 20_000);
let api: ChildProcess;
let exited: Promise<number | null>;

beforeAll(async () => {
  api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  exited = new Promise((resolve) => api.once('exit', (code) => resolve(code)));
  // Started once it logs so (migrations and seeds first: seconds on a busy machine).
  await new Promise<void>((resolve, reject) => {
    let output = '';
    api.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('API started')) resolve();
    });
    api.once('exit', (code) => reject(new Error(`the API exited with ${code} before starting:\n${output}`)));
  });
}, 120_000);
afterAll(() => {
  if (api.exitCode === null) api.kill('SIGKILL');
});

const opened = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

it('answers the request it was reading when SIGTERM came, refuses new connections, and exits 0', async () => {
  const body = JSON.stringify({ kind: 'javascript', message: 'drained', page: '/' });
  const socket = await opened();
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
  });
  // Half a request: the headers and the first part of the body.
  socket.write(
    `POST /api/public/client-errors HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  api.kill('SIGTERM');
  // The listening socket closes at once: a new caller is refused (the load balancer sends it elsewhere).
  await expect(
    (async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          (await opened()).destroy();
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // A connection already queued by the kernel when the listening socket closed is reset
          // (seen under CI's load): not refused yet, so look again.
          if (code !== 'ECONNRESET') return code;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'still accepting';
    })(),
  ).resolves.toBe('ECONNREFUSED');
  expect(api.exitCode).toBeNull();
  socket.write(body.slice(10));
  expect(await answer).toMatch(/^HTTP\/1\.1 202 /);
  await expect(exited).resolves.toBe(0);
}, 60_000);
