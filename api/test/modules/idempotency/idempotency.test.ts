/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { SERVER_MESSAGES_LV } from '@portal/shared-contracts/i18n/server-messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuthentication } from '../../../src/auth';
import { loadConfig } from '../../../src/config';
import { NO_QUERY } from '../../../src/http/route-schemas';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from '../../../src/modules/idempotency';
import { idempotencyKeys } from '../../../src/modules/idempotency/schema';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { orders } from '../../../src/modules/orders/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, type Headers, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 38 item 1: a creating or paying call sent again with the same Idempotency-Key answers what
// the first answered, and never makes a second order; the key with another request is refused.

let clock = new Date();
const now = () => clock;
let testApp: TestApp;
const request = requester(() => testApp);

const mainAdmin = verifiedUser('idempotency-main-admin');
let companyId: number;
let parcelWorkflow: number;
let shipper: Headers;

/** A test-only route that holds its answer until the test lets it go, and fails on demand. */
const gates: Array<() => void> = [];
let failNext = false;
let runs = 0;
function heldRoute(app: FastifyInstance) {
  app.post(
    '/api/test-idempotent',
    // It reads no body itself (consumes: any JSON), so that bodies of every shape reach the key's check.
    {
      config: { idempotent: true },
      onRequest: requireAuthentication,
      schema: { querystring: NO_QUERY, consumes: ['application/json'] },
    },
    async (_request, reply) => {
      runs += 1;
      await new Promise<void>((resolve) => gates.push(resolve));
      if (failNext) {
        failNext = false;
        throw new Error('the first attempt fails');
      }
      return reply.code(201).send({ run: runs });
    },
  );
}

const withIdempotency = (headers: Headers, key: string): Headers => ({ ...headers, 'idempotency-key': key });
const ordersOfCompany = async () =>
  (await testApp.db.orm.select({ id: orders.id }).from(orders).where(eq(orders.accountId, companyId))).length;

async function startApp(waitMs: string) {
  const started = await startTestApp({
    now,
    extend: heldRoute,
    config: loadConfig({ ...testConfigSettings(), IDEMPOTENCY_WAIT_MS: waitMs }),
  });
  return started;
}

