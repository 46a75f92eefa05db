import { spawn } from 'node:child_process';
import path from 'node:path';

// A closed app must leave nothing behind in its process: an API process builds one, but the tests
// build many per jest worker, and two instances may share a process. prom-client's process figures
// (its garbage-collection observer is never disconnected) were collected once per app and kept every
// closed app with its database: a jest worker's heap grew by some 35 MB per test file and each
// file's set-up slowed with it (src/http/metrics.ts). Outside jest's sandbox, where nothing of
// jest's own keeps a test's objects, with the garbage collector at hand.

const root = path.resolve(__dirname, '../../..');

function runWithGc(script: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

test('two apps started, scraped and closed in one process are both garbage-collected with their databases', async () => {
  const { code, output } = await runWithGc('api/test/http/closed-app.script.ts');
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('{"closed":4,') });
  expect(output).toContain('{"closed":4,"collected":4}');
});
