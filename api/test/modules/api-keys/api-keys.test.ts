/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { API_KEY_RECENT_USES } from '@portal/shared-contracts/account';
import { loadConfig } from '../../../src/config';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, type Headers, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 20 item 2: a company's main administrator makes, scopes and revokes API keys; a key acts
// for its company on the routes that accept its scope, within its own rate limit, and every call
// is recorded.

const PER_KEY_LIMIT = 25;
let testApp: TestApp;
const request = requester(() => testApp);

const mainAdmin = verifiedUser('keys-main-admin');
const member = verifiedUser('keys-member');
const outsider = verifiedUser('keys-outsider');
let companyId: number;
let otherCompanyId: number;
let privateId: number;
let parcelWorkflow: number;

const userId = async (headers: Headers) => (await request('POST', '/api/my-user', headers)).body.id as number;
const keysPath = (id = companyId) => `/api/accounts/${id}/api_keys`;
const withKey = (key: string): Headers => ({ authorization: `Bearer ${key}` });

async function createKey(scopes: string[], name = 'Warehouse', account = companyId, who = mainAdmin) {
  const answer = await request('POST', keysPath(account), who, { name, scopes });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; key: string; prefix: string };
}

/** The key's uses as its main administrator sees them (recorded after the answer is sent, so polled). */
type ListedUse = { method: string; route: string; status: number };

/**
 * The key as listed once its uses satisfy `ready`: a use is recorded after the answer has gone
 * (onResponse), so the test's next call may start before the last one's row is written.
 */
async function usesOf(keyId: number, ready: (uses: ListedUse[]) => boolean) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const list = await request('GET', keysPath(), mainAdmin);
    const key = list.body['hydra:member'].find((item: { id: number }) => item.id === keyId);
    if (ready(key.recentUses)) return key;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`key ${keyId}'s uses never became ready`);
}

const logLines: string[] = [];

