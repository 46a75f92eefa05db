/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { HANDOVER_REDEEM_SCOPE } from '@portal/shared-contracts/orders';
import { MACHINE_CLIENT_NOT_ALLOWED } from '../../src/auth';
import { TRACKING_INGEST_SCOPE } from '../../src/modules/tracking/routes';
import { bearer, startTestApp, type TestApp } from '../helpers';

// Issue 36 item 6: a machine client's token (the client credentials grant: the tracking simulator,
// a counter's stand-in) is accepted only on the routes made for the operator's systems; it was
// accepted as a customer's and opened an account. RFC 9068: such a token's subject is its client.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const machine = (clientId: string, scope: string) => bearer({ sub: clientId, client_id: clientId, scope });
const SORTING_SYSTEM = machine('tracking-simulator', TRACKING_INGEST_SCOPE);
const COUNTER = machine('counter-standin', HANDOVER_REDEEM_SCOPE);

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe("a machine client's token", () => {
  it.each([
    ['open an account', 'POST', '/api/accounts', { type: 'private' }],
    ['provision a user', 'POST', '/api/my-user', {}],
    ['read the signed-in user', 'GET', '/api/my-user', undefined],
    ['list orders', 'GET', '/api/orders', undefined],
    ['read the address book', 'GET', '/api/contacts', undefined],
  ] as const)('may not %s: 403 %s', async (_what, method, url, body) => {
    for (const token of [SORTING_SYSTEM, COUNTER]) {
      const response = await call(method, url, token, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().violations).toEqual([expect.objectContaining({ code: MACHINE_CLIENT_NOT_ALLOWED })]);
    }
  });

  it('may not reach the back office (403, the guard of every admin route)', async () => {
    expect((await call('GET', '/api/admin/orders', SORTING_SYSTEM)).statusCode).toBe(403);
  });

  it('opened no account and no user while refused', async () => {
    expect((await call('POST', '/api/accounts', SORTING_SYSTEM, { type: 'private' })).statusCode).toBe(403);
    const person = bearer({ sub: 'tracking-simulator', email: 'someone@example.com' });
    // The same subject signed in as a person was never provisioned by the machine's calls.
    expect((await call('GET', '/api/my-user', person)).statusCode).toBe(404);
  });

  it('still reaches the routes made for its system (judged by their own scope and input)', async () => {
    expect((await call('GET', '/api/tracking/in-progress', SORTING_SYSTEM)).statusCode).toBe(200);
    expect((await call('POST', '/api/tracking/events', SORTING_SYSTEM, { events: [] })).statusCode).toBe(422);
    expect((await call('POST', '/api/handover/redeem', COUNTER, { code: 'NO-SUCH-CODE' })).statusCode).not.toBe(403);
    // A system's route with another system's scope: the route's own scope check.
    expect((await call('POST', '/api/handover/redeem', SORTING_SYSTEM, { code: 'x' })).statusCode).toBe(403);
  });

  it("a person's token is not a machine's, whatever scopes it carries", async () => {
    const person = bearer({ sub: 'audience-person', email: 'audience@example.com', scope: 'openid api' });
    expect((await call('POST', '/api/my-user', person, {})).statusCode).toBe(200);
    expect((await call('POST', '/api/accounts', person, { type: 'private' })).statusCode).toBe(201);
  });
});
