import {
  type Account,
  type ApiClient,
  ApplicationError,
  type PlatformSession,
  type User,
} from '@portal/shared-contracts';
import type { UserManager } from 'oidc-client-ts';
import { create } from 'zustand';
import { useLocaleStore } from '../locale/locale-store';
import { readActiveAccountId, removeActiveAccountId, writeActiveAccountId } from './account-cookie';
import { type AuthConfig, CALLBACK_PATH, hasStoredSession, loadAuthConfig, SILENT_CALLBACK_PATH } from './auth-config';

interface SessionState {
  status: PlatformSession['status'];
  user: User | null;
  activeAccount: Account | null;
  accessToken: string | null;
  /** The API refused the token (expired, revoked): the visitor is asked to sign in again. */
  expired: boolean;
  config: AuthConfig | null;
  /**
   * Why the API refused this person (a blocked user, a deleted profile: 403 on /api/my-user);
   * they are signed out of the portal and the header shows it.
   */
  refused: string | null;
}

export const useSessionStore = create<SessionState>(() => ({
  status: 'loading',
  user: null,
  activeAccount: null,
  accessToken: null,
  expired: false,
  config: null,
  refused: null,
}));

let manager: Promise<UserManager> | undefined;
let api: ApiClient | undefined;

/** oidc-client-ts is loaded on demand: only visitors who sign in (or are signed in) download it. */
function userManager(): Promise<UserManager> {
  manager ??= Promise.all([loadAuthConfig(), import('./oidc')]).then(([config, { createUserManager }]) => {
    const created = createUserManager(config);
    created.events.addUserLoaded((user) =>
      useSessionStore.setState({ accessToken: user.access_token, expired: false }),
    );
    created.events.addSilentRenewError(() => useSessionStore.setState({ expired: true }));
    created.events.addUserSignedOut(() => void signOut());
    return created;
  });
  return manager;
}

export function accessToken(): string | null {
  return useSessionStore.getState().accessToken;
}

/** The account the user acts for (the account switcher's): the API client names it on every call. */
export function activeAccountId(): number | null {
  return useSessionStore.getState().activeAccount?.id ?? null;
}

export function isIdentityVerified(): boolean {
  return useSessionStore.getState().user?.identityVerified === true;
}

/**
 * Start-up (SPEC §4): finishes a sign-in redirect, then, when signed in, loads the user; otherwise
 * removes the account cookie. Returns false when this page is only the silent-renew frame.
 */
export async function startSession(client: ApiClient): Promise<boolean> {
  api = client;
  const { pathname } = window.location;
  const config = await loadAuthConfig();
  useSessionStore.setState({ config });
  if (pathname === SILENT_CALLBACK_PATH) {
    await (await userManager()).signinSilentCallback().catch(() => undefined);
    return false;
  }
  if (pathname === CALLBACK_PATH) {
    try {
      const user = await (await userManager()).signinRedirectCallback();
      const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo ?? '/';
      window.history.replaceState(null, '', returnTo.startsWith('/') ? returnTo : '/');
    } catch (error) {
      console.error('sign-in callback failed', error);
      window.history.replaceState(null, '', '/');
    }
  }
  if (!hasStoredSession(config)) return anonymous();
  const user = await (await userManager()).getUser();
  if (!user || user.expired) {
    await (await userManager()).removeUser();
    return anonymous();
  }
  useSessionStore.setState({ accessToken: user.access_token });
  try {
    await loadUser();
  } catch (error) {
    // A blocked user or a deleted profile (issue 13, 14): the API refuses every call, so the
    // portal forgets the sign-in and says why, instead of waiting for a user that never loads.
    if (error instanceof ApplicationError && error.status === 403) {
      await (await userManager()).removeUser();
      anonymous();
      useSessionStore.setState({ refused: error.message });
      return true;
    }
    console.error('user loading failed', error);
  }
  return true;
}

function anonymous(): true {
  removeActiveAccountId();
  useSessionStore.setState({ status: 'anonymous', user: null, activeAccount: null, accessToken: null });
  return true;
}

/**
 * User loading (SPEC §4), once after sign-in (and at start-up with a stored sign-in): provisions
 * the user (POST /api/my-user, idempotent: the API's reads never create a user), then takes the
 * account in the cookie if it is still one of the user's, else the first; a user without accounts
 * gets a private account, created and made active.
 */
export async function loadUser(): Promise<void> {
  if (!api) throw new Error('startSession() first');
  let user = await api.POST('/api/my-user', { body: {}, skipBotCheck: true });
  if (user.userAccounts.length === 0) {
    try {
      await api.POST('/api/accounts', { body: { type: 'private', email: user.email }, skipBotCheck: true });
    } catch (error) {
      // 422 "only one private account": another tab signing in at the same moment created it.
      if (!(error instanceof ApplicationError && error.status === 422)) throw error;
    }
    user = await api.GET('/api/my-user');
  }
  showUser(user);
}

/** Reads the user again after a change of theirs (the platform's `reloadUser`); writes nothing. */
export async function reloadUser(): Promise<void> {
  if (!api) throw new Error('startSession() first');
  showUser(await api.GET('/api/my-user'));
}

function showUser(user: User): void {
  const remembered = readActiveAccountId();
  const link = user.userAccounts.find((item) => item.account.id === remembered) ?? user.userAccounts[0];
  if (link) writeActiveAccountId(link.account.id);
  else removeActiveAccountId();
  useSessionStore.setState({
    status: 'authenticated',
    user,
    activeAccount: link?.account ?? null,
    expired: false,
    refused: null,
  });
}

export function setActiveAccount(accountId: number): void {
  const link = useSessionStore.getState().user?.userAccounts.find((item) => item.account.id === accountId);
  if (!link) return;
  writeActiveAccountId(accountId);
  useSessionStore.setState({ activeAccount: link.account });
}

/**
 * Set while the browser leaves for the provider's end-session page. Signing out makes the visitor
 * anonymous at once, and a login-required page reacts to that by signing in again: without this
 * flag its sign-in redirect could win the race and the user would stay signed in.
 */
let signingOut = false;

export function signIn(returnTo = `${window.location.pathname}${window.location.search}`): void {
  if (signingOut) return;
  // The provider's pages in the portal's language (OIDC ui_locales; issue 40).
  const ui_locales = useLocaleStore.getState().locale;
  void userManager().then((created) => created.signinRedirect({ state: { returnTo }, ui_locales }));
}

export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    removeActiveAccountId();
    const created = await userManager();
    const user = await created.getUser();
    await created.removeUser();
    useSessionStore.setState({ status: 'anonymous', user: null, activeAccount: null, accessToken: null });
    await created.signoutRedirect({
      id_token_hint: user?.id_token,
      post_logout_redirect_uri: `${window.location.origin}/`,
    });
  } catch (error) {
    // The browser did not leave: signing in must work again.
    signingOut = false;
    throw error;
  }
}

/** Called when the API answers 401 to a request that carried a token. */
export function markExpired(): void {
  if (useSessionStore.getState().accessToken) useSessionStore.setState({ expired: true });
}
