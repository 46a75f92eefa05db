import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { isValidS10 } from '@portal/shared-contracts/s10';
import pg from 'pg';
import { completed } from './modules/orders/order-bodies';
import {
  type ApiProcess,
  call,
  eventually,
  freePorts,
  listen,
  portOf,
  runScript,
  startApi,
  stopApis,
  testIdentityProvider,
} from './processes';
import { onServer, withDatabaseName } from './templates/templates';
import { bearer as bearerOf } from './test-tokens';

// Issue 17 item 2, as a deployment runs it: two API processes (`api/src/main.ts`) on two ports,
// one PostgreSQL database and one Redis, the migrations run once as their own step before either
// starts, and the calls of one test spread over both. What must hold: an administrator's change
// made through one is seen by the other at once; 500 orders paid across both get 500 distinct S10
// numbers; a rate limit counts one caller's calls on both; a scheduled job's pass runs on one.
//
// PostgreSQL and Redis are the machine's (CI runs both; README "Tests"): DATABASE_URL's server when
// set, else 127.0.0.1:5432; REDIS_URL, else 127.0.0.1:6379. The file runs once per `npm test`, in
// the first run: it brings its own database (it is not one of the database test files).

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The rate-limit counters of this file live in a Redis database of their own, emptied first: an
// earlier run's counts (127.0.0.1, a 60-second window) would otherwise still be there.
const redisUrl = (() => {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  url.pathname = '/11';
  return url.toString();
})();
const databaseName = `portal_two_processes_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = withDatabaseName(serverUrl, databaseName);
const EXPENSIVE_LIMIT = 4;
const ORDERS = 500;

let identityProvider: Server;
let locationsEndpoint: Server;
let locationFetches = 0;
let releaseLocations: () => void = () => undefined;
let apis: ApiProcess[] = [];
let sql: pg.Client;

beforeAll(async () => {
  const identity = await testIdentityProvider();
  identityProvider = identity.server;
  // The locations endpoint both processes sync from at start (a scheduled job): it holds its answer
  // until both processes run, so that the second one's turn comes while the first one's pass is on.
  const held = new Promise<void>((resolve) => {
    releaseLocations = resolve;
  });
  locationsEndpoint = await listen(async (_request, response) => {
    locationFetches++;
    await held;
    response.setHeader('content-type', 'application/json');
    response.end('[]');
  });

  await onServer(serverUrl, `create database "${databaseName}"`);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();

  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  await redis.quit();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    PGLITE_DATA_DIR: '',
    REDIS_URL: redisUrl,
    // The shared counts are the point: no per-instance fallback because a busy machine was slow.
    REDIS_TIMEOUT_MS: '2000',
    ...identity.settings,
    // What every instance of one deployment shares: the secrets that sign payments and challenges.
    PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
    BOT_CHECK_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT: 'on',
    RATE_LIMIT_EXPENSIVE: String(EXPENSIVE_LIMIT),
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    LOCATIONS_SYNC_URL: `http://127.0.0.1:${portOf(locationsEndpoint)}/locations`,
    DOCUMENT_WORKERS: '0',
  };
  // The migrations: one step, once, before any instance starts (as the deployment's Job runs them).
  const migrated = await runScript('api/scripts/db-migrate.ts', env);
  expect(`${migrated.code} ${migrated.output}`).toMatch(/^0 [\s\S]*migration\(s\) applied on postgres/);

  apis = await Promise.all((await freePorts(2)).map((port) => startApi(env, port)));
  releaseLocations();
}, 180_000);

