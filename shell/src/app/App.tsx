import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { BrowserRouter, MemoryRouter } from '@portal/shared-contracts/router';
import { MantineProvider, PORTAL_COLOR_SCHEME, portalTheme } from '@portal/shared-contracts/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { reloadUser, setActiveAccount, signIn, signOut, useSessionStore } from '../auth/session-store';
import { Notifications } from '../layout/Notifications';
import { useLocaleStore } from '../locale/locale-store';
import { NotFoundPage } from '../pages/NotFoundPage';
import { pageTakenOver } from '../remotes/held-interactions';
import { AppRoutes } from '../routes/AppRoutes';
import type { PlatformServices } from './create-platform';

interface AppProps {
  services: PlatformServices;
  /** The gateway's first screen renders one request's URL (server/first-screen.tsx); the browser its history. */
  serverUrl?: string;
}

export function App({ services, serverUrl }: AppProps) {
  // Built once: the stores' updates reach the components that read them (PlatformProvider and
  // below), never the providers around the whole page. Issue 18: a provider re-rendered after the
  // browser took the gateway's markup over gives its context a new value, and React then throws
  // away the markup of a remote area that still waits for its code, and draws it again.
  return useMemo(
    () => (
      <MantineProvider theme={portalTheme} forceColorScheme={PORTAL_COLOR_SCHEME}>
        <QueryClientProvider client={services.queryClient}>
          <PlatformProvider services={services}>
            {serverUrl === undefined ? (
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            ) : (
              <MemoryRouter initialEntries={[serverUrl]}>
                <AppRoutes />
              </MemoryRouter>
            )}
            <Notifications />
            <PageTakenOver />
          </PlatformProvider>
        </QueryClientProvider>
      </MantineProvider>
    ),
    [services, serverUrl],
  );
}

/** Tells the held interactions that React's first pass over the page is committed (held-interactions.ts). */
function PageTakenOver() {
  useEffect(pageTakenOver, []);
  return null;
}

/** The platform's context (DESIGN: what remotes get from the shell), from the shell's stores. */
function PlatformProvider({ services, children }: { services: PlatformServices; children: ReactNode }) {
  const locale = useLocaleStore((state) => state.locale);
  const setLocale = useLocaleStore((state) => state.setLocale);
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const activeAccount = useSessionStore((state) => state.activeAccount);
  const current = useMemo(() => ({ status, user, activeAccount }), [status, user, activeAccount]);
  // Remotes see the session as a transition (issue 18): when it arrives while a remote's area
  // from the gateway's markup still waits for its code, React finishes taking that markup over
  // first. As an urgent update it would throw the markup away and draw the area again.
  const session = useDeferredValue(current);
  const platform = useMemo<Platform>(
    () => ({
      ...services,
      locale,
      setLocale,
      NotFound: NotFoundPage,
      session: {
        ...session,
        signIn,
        signOut: () => void signOut(),
        reloadUser,
        setActiveAccount,
      },
    }),
    [services, locale, setLocale, session],
  );
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}
