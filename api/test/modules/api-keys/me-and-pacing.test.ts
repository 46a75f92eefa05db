/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { loadConfig } from '../../../src/config';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { BEARER, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { type Headers, requester, verifiedUser } from '../orders/order-fixtures';

// Issue 38 item 3: a key holder (or a signed-in user) asks who it is; a key holder is told its
// budget on every call in the IETF draft's RateLimit and RateLimit-Policy headers.

const PER_KEY_LIMIT = 4;
let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('me-main-admin');
let companyId: number;
let adminId: number;

async function createKey(scopes: string[], name: string): Promise<{ key: string; id: number; prefix: string }> {
  const answer = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, { name, scopes });
  expect(answer.status).toBe(201);
  return answer.body;
}
const withKey = (key: string): Headers => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  testApp = await startTestApp({
    modules: ['api-keys'],
    config: loadConfig({
      ...testConfigSettings(),
      RATE_LIMIT: 'on',
      RATE_LIMIT_API_KEY: String(PER_KEY_LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_WRITES: '100000',
      RATE_LIMIT_EXPENSIVE: '100000',
    }),
  });
  adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'me@company.test', companyName: 'SIA Me' })
    .returning();
  companyId = company?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values({ userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' });
}, 60_000);
afterAll(() => testApp?.close());

describe('GET /api/me', () => {
  it('answers a key holder with its account, scopes and mode, whatever its scopes', async () => {
    const tracker = await createKey(['track'], 'Tracker');
    const me = await request('GET', '/api/me', withKey(tracker.key));
    expect(me.status).toBe(200);
    expect(me.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(me.body).toEqual({
      '@id': '/api/me',
      kind: 'api_key',
      account: `/api/accounts/${companyId}`,
      scopes: ['track'],
      mode: 'live',
      apiKey: { '@id': `/api/accounts/${companyId}/api_keys/${tracker.id}`, name: 'Tracker', prefix: tracker.prefix },
      user: null,
      role: null,
    });
  });

  it('answers a signed-in user with the account the call acts for, when they are its member', async () => {
    const member = await request('GET', '/api/me', { ...mainAdmin, 'x-account-id': String(companyId) });
    expect(member.body).toMatchObject({
      kind: 'user',
      account: `/api/accounts/${companyId}`,
      user: `/api/users/${adminId}`,
      role: 'MAIN_ADMIN',
      mode: 'live',
      apiKey: null,
    });
    const stranger = await request('GET', '/api/me', { ...BEARER, 'x-account-id': String(companyId) });
    expect(stranger.body).toMatchObject({ kind: 'user', account: null, role: null });
  });

  it('is 401 UNAUTHENTICATED without credentials', async () => {
    const none = await request('GET', '/api/me');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('RateLimit headers', () => {
  it('tell a key holder its policy and what remains, down to the 429', async () => {
    const busy = await createKey(['read'], 'Busy');
    const remaining: string[] = [];
    for (let call = 0; call < PER_KEY_LIMIT; call++) {
      const answer = await request('GET', '/api/me', withKey(busy.key));
      expect(answer.status).toBe(200);
      expect(answer.headers['ratelimit-policy']).toBe(`"api-key";q=${PER_KEY_LIMIT};w=60`);
      remaining.push(String(answer.headers.ratelimit));
    }
    expect(remaining.map((value) => /^"api-key";r=(\d+);t=(\d+)$/.exec(value)?.[1])).toEqual(['3', '2', '1', '0']);
    for (const value of remaining) expect(Number(/t=(\d+)/.exec(value)?.[1])).toBeLessThanOrEqual(60);
    const over = await request('GET', '/api/me', withKey(busy.key));
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(over.headers.ratelimit).toMatch(/^"api-key";r=0;t=\d+$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('are not sent to a signed-in user', async () => {
    const answer = await request('GET', '/api/me', mainAdmin);
    expect(answer.headers.ratelimit).toBeUndefined();
    expect(answer.headers['ratelimit-policy']).toBeUndefined();
  });
});
