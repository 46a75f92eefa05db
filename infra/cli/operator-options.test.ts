// Issue 35 item 9: operator commands behave. `--help` prints the usage and runs nothing (the bench
// ran whole before); the stand-ins and the simulator take --port and --portal, and by default let
// the system pick a free port instead of one another process may own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseOperatorOptions } from './operator-options';

const REPO_ROOT = path.resolve(__dirname, '../..');

describe('parseOperatorOptions', () => {
  it('takes --port and --portal, falls back to the environment, and defaults to any free port', () => {
    expect(parseOperatorOptions([], {})).toMatchObject({ help: false, port: 0, portal: 'http://127.0.0.1:8080' });
    expect(
      parseOperatorOptions(['--port', '47310', '--portal', 'https://portal.example.lv/'], {
        PORTAL_URL: 'http://elsewhere:1',
      }),
    ).toMatchObject({ port: 47310, portal: 'https://portal.example.lv' });
    expect(
      parseOperatorOptions(
        [],
        { STRIPE_STANDIN_PORT: '12111', PORTAL_URL: 'http://127.0.0.1:9000' },
        {
          envPort: 'STRIPE_STANDIN_PORT',
        },
      ),
    ).toMatchObject({ port: 12111, portal: 'http://127.0.0.1:9000' });
    expect(parseOperatorOptions(['--help'], {}).help).toBe(true);
  });

  it('refuses a bad port, a portal that is not an origin, and unknown flags', () => {
    expect(() => parseOperatorOptions(['--port', 'eighty'], {})).toThrow(/--port/);
    expect(() => parseOperatorOptions(['--port', '70000'], {})).toThrow(/--port/);
    expect(() => parseOperatorOptions(['--portal', 'portal.example.lv/x'], {})).toThrow(/--portal/);
    expect(() => parseOperatorOptions(['--prot', '1'], {})).toThrow();
  });
});

describe.each([
  ['bench', 'infra/bench/run.ts', /usage: .*npm run bench/],
  ['stripe:standin', 'infra/stripe-standin/cli.ts', /usage: npm run stripe:standin/],
  ['s3:standin', 'infra/s3-standin/cli.ts', /usage: npm run s3:standin/],
  ['tracking:simulate', 'infra/tracking-simulator/cli.ts', /usage: npm run tracking:simulate/],
])('npm run %s -- --help', (_name, script, usage) => {
  it('prints the usage and exits without running anything', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, '--help'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, BENCH_ONLY: 'startup' },
    });
    expect(result.stdout).toMatch(usage);
    expect(result.status).toBe(0);
    // Nothing started: it ended at once (a bench run takes minutes, a stand-in runs until stopped)
    // and no stand-in printed where it listens.
    expect(result.stdout).not.toMatch(/stand-in at /);
  }, 60_000);
});
