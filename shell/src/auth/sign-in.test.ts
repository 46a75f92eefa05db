import { waitFor } from '@testing-library/react';
import { useLocaleStore } from '../locale/locale-store';
import { signIn } from './session-store';

// The provider's sign-in pages come in the portal's language (issue 40): the sign-in asks for it
// with OIDC ui_locales. oidc-client-ts stands in here: what the shell asks of it is the point.
const signinRedirect = jest.fn(async () => undefined);
jest.mock('./oidc', () => ({
  createUserManager: () => ({
    signinRedirect,
    events: { addUserLoaded: jest.fn(), addSilentRenewError: jest.fn(), addUserSignedOut: jest.fn() },
  }),
}));

beforeEach(() => {
  // No identity configuration in the page, and none at /auth-config.json: the defaults.
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('offline');
  }) as unknown as typeof fetch;
});

it('asks the provider for its pages in the portal’s language', async () => {
  useLocaleStore.setState({ locale: 'lv' });
  signIn('/user/orders');
  await waitFor(() =>
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/user/orders' }, ui_locales: 'lv' }),
  );
});
