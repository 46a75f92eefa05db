import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../gateway/portal-static';

export { loadAverage } from './load-average';

/**
 * Starts the production gateway (infra/gateway/start.ts: API, dev identity provider, static
 * files) as a child process, as `npm run serve` does, on `dataDir` (`memory://` by default).
 */
export async function startGateway(
  port: number,
  dataDir = 'memory://',
  /** Settings over the bench's own (which switch the rate limits off). */
  settings: Record<string, string> = {},
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_GATEWAY_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": to profile the server under load.
  const nodeArgs = process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn('node', [...nodeArgs, '--import', 'tsx', 'infra/gateway/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: dataDir,
      TRACKING_SIMULATOR: 'off',
      RATE_LIMIT: 'off',
      ...settings,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error('gateway did not start');
}

/** Stops the gateway and waits until it has closed its database (a PGlite folder serves one process). */
export async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}
