import { runScript } from '../processes';

// A closed app must leave nothing behind in its process: an API process builds one, but the tests
// build many per jest worker, and two instances may share a process. prom-client's process figures
// (its garbage-collection observer is never disconnected) were collected once per app and kept every
// closed app with its database: a jest worker's heap grew by some 35 MB per test file and each
// file's set-up slowed with it (src/http/metrics.ts). Outside jest's sandbox, where nothing of
// jest's own keeps a test's objects, with the garbage collector at hand (--expose-gc).

test('two apps started, scraped and closed in one process are both garbage-collected with their databases', async () => {
  const { code, output } = await runScript('api/test/http/closed-app.script.ts', { ...process.env, NODE_ENV: 'test' }, [
    '--expose-gc',
  ]);
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('{"closed":4,') });
  expect(output).toContain('{"closed":4,"collected":4}');
});
