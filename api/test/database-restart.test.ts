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

type Answer = { status: number; retryAfter: string | undefined; key?: string; sent: number; at: number };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The customers of this file, each with a private account, and the order they make. */
async function customersAndOrder(prefix: string) {
  const {
    rows: [parcel],
  } = await withDatabase((sql) =>
    sql.query<{ id: number }>(`select id from work_flows where seed_key = 'parcel-lv-post-office-registered'`),
  );
  const customers = Array.from({ length: CUSTOMERS }, (_, index) =>
    bearer({
      sub: `${prefix}-${index}`,
      email: `${prefix}-${index}@example.com`,
      given_name: 'Test',
      family_name: 'User',
      identityVerified: true,
    }),
  );
  for (const customer of customers) {
    expect((await call(api, 'POST', '/api/accounts', customer, { type: 'private' })).status).toBe(201);
  }
  return { customers, order: completed(parcel!.id) };
}

/** Each customer makes orders one after another while `during` runs and a second after; every answer is kept. */
async function ordersWhile(prefix: string, during: () => Promise<void>): Promise<Answer[]> {
  const { customers, order } = await customersAndOrder(prefix);
  const answers: Answer[] = [];
  let loading = true;
  const load = Promise.all(
    customers.map(async (customer) => {
      while (loading) {
        const sent = Date.now();
        const answer = await call(api, 'POST', '/api/orders', customer, order);
        answers.push({
          status: answer.status,
          retryAfter: answer.retryAfter,
          key: answer.body?.key,
          sent,
          at: Date.now(),
        });
        if (answer.status !== 201) await pause(50);
      }
    }),
  );
  await pause(1_000);
  await during();
  await pause(2_000);
  loading = false;
  await load;
  return answers;
}

/**
 * Only 201 and 503 with Retry-After; once an order has gone through after `back`, every call sent
 * after it does too; every order answered 201 is stored whole, none without its line. At most one
 * order per customer may be stored although its answer was 503: its commit reached the server just
 * before the connection went, the answer did not come back (the customer sees it among their orders).
 */
async function expectSurvived(answers: Answer[], back: number, prefix: string) {
  expect([...new Set(answers.map((answer) => answer.status))].sort()).toEqual([201, 503]);
  expect(answers.filter((answer) => answer.status === 503 && answer.retryAfter !== '5')).toEqual([]);
  // Calls sent before may still meet the pool's broken connections.
  const firstBack = answers.find((answer) => answer.sent >= back && answer.status === 201);
  expect(firstBack).toBeDefined();
  expect(answers.filter((answer) => answer.sent > (firstBack?.at ?? 0) && answer.status !== 201)).toEqual([]);

  const created = answers.filter((answer) => answer.status === 201).map((answer) => answer.key);
  const stored = await withDatabase((sql) =>
    sql.query<{ key: string; lines: number }>(
      `select o.key, count(l.id)::int as lines from orders o
         join users u on u.id = o.user_id left join order_lines l on l.order_id = o.id
        where u.subject like $1 group by o.key`,
      [`${prefix}-%`],
    ),
  );
  const storedKeys = new Set(stored.rows.map((row) => row.key));
  expect(created.filter((key) => !storedKeys.has(key ?? ''))).toEqual([]);
  expect(stored.rows.filter((row) => row.lines !== 1)).toEqual([]);
  expect(stored.rows.length - created.length).toBeLessThanOrEqual(CUSTOMERS);
}

it('answers 503 with Retry-After while PostgreSQL restarts under load, serves again after, and writes no half order', async () => {
  let back = 0;
  const answers = await ordersWhile('restart-customer', async () => {
    stopServer();
    await pause(1_500);
    startServer();
    back = Date.now();
  });
  await expectSurvived(answers, back, 'restart-customer');
}, 120_000);

it('survives connections the server cuts in the middle of a transaction (the process goes on)', async () => {
  // The server ends the API's sessions again and again for a second, as a failover or an
  // administrator does: some are cut between two statements of an order's transaction, where the
  // pool lends the client out and does not listen for its errors.
  let back = 0;
  const answers = await ordersWhile('cut-customer', async () => {
    for (const started = Date.now(); Date.now() - started < 1_000; ) {
      await withDatabase((sql) =>
        sql.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()',
        ),
      );
      await pause(20);
    }
    back = Date.now();
  });
  expect(api.child.exitCode).toBeNull();
  await expectSurvived(answers, back, 'cut-customer');
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
