import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';
import type { ApiClient } from '../api/types';
import type { EventBus } from '../events/event-bus';
import type { Locale } from '../i18n/locale';
import type { PlatformSession } from '../session/types';

export type Notify = (kind: 'success' | 'error' | 'info', message: string, timeoutMs?: number) => void;

/**
 * What the shell gives every remote. Remotes never import the shell: they read
 * the platform from this context, which the shell provides around each remote area.
 */
export interface Platform {
  api: ApiClient;
  queryClient: QueryClient;
  events: EventBus;
  locale: Locale;
  setLocale: (locale: Locale) => void;
  notify: Notify;
  /** Translates an English message from the API into the interface language (SPEC §1). */
  translateServerMessage: (message: string) => string;
  /** The portal's not-found page, for paths inside a remote's area that the remote does not know. */
  NotFound: ComponentType;
  /** The signed-in visitor (SPEC §4); absent only in tests and tools that mount a remote alone. */
  session?: PlatformSession;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) {
    throw new Error('usePlatform() outside <PlatformContext.Provider>: mount remotes through the shell');
  }
  return platform;
}
