// What the tests of remotes built outside the portal's own build share: building with a preset,
// serving a build from its own origin (as a CDN would) and starting a gateway of their own.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs one rspack configuration (a remote's or a shell's from a build preset). */
export function runBuild(config: Configuration): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    rspack(config).run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

/** A folder served on its own origin with CORS; returns the origin and a close function. */
export async function serveFolder(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const file = path.join(root, new URL(request.url ?? '/', 'http://x').pathname);
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
        'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Longest a stopped gateway may take to close (its database, its connections) before it is killed. */
const STOP_GRACE_MS = 15_000;

/**
 * A gateway of the test's own (in-memory database) on `port`, with extra settings. `stop` resolves
 * once the process has exited: a gateway started again on the same data folder must not open it
 * while the last one still closes it (idp-restart.spec waited a fixed second, and a loaded CI
 * machine took longer).
 */
export async function startGateway(
  port: number,
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const gateway: ChildProcess = spawn('node', ['--import', 'tsx', 'infra/gateway/start.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: 'memory://',
      TRACKING_SIMULATOR: 'off',
      ...env,
    },
  });
  // The end of what it wrote to stderr, for the message when it does not start.
  let stderr = '';
  gateway.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  let running = true;
  const exited = new Promise<void>((resolve) => gateway.once('exit', () => resolve()));
  void exited.then(() => {
    running = false;
  });
  const stop = async () => {
    if (!running) return;
    gateway.kill();
    const killLater = setTimeout(() => gateway.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killLater);
  };
  const url = `http://127.0.0.1:${port}`;
  // Up to two minutes: a start seeds the database, and on a loaded 2-core machine (CI with other
  // work beside it) that passed one minute once.
  for (let attempt = 0; attempt < 240 && running; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const ended = running ? 'did not start' : 'exited before it started';
  await stop();
  throw new Error(`test gateway on ${port} ${ended}:\n${stderr}`);
}
