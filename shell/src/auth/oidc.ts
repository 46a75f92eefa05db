// Loaded only when a visitor signs in or comes back signed in: anonymous first paint does not pay for it.
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { type AuthConfig, CALLBACK_PATH, SILENT_CALLBACK_PATH } from './auth-config';

export type { User };

export function createUserManager(config: AuthConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    automaticSilentRenew: true,
    // Tokens live in session storage for this tab only; nothing goes to local storage.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
  });
}