/** Polls (with a deadline, never a fixed sleep) until `ready` holds. */
async function until(ready: () => boolean | Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (await ready()) return;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${what}`);
}

beforeAll(async () => {
  testApp = await startApp('10000');
  const adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'idempotency@company.test', companyName: 'SIA Retries', separateInvoice: true })
    .returning();
  companyId = company?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values({ userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const key = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, {
    name: 'Shop',
    scopes: ['read', 'ship', 'webhooks'],
  });
  expect(key.status).toBe(201);
  shipper = { authorization: `Bearer ${key.body.key}` };
}, 60_000);
afterAll(() => testApp?.close());

describe('a repeated call', () => {
  it('answers the first order again, marked as a replay, and makes no second order', async () => {
    const before = await ordersOfCompany();
    const first = await request('POST', '/api/orders', withIdempotency(shipper, 'order-1'), completed(parcelWorkflow));
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await request('POST', '/api/orders', withIdempotency(shipper, 'order-1'), completed(parcelWorkflow));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toEqual(first.body);
    expect(await ordersOfCompany()).toBe(before + 1);
    // Without a key every call is a new order, as before.
    expect((await request('POST', '/api/orders', shipper, completed(parcelWorkflow))).status).toBe(201);
    expect(await ordersOfCompany()).toBe(before + 2);
  });

  it('keeps the answer as written, not the gzip one caller asked for', async () => {
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: {
        ...withIdempotency(shipper, 'order-gzip'),
        'accept-encoding': 'gzip',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(completed(parcelWorkflow)),
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await request(
      'POST',
      '/api/orders',
      withIdempotency(shipper, 'order-gzip'),
      completed(parcelWorkflow),
    );
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body['@id']).toMatch(/^\/api\/orders\//);
  });

  it('refuses the same key with another body or path: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const headers = withIdempotency(shipper, 'order-reused');
    expect((await request('POST', '/api/orders', headers, completed(parcelWorkflow))).status).toBe(201);
    const before = await ordersOfCompany();
    const otherBody = await request('POST', '/api/orders', headers, { ...completed(parcelWorkflow), step: 1 });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.violations).toEqual([expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' })]);
    const order = (await request('POST', '/api/orders', shipper, completed(parcelWorkflow))).body['@id'];
    const otherPath = await request('POST', `${order}/payments`, headers, { method: 'invoice' });
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.violations[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOfCompany()).toBe(before + 1);
  });

  it('keeps keys apart per account: another company may use the same key', async () => {
    const other = verifiedUser('idempotency-other');
    const userId = (await request('POST', '/api/my-user', other)).body.id as number;
    const [company] = await testApp.db.orm
      .insert(accounts)
      .values({ type: 'company', email: 'other-idem@company.test', companyName: 'SIA Other' })
      .returning();
    await testApp.db.orm.insert(userAccounts).values({ userId, accountId: company?.id ?? 0, role: 'MAIN_ADMIN' });
    const headers = withIdempotency({ ...other, 'x-account-id': String(company?.id) }, 'order-1');
    const theirs = await request('POST', '/api/orders', headers, completed(parcelWorkflow));
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.account).toBe(`/api/accounts/${company?.id}`);
  });

  it('refuses a malformed key: 400 IDEMPOTENCY_KEY_INVALID', async () => {
    for (const key of ['x'.repeat(256), 'with space', '']) {
      const answer = await request('POST', '/api/orders', withIdempotency(shipper, key), completed(parcelWorkflow));
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      expect(answer.body.violations[0].code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });

  it('replays a payment, a webhook endpoint and an API key created with a key', async () => {
    const order = (await request('POST', '/api/orders', shipper, completed(parcelWorkflow))).body['@id'];
    const pay = () => request('POST', `${order}/payments`, withIdempotency(shipper, 'pay-1'), { method: 'invoice' });
    const paid = await pay();
    expect(paid.status).toBe(201);
    const repaid = await pay();
    expect(repaid.headers['idempotent-replayed']).toBe('true');
    expect(repaid.body).toEqual(paid.body);

    const endpoints = `/api/accounts/${companyId}/webhook_endpoints`;
    const endpoint = { url: 'https://shop.example.com/hooks', events: ['order.paid'] };
    const registered = await request('POST', endpoints, withIdempotency(shipper, 'hook-1'), endpoint);
    expect(registered.status).toBe(201);
    const again = await request('POST', endpoints, withIdempotency(shipper, 'hook-1'), endpoint);
    expect(again.body).toEqual(registered.body);
    const listed = await request('GET', endpoints, shipper);
    expect(listed.body['hydra:member'].filter((item: { url: string }) => item.url === endpoint.url)).toHaveLength(1);

    const keys = `/api/accounts/${companyId}/api_keys`;
    const created = await request('POST', keys, withIdempotency(mainAdmin, 'key-1'), {
      name: 'Once',
      scopes: ['read'],
    });
    expect(created.status).toBe(201);
    const recreated = await request('POST', keys, withIdempotency(mainAdmin, 'key-1'), {
      name: 'Once',
      scopes: ['read'],
    });
    expect(recreated.body.id).toBe(created.body.id);
    const list = await request('GET', keys, mainAdmin);
    expect(list.body['hydra:member'].filter((item: { name: string }) => item.name === 'Once')).toHaveLength(1);
  });
});

it('words every refusal in English and Latvian', () => {
  for (const message of Object.values(IDEMPOTENCY_MESSAGES)) expect(SERVER_MESSAGES_LV[message]).toMatch(/\S/);
});

describe('concurrent duplicates', () => {
  it('make one order out of 50 identical calls', async () => {
    const before = await ordersOfCompany();
    const headers = withIdempotency(shipper, 'order-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request('POST', '/api/orders', headers, completed(parcelWorkflow))),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const inUse = answers.filter((answer) => answer.status === 409);
    expect(created.length + inUse.length).toBe(50);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((answer) => answer.body['@id'])).size).toBe(1);
    expect(created.filter((answer) => answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const answer of inUse) expect(answer.body.violations[0].code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await ordersOfCompany()).toBe(before + 1);
  });

  it('wait for the first call and answer what it answered', async () => {
    runs = 0;
    const headers = withIdempotency(mainAdmin, 'held-1');
    const first = request('POST', '/api/test-idempotent', headers, { n: 1 });
    await until(() => gates.length === 1, 'the first call holds its key');
    // The second finds the key taken and waits (IDEMPOTENCY_WAIT_MS): its handler never runs.
    const second = request('POST', '/api/test-idempotent', headers, { n: 1 });
    gates.shift()?.();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ status: 201, body: { run: 1 } });
    expect(b).toMatchObject({ status: 201, body: { run: 1 }, headers: { 'idempotent-replayed': 'true' } });
    expect(runs).toBe(1);
  });

  it('run the call again after a failure of the server (5xx is not kept)', async () => {
    runs = 0;
    failNext = true;
    const headers = withIdempotency(mainAdmin, 'held-fails');
    const first = request('POST', '/api/test-idempotent', headers, {});
    await until(() => gates.length === 1, 'the first call runs');
    gates.shift()?.();
    expect((await first).status).toBe(500);
    const retry = request('POST', '/api/test-idempotent', headers, {});
    await until(() => gates.length === 1, 'the retry runs');
    gates.shift()?.();
    expect(await retry).toMatchObject({ status: 201, body: { run: 2 } });
  });
});

describe('after 24 hours', () => {
  it('forgets a key, and trims the expired ones', async () => {
    const headers = withIdempotency(shipper, 'order-yesterday');
    const first = await request('POST', '/api/orders', headers, completed(parcelWorkflow));
    const started = clock;
    try {
      clock = new Date(started.getTime() + IDEMPOTENCY_TTL_MS + 1000);
      const later = await request('POST', '/api/orders', headers, completed(parcelWorkflow));
      expect(later.status).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.body['@id']).not.toBe(first.body['@id']);
      const stored = () => testApp.db.orm.select().from(idempotencyKeys);
      const total = (await stored()).length;
      // All but the key just used again are past their 24 hours.
      const idempotency = await import('../../../src/modules/idempotency');
      const service = new idempotency.IdempotencyService(testApp.db.orm, now);
      expect(await service.trimExpired()).toBe(total - 1);
      expect((await stored()).map((row) => row.key)).toEqual(['order-yesterday']);
    } finally {
      clock = started;
    }
  });
});

describe('a duplicate that may not wait (IDEMPOTENCY_WAIT_MS=0)', () => {
  let quick: TestApp;
  const quickRequest = requester(() => quick);
  beforeAll(async () => {
    quick = await startApp('0');
  }, 60_000);
  afterAll(() => quick?.close());

  it('gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After while the first runs', async () => {
    runs = 0;
    const headers = withIdempotency(mainAdmin, 'held-quick');
    const first = quickRequest('POST', '/api/test-idempotent', headers, {});
    await until(() => gates.length === 1, 'the first call holds its key');
    const second = await quickRequest('POST', '/api/test-idempotent', headers, {});
    expect(second.status).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.body.violations[0].code).toBe('IDEMPOTENCY_KEY_IN_USE');
    gates.shift()?.();
    expect((await first).status).toBe(201);
    const third = await quickRequest('POST', '/api/test-idempotent', headers, {});
    expect(third).toMatchObject({ status: 201, body: { run: 1 }, headers: { 'idempotent-replayed': 'true' } });
  });
});
