import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { completed } from './modules/orders/order-bodies';
import { type ApiProcess, call, freePorts, startApi, stopApis, testIdentityProvider } from './processes';
import { bearer } from './test-tokens';

// Issue 17 item 4: a database restart during traffic is survived. An API process runs on a
// PostgreSQL server of this test's own (initdb in a temporary folder, from the machine's
// PostgreSQL binaries: restarting the machine's server would cut the other test files' databases),
// customers keep making orders, and the server is stopped and started again under them. While it is
// down the API answers 503 with Retry-After, never 500; once it is back the API serves again
// without being restarted itself; and no order is half written.

const binaries = (() => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return `/usr/lib/postgresql/${newest}/bin`;
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
const CUSTOMERS = 4;

/** Runs a PostgreSQL tool as the `postgres` user when this process is root (PostgreSQL refuses root). */
function pgTool(tool: string, args: string[]): void {
  const command = path.join(binaries, tool);
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

let port: number;
let api: ApiProcess;
let identityServer: { close(): void } | undefined;
const startServer = () =>
  pgTool('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-o',
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    path.join(dataDir, 'server.log'),
    'start',
  ]);
const stopServer = () => pgTool('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);

beforeAll(async () => {
  if (process.getuid?.() === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    chownSync(dataDir, postgresUid, postgresUid);
  }
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  [port] = (await freePorts(1)) as [number];
  startServer();
  const identity = await testIdentityProvider();
  identityServer = identity.server;
  // A development start migrates and seeds the new database itself.
  api = await startApi(
    {
      ...process.env,
      ...identity.settings,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      PGLITE_DATA_DIR: '',
      RATE_LIMIT: 'off',
      DOCUMENT_WORKERS: '0',
    },
    (await freePorts(1))[0]!,
  );
}, 180_000);

afterAll(async () => {
  if (api) await stopApis([api]);
  identityServer?.close();
  try {
    stopServer();
  } catch {
    // already stopped (a failed test)
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers 503 with Retry-After while PostgreSQL restarts under load, serves again after, and writes no half order', async () => {
  const {
    rows: [parcel],
  } = await withDatabase((sql) =>
    sql.query<{ id: number }>(`select id from work_flows where seed_key = 'parcel-lv-post-office-registered'`),
  );
  const order = completed(parcel!.id);
  const customers = Array.from({ length: CUSTOMERS }, (_, index) =>
    bearer({
      sub: `restart-customer-${index}`,
      email: `restart-customer-${index}@example.com`,
      given_name: 'Test',
      family_name: 'User',
      identityVerified: true,
    }),
  );
  for (const customer of customers) {
    expect((await call(api, 'POST', '/api/accounts', customer, { type: 'private' })).status).toBe(201);
  }

  // Each customer makes orders one after another until told to stop; every answer is kept.
  type Answer = { status: number; retryAfter: string | undefined; key?: string; at: number };
  const answers: Answer[] = [];
  let loading = true;
  const load = Promise.all(
    customers.map(async (customer) => {
      while (loading) {
        const answer = await call(api, 'POST', '/api/orders', customer, order);
        answers.push({ status: answer.status, retryAfter: answer.retryAfter, key: answer.body?.key, at: Date.now() });
        if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(1_000);
  stopServer();
  await pause(1_500);
  startServer();
  const backAt = Date.now();
  await pause(2_000);
  loading = false;
  await load;

  const statuses = new Set(answers.map((answer) => answer.status));
  expect([...statuses].sort()).toEqual([201, 503]);
  const unavailable = answers.filter((answer) => answer.status === 503);
  expect(unavailable.every((answer) => answer.retryAfter === '5')).toBe(true);
  // Served again after the restart, by the same process.
  expect(answers.filter((answer) => answer.at > backAt + 500 && answer.status === 201).length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.at > backAt + 500 && answer.status !== 201)).toEqual([]);

  // Every order answered 201 is there whole, with its line; none is there without one. At most one
  // order per customer may be there although its answer was 503: its commit reached the server just
  // before the stop, the answer did not come back (the customer sees it among their orders).
  const created = answers.filter((answer) => answer.status === 201).map((answer) => answer.key);
  const stored = await withDatabase((sql) =>
    sql.query<{ key: string; lines: number }>(
      `select o.key, count(l.id)::int as lines from orders o left join order_lines l on l.order_id = o.id group by o.key`,
    ),
  );
  const storedKeys = new Set(stored.rows.map((row) => row.key));
  expect(created.filter((key) => !storedKeys.has(key ?? ''))).toEqual([]);
  expect(stored.rows.filter((row) => row.lines !== 1)).toEqual([]);
  expect(stored.rows.length - created.length).toBeLessThanOrEqual(CUSTOMERS);
}, 120_000);

async function withDatabase<T>(use: (sql: pg.Client) => Promise<T>): Promise<T> {
  const sql = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await sql.connect();
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}