afterAll(async () => {
  await stopApis(apis);
  await sql?.end();
  await onServer(serverUrl, `drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
  identityProvider?.close();
  locationsEndpoint?.close();
});

const bearer = (sub: string, extra: Record<string, unknown> = {}) =>
  bearerOf({ sub, email: `${sub}@example.com`, ...extra });
/** Identity-verified callers skip the bot check (SPEC §6). */
const verified = (sub: string) => bearer(sub, { given_name: 'Test', family_name: 'User', identityVerified: true });

/** The products (work-flow ids) one process's calculator offers for a domestic parcel of 1 kg. */
async function offeredBy(api: ApiProcess): Promise<number[]> {
  const answer = await call(
    api,
    'POST',
    '/api/public/prices/by_country',
    {},
    {
      shipmentType: 'parcel',
      countryCodes: ['LV'],
      weight: 1000,
    },
  );
  expect(answer.status).toBe(200);
  return (answer.body.workFlows as { id: number }[]).map((workFlow) => workFlow.id);
}

it('runs a scheduled job’s pass on one process only while the other starts beside it', async () => {
  // Both processes checked the sync's slot at start-up; the endpoint was asked once: the slot's run
  // is one job of the engine, whichever process queued it first (the other's insert wrote nothing).
  const passEnded = () => apis.some((api) => /locations sync(ed| failed)/.test(api.output()));
  expect(await eventually(async () => passEnded(), 10_000)).toBe(true);
  expect(locationFetches).toBe(1);
});

it('shows an administrator’s change made through one process on the other at once', async () => {
  await sql.query(`insert into users (subject, email, admin_roles) values ($1, $2, '{product_manager}')`, [
    'two-processes-manager',
    'two-processes-manager@example.com',
  ]);
  const [product] = await offeredBy(apis[1]!);
  expect(product).toBeDefined();
  const edit = (isActive: boolean) =>
    call(apis[0]!, 'POST', '/api/admin/work_flows/mass_edit', bearer('two-processes-manager'), {
      ids: [product],
      changes: { isActive },
    });
  expect((await edit(false)).status).toBe(200);
  expect(await eventually(async () => !(await offeredBy(apis[1]!)).includes(product!))).toBe(true);
  expect((await edit(true)).status).toBe(200);
  expect(await eventually(async () => (await offeredBy(apis[1]!)).includes(product!))).toBe(true);
});

it('counts one caller’s calls on both processes against one limit (Redis)', async () => {
  const caller = bearer('two-processes-limited');
  const statuses: number[] = [];
  for (let index = 0; index <= EXPENSIVE_LIMIT; index++) {
    // From an address no other call of this file uses: the limit counts per address and per account.
    const answer = await call(
      apis[index % 2]!,
      'POST',
      '/api/public/prices/by_country',
      caller,
      { shipmentType: 'letter', countryCodes: ['LV'], weight: 20 },
      '127.0.0.42',
    );
    statuses.push(answer.status);
  }
  expect(statuses).toEqual([...Array(EXPENSIVE_LIMIT).fill(200), 429]);
});

it(`pays ${ORDERS} orders across both processes, each with its own S10 number`, async () => {
  const {
    rows: [parcel],
  } = await sql.query<{ id: number }>(`select id from work_flows where seed_key = 'parcel-lv-post-office-registered'`);
  const order = completed(parcel!.id);
  // Fifty customers with ten orders each; each order is made on one process, its payment started
  // on the other and paid on the sandbox page of the first, so that every step crosses over.
  const customers = Array.from({ length: 50 }, (_, index) => verified(`two-processes-customer-${index}`));
  await Promise.all(
    customers.map(async (customer, index) => {
      const account = await call(apis[index % 2]!, 'POST', '/api/accounts', customer, { type: 'private' });
      expect(account.status).toBe(201);
    }),
  );
  const paidOne = async (index: number) => {
    const customer = customers[index % customers.length]!;
    const [making, paying] = index % 2 === 0 ? [apis[0]!, apis[1]!] : [apis[1]!, apis[0]!];
    const created = await call(making, 'POST', '/api/orders', customer, order);
    expect(created.status).toBe(201);
    const started = await call(paying, 'POST', `${created.body['@id']}/payments`, customer, {});
    expect(started.status).toBe(201);
    const page = await call(
      making,
      'POST',
      started.body.redirectUrl,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'action=pay',
    );
    expect(page.location).toMatch(/\/success$/);
  };
  // Ten at a time: as many as the two processes' pools serve without queueing for long.
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < ORDERS) await paidOne(next++);
    }),
  );

  const { rows } = await sql.query<{ barcode: string | null }>(
    `select l.barcode from order_lines l join orders o on o.id = l.order_id where o.status = 'paid'`,
  );
  expect(rows).toHaveLength(ORDERS);
  const barcodes = rows.map((row) => row.barcode ?? '');
  expect(new Set(barcodes).size).toBe(ORDERS);
  expect(barcodes.filter((barcode) => !isValidS10(barcode).valid)).toEqual([]);
}, 240_000);
