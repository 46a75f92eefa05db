// `@portal/shared-contracts/testing`: renders a remote's components in jest the way the shell mounts
// them (platform context, React Query, Mantine, a router, i18next with the remote's catalogues), with
// a fake API. For tests only: nothing in the application imports this entry, so it never ships.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ApplicationError } from '../api/application-error';
import { typedCalls } from '../api/typed-client';
import type { ApiClient } from '../api/types';
import { createEventBus } from '../events/event-bus';
import type { Locale } from '../i18n/locale';
import { type Platform, PlatformContext } from '../react/platform-context';
import { MemoryRouter, Route, Routes, useLocation } from '../router';
import type { PlatformSession } from '../session/types';
import { MantineProvider, PORTAL_COLOR_SCHEME, portalTheme } from '../ui';

export interface FakeRequestOptions {
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}
export type FakeHandler = (body: unknown, options: FakeRequestOptions) => unknown;
export interface FakeCall extends FakeRequestOptions {
  method: string;
  path: string;
}

/**
 * A fake API: `routes['POST /api/orders']` answers that call (a value, or a function of the body).
 * A handler that throws makes the call fail; a missing route fails with 404, as the API would.
 */
export function fakeApi(routes: Record<string, FakeHandler | unknown>) {
  const calls: FakeCall[] = [];
  const request = async (method: string, path: string, options: FakeRequestOptions = {}) => {
    calls.push({ method, path, body: options.body, query: options.query, headers: options.headers });
    const key = `${method} ${path}`;
    if (!(key in routes)) throw new ApplicationError('Not found', { status: 404 });
    const answer = routes[key];
    if (typeof answer === 'function') return (answer as FakeHandler)(options.body, options);
    // A copy, so a component that mutates an answer cannot change the next one.
    return answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  };
  const api = {
    // The typed calls as the real client makes them: the template filled, then `request`.
    ...typedCalls((method, path, options) => request(method, path, options as FakeRequestOptions)),
    request: (method: string, path: string, options?: FakeRequestOptions) => request(method, path, options),
    get: (path: string, options?: FakeRequestOptions) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: FakeRequestOptions) => request('POST', path, { ...options, body }),
    put: (path: string, body?: unknown, options?: FakeRequestOptions) => request('PUT', path, { ...options, body }),
    patch: (path: string, body?: unknown, options?: FakeRequestOptions) => request('PATCH', path, { ...options, body }),
    delete: (path: string, options?: FakeRequestOptions) => request('DELETE', path, options),
  } as unknown as ApiClient;
  return { api, calls };
}

export function violationsError(violations: { propertyPath: string; message: string; code?: string }[]) {
  return new ApplicationError('Validation failed', { status: 422, violations });
}

export function anonymousSession(): PlatformSession {
  return {
    status: 'anonymous',
    user: null,
    activeAccount: null,
    signIn: jest.fn(),
    signOut: jest.fn(),
    reloadUser: jest.fn(async () => {}),
    setActiveAccount: jest.fn(),
  };
}

function NotFound() {
  return <p>Page not found</p>;
}

/** Shows the current path, so tests can see where the page navigated. */
function PathProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{`${pathname}${search}`}</output>;
}

export interface RenderRemoteOptions {
  /** The remote's i18next namespace and catalogues (its `src/i18n`). */
  namespace: string;
  catalogues: Record<Locale, object>;
  api: ApiClient;
  locale?: Locale;
  route?: string;
  path?: string;
  session?: PlatformSession;
  platform?: Partial<Platform>;
}

export function renderRemote(
  element: ReactElement,
  { namespace, catalogues, api, locale = 'en', route = '/', path = '*', session, platform = {} }: RenderRemoteOptions,
) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    resources: { en: { [namespace]: catalogues.en }, lv: { [namespace]: catalogues.lv } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const events = createEventBus();
  const notify = jest.fn();
  const value: Platform = {
    api,
    queryClient,
    events,
    locale,
    setLocale: jest.fn(),
    notify,
    translateServerMessage: (said) => (typeof said === 'string' ? said : said.message),
    NotFound,
    session: session ?? anonymousSession(),
    ...platform,
  };
  const result = render(
    <MantineProvider theme={portalTheme} forceColorScheme={PORTAL_COLOR_SCHEME}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <PlatformContext.Provider value={value}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={element} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
              <PathProbe />
            </MemoryRouter>
          </PlatformContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...result, events, notify, queryClient, i18n };
}
export { ebaySale } from './ebay';
