import { createApiClient, createEventBus } from '@portal/shared-contracts';
import type { Platform } from '@portal/shared-contracts/react';
import { QueryClient } from '@tanstack/react-query';
import { solveBotCheck } from '../auth/bot-check';
import { accessToken, activeAccountId, isIdentityVerified, markExpired } from '../auth/session-store';
import { translateServerMessage } from '../i18n/i18n';
import { useLocaleStore } from '../locale/locale-store';
import { RemoteComponent } from '../remotes/RemoteComponent';

/** SPEC §9: UI notifications disappear after 5000 ms unless told otherwise. */
export const NOTIFY_TIMEOUT_MS = 5000;

/** The platform services the shell creates once and hands to every remote. */
export function createPlatformServices() {
  const events = createEventBus();
  const api = createApiClient({
    baseUrl: '',
    getAccessToken: accessToken,
    getAccountId: activeAccountId,
    getLocale: () => useLocaleStore.getState().locale,
    solveBotCheck,
    isIdentityVerified,
    // A 401 to a request that carried a token: the session ended, the shell asks to sign in again.
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      const headers = new Headers(init?.headers);
      if (response.status === 401 && headers.has('Authorization')) markExpired();
      return response;
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
  const notify: Platform['notify'] = (kind, message, timeoutMs = NOTIFY_TIMEOUT_MS) =>
    events.emit('notify', { kind, message, timeoutMs });
  // Typed through the contract: the shell's component is generic over the remote module's props.
  const remoteComponent: Platform['RemoteComponent'] = RemoteComponent;
  return { events, api, queryClient, notify, translateServerMessage, RemoteComponent: remoteComponent };
}

export type PlatformServices = ReturnType<typeof createPlatformServices>;