beforeAll(async () => {
  testApp = await startTestApp({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    config: loadConfig({
      ...testConfigSettings(),
      RATE_LIMIT: 'on',
      RATE_LIMIT_API_KEY: String(PER_KEY_LIMIT),
      RATE_LIMIT_WRITES: '100000',
      RATE_LIMIT_EXPENSIVE: '100000',
    }),
  });
  const [adminId, memberId, outsiderId] = [await userId(mainAdmin), await userId(member), await userId(outsider)];
  const [company, other, own] = await testApp.db.orm
    .insert(accounts)
    .values([
      { type: 'company', email: 'keys@company.test', companyName: 'SIA Keys', separateInvoice: true },
      { type: 'company', email: 'other@company.test', companyName: 'SIA Other' },
      { type: 'private', email: 'keys-main-admin@example.com' },
    ])
    .returning();
  companyId = company?.id ?? 0;
  otherCompanyId = other?.id ?? 0;
  privateId = own?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values([
    { userId: adminId, accountId: privateId, role: 'MAIN_ADMIN' },
    { userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' },
    { userId: memberId, accountId: companyId, role: 'USER' },
    { userId: outsiderId, accountId: otherCompanyId, role: 'MAIN_ADMIN' },
  ]);
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

describe('managing keys', () => {
  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const created = await request('POST', keysPath(), mainAdmin, { name: '  Shop  ', scopes: ['ship', 'read'] });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body).toMatchObject({
      name: 'Shop',
      scopes: ['read', 'ship'],
      createdBy: 'Test User',
      lastUsedAt: null,
      revokedAt: null,
      recentUses: [],
    });
    expect(created.body.key).toMatch(/^lvp_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const list = await request('GET', keysPath(), mainAdmin);
    expect(list.status).toBe(200);
    const listed = list.body['hydra:member'].find((item: { id: number }) => item.id === created.body.id);
    expect(listed).toMatchObject({ name: 'Shop', prefix: created.body.prefix });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);

    const revoked = await request('POST', `${keysPath()}/${created.body.id}/revoke`, mainAdmin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    // Again: the same answer, the first revocation's time kept.
    const again = await request('POST', `${keysPath()}/${created.body.id}/revoke`, mainAdmin);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
  });

  it('lets only the main administrator of a company account manage its keys', async () => {
    const body = { name: 'X', scopes: ['read'] };
    expect((await request('POST', keysPath(), {}, body)).status).toBe(401);
    expect((await request('POST', keysPath(), member, body)).status).toBe(403);
    expect((await request('GET', keysPath(), member)).status).toBe(403);
    expect((await request('POST', keysPath(), outsider, body)).status).toBe(404);
    expect((await request('GET', keysPath(), outsider)).status).toBe(404);
    const onPrivate = await request('POST', keysPath(privateId), mainAdmin, body);
    expect(onPrivate.status).toBe(422);
    expect(onPrivate.body['hydra:description']).toBe('API keys are for company accounts only.');
  });

  it("answers 404 for another account's key, and leaves it working", async () => {
    const theirs = await createKey(['read'], 'Theirs', otherCompanyId, outsider);
    expect((await request('POST', `${keysPath()}/${theirs.id}/revoke`, mainAdmin)).status).toBe(404);
    expect((await request('POST', `${keysPath(otherCompanyId)}/${theirs.id}/revoke`, mainAdmin)).status).toBe(404);
    expect((await request('GET', '/api/orders', withKey(theirs.key))).status).toBe(200);
  });

  it.each([
    [{ name: '', scopes: ['read'] }, 'name', 'Give the key a name.'],
    [{ name: '   ', scopes: ['read'] }, 'name', 'Give the key a name.'],
    [{ name: 'x'.repeat(101), scopes: ['read'] }, 'name', 'The name may be at most 100 characters.'],
    [{ name: 'A', scopes: [] }, 'scopes', 'Choose at least one permission.'],
    [{ name: 'A' }, 'scopes', 'Choose at least one permission.'],
    [{ name: 'A', scopes: ['admin'] }, 'scopes[0]', 'The value you selected is not a valid choice.'],
    [{ name: 'A', scopes: 'read' }, 'scopes', 'Choose at least one permission.'],
    [{ name: 'A', scopes: ['read'], accountId: 3 }, 'accountId', undefined],
  ])('refuses %j with a violation on %s', async (body, path, message) => {
    const answer = await request('POST', keysPath(), mainAdmin, body);
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([
      expect.objectContaining({ propertyPath: path, ...(message ? { message } : {}) }),
    ]);
  });

  it('cannot be done with a key', async () => {
    const key = await createKey(['read', 'ship', 'track', 'webhooks']);
    const answer = await request('POST', keysPath(), withKey(key.key), { name: 'Child', scopes: ['read'] });
    expect(answer.status).toBe(403);
    expect(answer.body.violations).toEqual([expect.objectContaining({ code: 'API_KEY_NOT_ALLOWED' })]);
  });
});

describe('calling with a key', () => {
  it('refuses a wrong, malformed or revoked key with 401 and a code', async () => {
    const key = await createKey(['read']);
    const wrong = `${key.key.slice(0, -4)}AAAA`;
    for (const bad of [wrong, 'lvp_live_nope', `lvp_live_${'0'.repeat(16)}_${'A'.repeat(43)}`]) {
      const answer = await request('GET', '/api/orders', withKey(bad));
      expect(answer.status).toBe(401);
      expect(answer.body.violations).toEqual([expect.objectContaining({ code: 'API_KEY_INVALID' })]);
    }
    expect((await request('GET', '/api/orders', withKey(key.key))).status).toBe(200);
    await request('POST', `${keysPath()}/${key.id}/revoke`, mainAdmin);
    const revoked = await request('GET', '/api/orders', withKey(key.key));
    expect(revoked.status).toBe(401);
    expect(revoked.body.violations).toEqual([expect.objectContaining({ code: 'API_KEY_REVOKED' })]);
    expect(revoked.body['hydra:description']).toBe('The API key has been revoked.');
  });

  it('refuses routes the key has no scope for, and routes no key may call, with 403', async () => {
    const readOnly = await createKey(['read']);
    const scopeMissing = await request('POST', '/api/orders', withKey(readOnly.key), completed(parcelWorkflow));
    expect(scopeMissing.status).toBe(403);
    expect(scopeMissing.body.violations).toEqual([expect.objectContaining({ code: 'API_KEY_SCOPE_MISSING' })]);
    const tracking = await request('GET', '/api/tracking/RR123456785LV', withKey(readOnly.key));
    expect(tracking.body.violations).toEqual([expect.objectContaining({ code: 'API_KEY_SCOPE_MISSING' })]);
    // With the scope the call is the tracking module's to answer (an unknown number: not a refusal).
    const tracker = await createKey(['track']);
    const tracked = await request('GET', '/api/tracking/RR123456785LV', withKey(tracker.key));
    expect([200, 404]).toContain(tracked.status);
    expect(JSON.stringify(tracked.body)).not.toContain('API_KEY_');
    for (const [method, url] of [
      ['GET', '/api/my-user'],
      ['GET', `/api/accounts/${companyId}`],
      ['GET', '/api/admin/users'],
      ['GET', '/api/contacts'],
    ] as const) {
      const answer = await request(method, url, withKey(readOnly.key));
      expect({ url, status: answer.status }).toEqual({ url, status: 403 });
    }
    // Nothing was made by the refused write.
    const list = await request('GET', '/api/orders', withKey(readOnly.key));
    expect(list.body['hydra:totalItems']).toBe(0);
  });

  it("acts for its company only: the company's orders, never another account's", async () => {
    const shipper = await createKey(['read', 'ship']);
    const created = await request('POST', '/api/orders', withKey(shipper.key), completed(parcelWorkflow));
    expect(created.status).toBe(201);
    expect(created.body.account).toBe(`/api/accounts/${companyId}`);
    // The member sees the key's order in the company's list; the key ignores x-account-id.
    const memberList = await request('GET', '/api/orders', { ...member, 'x-account-id': String(companyId) });
    expect(memberList.body['hydra:member'].map((line: { order: string }) => line.order)).toContain(created.body['@id']);
    const elsewhere = await request('GET', `/api/orders?account=${otherCompanyId}`, {
      ...withKey(shipper.key),
      'x-account-id': String(otherCompanyId),
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body['hydra:member'].length).toBeGreaterThan(0);
    const theirs = await createKey(['read', 'ship'], 'Theirs', otherCompanyId, outsider);
    expect((await request('GET', created.body['@id'], withKey(theirs.key))).status).toBe(404);
  });

  it('counts each key against its own limit (429 with Retry-After), other keys unaffected', async () => {
    const busy = await createKey(['read']);
    const calm = await createKey(['read']);
    for (let call = 0; call < PER_KEY_LIMIT; call++) {
      expect((await request('GET', '/api/orders', withKey(busy.key))).status).toBe(200);
    }
    const over = await request('GET', '/api/orders', withKey(busy.key));
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request('GET', '/api/orders', withKey(calm.key))).status).toBe(200);
  });

  it('records each use: last used, and the newest uses with route and status (bounded)', async () => {
    const key = await createKey(['read']);
    const calls = API_KEY_RECENT_USES + 2;
    for (let call = 0; call < calls; call++) await request('GET', '/api/orders', withKey(key.key));
    await request('GET', '/api/my-user', withKey(key.key));
    // Ready when the last call's use is there: 20 rows can exist before the last call's is written.
    const seen = await usesOf(
      key.id,
      (uses) => uses.length === API_KEY_RECENT_USES && uses.some((use) => use.route === '/api/my-user'),
    );
    expect(seen.lastUsedAt).toEqual(expect.any(String));
    expect(seen.recentUses).toHaveLength(API_KEY_RECENT_USES);
    expect(seen.recentUses[0]).toMatchObject({ method: 'GET', route: '/api/my-user', status: 403 });
    expect(seen.recentUses[1]).toMatchObject({ method: 'GET', route: '/api/orders', status: 200 });
    // A log line per call names the key by its id; the key itself is never written.
    const lines = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'api key call');
    expect(lines.filter((line) => line.apiKeyId === key.id)).toHaveLength(calls + 1);
    expect(logLines.join('\n')).not.toContain(key.key);
  });
});

