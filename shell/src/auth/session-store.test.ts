import { type ApiClient, ApplicationError } from '@portal/shared-contracts';
import { loadUser, reloadUser, startSession, useSessionStore } from './session-store';

// A user's first sign-in creates their private account (SPEC §4). Two tabs signing in at the same
// moment both try; the API lets one through and refuses the other with 422 "only one private
// account" (seen on PostgreSQL when two end-to-end tests signed the same new user in at once).

const privateAccount = { id: 7, type: 'private', email: 'anna@example.com' };
const userWith = (userAccounts: unknown[]) => ({ id: 1, email: 'anna@example.com', userAccounts });

beforeEach(() => {
  // No identity configuration in the page, and none at /auth-config.json: the defaults, anonymous.
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('offline');
  }) as unknown as typeof fetch;
});

// Sign-in provisions the user with POST /api/my-user (the API's GET never creates one); the
// private account is then created with POST /api/accounts and the user read again with the GET.
function clientAnswering(accountError?: Error) {
  const get = jest.fn().mockResolvedValueOnce(userWith([{ role: 'MAIN_ADMIN', account: privateAccount }]));
  const post = jest.fn(async (path: string) => {
    if (path === '/api/my-user') return userWith([]);
    if (accountError) throw accountError;
    return privateAccount;
  });
  return { client: { GET: get, POST: post } as unknown as ApiClient, get, post };
}

it('provisions the user once, then creates the private account of a user who has none and makes it active', async () => {
  const { client, get, post } = clientAnswering();
  await startSession(client);
  await loadUser();
  expect(post.mock.calls).toEqual([
    ['/api/my-user', { body: {}, skipBotCheck: true }],
    ['/api/accounts', { body: { type: 'private', email: 'anna@example.com' }, skipBotCheck: true }],
  ]);
  expect(get.mock.calls).toEqual([['/api/my-user']]);
  expect(useSessionStore.getState().activeAccount?.id).toBe(7);
});

it('provisions a user who already has an account and reads nothing more', async () => {
  const account = { ...privateAccount, id: 9 };
  const post = jest.fn(async () => userWith([{ role: 'MAIN_ADMIN', account }]));
  const get = jest.fn();
  await startSession({ GET: get, POST: post } as unknown as ApiClient);
  await loadUser();
  expect(post.mock.calls).toEqual([['/api/my-user', { body: {}, skipBotCheck: true }]]);
  expect(get).not.toHaveBeenCalled();
  expect(useSessionStore.getState().status).toBe('authenticated');
  expect(useSessionStore.getState().activeAccount?.id).toBe(9);
});

it('reloads the user with a read only (no provisioning)', async () => {
  const account = { ...privateAccount, id: 11 };
  const post = jest.fn();
  const get = jest.fn(async () => userWith([{ role: 'MAIN_ADMIN', account }]));
  await startSession({ GET: get, POST: post } as unknown as ApiClient);
  await reloadUser();
  expect(get.mock.calls).toEqual([['/api/my-user']]);
  expect(post).not.toHaveBeenCalled();
  expect(useSessionStore.getState().activeAccount?.id).toBe(11);
});

it('takes the private account another tab created meanwhile instead of failing', async () => {
  const { client } = clientAnswering(new ApplicationError('Only one private account.', { status: 422 }));
  await startSession(client);
  await loadUser();
  expect(useSessionStore.getState().status).toBe('authenticated');
  expect(useSessionStore.getState().activeAccount?.id).toBe(7);
});

it('still fails on any other refusal', async () => {
  const { client } = clientAnswering(new ApplicationError('Server error.', { status: 500 }));
  await startSession(client);
  await expect(loadUser()).rejects.toThrow('Server error.');
});
