import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from '../api/types';
import type { EventBus } from '../events/event-bus';
import type { Locale } from '../i18n/locale';
import type { ServerMessageSource } from '../i18n/server-messages';
import type { PlatformSession } from '../session/types';

/** Props of `platform.RemoteComponent`: which remote module to mount, with what, and what to show instead. */
export interface RemoteComponentProps<P extends object = Record<string, never>> {
  /** The remote's name as remotes.json lists it: `mf-map`. */
  remote: string;
  /** The exposed module: `./LocationPicker` (the leading `./` is optional). */
  expose: string;
  /** Props handed to the remote's default export. */
  props: P;
  /** Shown while the remote is switched off, cannot be fetched or has crashed. */
  fallback: ReactNode;
  /** Shown while the remote's code downloads; a small loader when absent. */
  loading?: ReactNode;
}

/**
 * Mounts another remote's exposed component without importing it (remotes never import each
 * other): the shell loads it at run time inside its error boundary, so a remote that is off,
 * missing or crashing shows `fallback` and the caller keeps working.
 */
export type RemoteComponent = <P extends object>(props: RemoteComponentProps<P>) => ReactNode;

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
  /**
   * What the API said in the interface language (SPEC §1): give the error or violation itself (its
   * `code` finds the text), or only its English text when that is all the screen has.
   */
  translateServerMessage: (said: string | ServerMessageSource) => string;
  /** The portal's not-found page, for paths inside a remote's area that the remote does not know. */
  NotFound: ComponentType;
  /** Another remote's exposed component, loaded by the shell (see `RemoteComponent`). */
  RemoteComponent?: RemoteComponent;
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
