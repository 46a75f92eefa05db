import { type ApiClient, ApplicationError } from '@portal/shared-contracts';
import { loadUser, startSession, useSessionStore } from './session-store';

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

function clientAnswering(postError?: Error) {
  const get = jest
    .fn()
    .mockResolvedValueOnce(userWith([]))
    .mockResolvedValueOnce(userWith([{ role: 'MAIN_ADMIN', account: privateAccount }]));
  const post = postError ? jest.fn().mockRejectedValue(postError) : jest.fn().mockResolvedValue(privateAccount);
  return { client: { get, post } as unknown as ApiClient, post };
}

it('creates the private account of a user who has none and makes it active', async () => {
  const { client, post } = clientAnswering();
  await startSession(client);
  await loadUser();
  expect(post).toHaveBeenCalledWith(
    '/api/accounts',
    { type: 'private', email: 'anna@example.com' },
    { skipBotCheck: true },
  );
  expect(useSessionStore.getState().activeAccount?.id).toBe(7);
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
