/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { type ApiBody, ApplicationError, createApiClient } from '@portal/shared-contracts';
import { startTestApp, type TestApp } from '../helpers';
import { completed, verifiedUser, workflowId } from '../modules/orders/order-fixtures';

// Issue 38 item 6: the screens' typed calls against the real API, not a fake: the paths the
// templates fill, the query values written into the address, the account header, the public twin
// for a visitor, an Idempotency-Key replay, and a refusal turned into an ApplicationError.

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('typed-client-user');
const token = user.authorization?.replace(/^Bearer /, '') ?? '';

/** The client's fetch, answered by the app in this process (what a browser would have sent it). */
const injectedFetch: typeof fetch = async (input, init) => {
  const answer = await testApp.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: String(input),
    headers: init?.headers as Record<string, string>,
    ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
  });
  return {
    status: answer.statusCode,
    statusText: answer.statusMessage,
    headers: new Headers(answer.headers as Record<string, string>),
    text: async () => answer.body,
    blob: async () => new Blob([new Uint8Array(answer.rawPayload)]),
  } as unknown as Response;
};

const client = (signedIn: boolean, accountId?: number) =>
  createApiClient({
    getAccessToken: () => (signedIn ? token : null),
    getAccountId: () => accountId,
    getLocale: () => 'en',
    fetch: injectedFetch,
  });

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

it('reads for a visitor through the public twin, with numbers and booleans in the query', async () => {
  const countries = await client(false).GET('/api/countries', { query: { active: true, itemsPerPage: 300 } });
  expect(countries['hydra:member'].map((country) => country.code)).toContain('LV');
  const workflow = await client(false).GET('/api/work_flows/{id}', { path: { id: parcelWorkflow } });
  expect(workflow.id).toBe(parcelWorkflow);
});

it('creates, replays with the same Idempotency-Key, reads and lists an order of the account', async () => {
  const me = await client(true).POST('/api/my-user', { body: {}, skipBotCheck: true });
  const account = await client(true).POST('/api/accounts', { body: { type: 'private' }, skipBotCheck: true });
  const api = client(true, account.id);
  expect(me.email).toBe('typed-client-user@example.com');

  // The fixture's order, its consent as the document spells it.
  const body: ApiBody<'/api/orders', 'post'> = { ...completed(parcelWorkflow), eNotification: 'agree' };
  const headers = { 'Idempotency-Key': 'typed-client-1' };
  const created = await api.POST('/api/orders', { body, headers });
  const again = await api.POST('/api/orders', { body, headers });
  expect(again.key).toBe(created.key);
  expect(created.price?.amount).toBeGreaterThan(0);

  const read = await api.GET('/api/orders/{key}', { path: { key: created.key } });
  expect(read['@id']).toBe(created['@id']);
  const listed = await api.GET('/api/orders', { query: { rowsPerPage: 5, '_order[createdAt]': 'DESC' } });
  expect(listed['hydra:member'].map((line) => line.order)).toEqual([created['@id']]);
});

it('turns a refusal into an ApplicationError with its code and violations', async () => {
  const api = client(true);
  const failure = await api
    .POST('/api/orders/validate', { body: { step: 3, orderLines: [{ workFlow: parcelWorkflow }] } })
    .catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApplicationError);
  expect((failure as ApplicationError).status).toBe(422);
  expect((failure as ApplicationError).violations.length).toBeGreaterThan(0);

  const missing = await api
    .GET('/api/orders/{key}', { path: { key: 'no-such-order-0000' } })
    .catch((error: unknown) => error);
  expect((missing as ApplicationError).status).toBe(404);
  expect((missing as ApplicationError).code).toBe('NOT_FOUND');
});