describe('a key holder ships a parcel with fetch alone', () => {
  it('prices, creates, pays on the company invoice and fetches the label PDF', async () => {
    const key = await createKey(['read', 'ship']);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', ...init.headers },
      });

    const workflows = await call('/api/work_flows?shipmentType=parcel');
    expect(workflows.status).toBe(200);

    const order = completed(parcelWorkflow);
    const price = await call('/api/prices/by_order', { method: 'POST', body: JSON.stringify(order) });
    expect(price.status).toBe(200);
    const priced = (await price.json()) as { price: { amount: number } | null };
    expect(priced.price?.amount).toBeGreaterThan(0);

    const created = await call('/api/orders', { method: 'POST', body: JSON.stringify(order) });
    expect(created.status).toBe(201);
    const { '@id': id } = (await created.json()) as { '@id': string };

    const paid = await call(`${id}/payments`, { method: 'POST', body: JSON.stringify({ method: 'invoice' }) });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ paid: true });
    const read = (await (await call(id)).json()) as { status: string; orderLines: { barcode: string | null }[] };
    expect(read.status).toBe('paid');
    expect(read.orderLines[0]?.barcode).toMatch(/^[A-Z]{2}\d{9}LV$/);

    const label = await call(`${id}/documents/label?format=A6`);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Paying twice is refused, the order stays paid.
    const twice = await call(`${id}/payments`, { method: 'POST', body: JSON.stringify({ method: 'invoice' }) });
    expect(twice.status).toBe(422);
  });

  it('cannot put a private account’s order on invoice', async () => {
    const created = await request(
      'POST',
      '/api/orders',
      { ...mainAdmin, 'x-account-id': String(privateId) },
      completed(parcelWorkflow),
    );
    expect(created.status).toBe(201);
    expect(created.body.account).toBe(`/api/accounts/${privateId}`);
    const paid = await request('POST', `${created.body['@id']}/payments`, mainAdmin, { method: 'invoice' });
    expect(paid.status).toBe(422);
    expect(paid.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'method', code: 'INVOICE_COMPANY_ONLY' }),
    ]);
  });
});
