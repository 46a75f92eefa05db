// The first screen's HTML, rendered in Node by the gateway for each page it serves (issue 18).
// Built on its own (infra/build/preset.mjs, `hostServerConfig`) into shell/dist-server, without
// Module Federation: a remote's area is drawn with the module the gateway loaded from the remote's
// Node build (remotes/server-areas.ts), else as the placeholder it shows while its remote loads
// (browser/BrowserOnly.tsx). The browser hydrates the markup instead of painting it only once the
// shell's JavaScript has run. The gateway's side of the contract: infra/gateway/first-screen.ts.
import {
  DEFAULT_LOCALE,
  type FirstScreenModule,
  type FirstScreenRequest,
  type RenderedFirstScreen,
} from '@portal/shared-contracts';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../app/App';
import { createPlatformServices } from '../app/create-platform';
import { CALLBACK_PATH, SILENT_CALLBACK_PATH } from '../auth/auth-config';
import { seedQueries } from '../boot/public-queries';
import { readCookie } from '../browser/cookies';
import { CONSENT_COOKIE, parseConsent } from '../consent/consent';
import { useConsentStore } from '../consent/consent-store';
import { initI18n } from '../i18n/i18n';
import { LOCALE_KEY, requestedLocale } from '../locale/locale-storage';
import { useLocaleStore } from '../locale/locale-store';
import { remotesStateOf, useRemotesStore } from '../remotes/remotes-store';
import { beginServerRender, endServerRender, isPageNotFound } from '../remotes/server-areas';

export { loadFirstScreenQueries } from './first-screen-queries';
export { SHARED_MODULES as sharedModules } from './shared-modules';

void initI18n(DEFAULT_LOCALE);

const AUTH_CALLBACK_PATHS = [CALLBACK_PATH, SILENT_CALLBACK_PATH];

/**
 * What a page's first screen depends on besides the remotes file: the URL and the two cookies the
 * render reads. The gateway keeps renders by it.
 */
export const firstScreenKey: FirstScreenModule['firstScreenKey'] = (request) => {
  const cookies = request.cookieHeader ?? '';
  return [request.url, readCookie(CONSENT_COOKIE, cookies) ?? '', readCookie(LOCALE_KEY, cookies) ?? ''].join('\n');
};

/** Longest a render may wait for what it suspends on (remote pages' lazily imported parts). */
const RENDER_TIMEOUT_MS = 2_000;

/** Renders share the module's stores and the areas in progress: one at a time. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The first screen as the browser's first render will draw it: the same stores, set from what the
 * request tells (consent, locale, remotes), the public answers the page comes with (which the
 * browser's cache starts from too), and the session still loading (the server knows no
 * sign-in: the tokens are in the browser's session storage). Remote areas are drawn with the
 * gateway's modules (`remoteModule`); a render in which one of them fails is drawn again with
 * placeholders, so that the page never carries markup the browser would have to throw away.
 */
export const renderFirstScreen: FirstScreenModule['renderFirstScreen'] = (request) => {
  const turn = previous.then(() => renderAlone(request));
  previous = turn.catch(() => undefined);
  return turn;
};

async function renderAlone(request: FirstScreenRequest): Promise<RenderedFirstScreen | null> {
  const queryAt = request.url.indexOf('?');
  const search = queryAt === -1 ? '' : request.url.slice(queryAt);
  // The sign-in callbacks render only once the session is set up (start-portal.tsx): markup of this
  // path would stand there meanwhile, its controls not yet working.
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (AUTH_CALLBACK_PATHS.includes(pathname)) return null;
  const cookies = request.cookieHeader ?? '';
  const { consent, valid } = parseConsent(readCookie(CONSENT_COOKIE, cookies));
  useConsentStore.setState({ consent, decided: valid });
  const locale = requestedLocale(search, cookies);
  useLocaleStore.setState({ locale });
  // Resources are in memory (initAsync: false), so the language changes before this returns.
  void i18next.changeLanguage(locale);
  useRemotesStore.setState({ ...remotesStateOf(request.remotes), failed: {} });
  const services = createPlatformServices();
  seedQueries(services.queryClient, request.queries);
  const app = <App services={services} serverUrl={request.url} />;
  if (request.remoteModule) {
    beginServerRender(request.remoteModule);
    try {
      const html = await markupOf(app);
      const status = statusOfRender();
      return { html, locale, remoteAreas: endServerRender(), ...status };
    } catch {
      endServerRender(); // drawn again below, with the placeholders
    }
  }
  beginServerRender();
  try {
    const html = await markupOf(app);
    return { html, locale, remoteAreas: [], ...statusOfRender() };
  } finally {
    endServerRender();
  }
}

/** The page's status when it is not 200: the render drew "Page not found". */
function statusOfRender(): Pick<RenderedFirstScreen, 'status'> {
  return isPageNotFound() ? { status: 404 } : {};
}

/**
 * The whole markup, once everything it suspends on has arrived (a remote page's lazily imported
 * parts: the browser keeps that markup while it loads the same parts). Any error fails the render:
 * React would otherwise leave that boundary for the browser to draw, and report it there.
 */
async function markupOf(app: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(app, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // Every boundary inline, in place: a large one would otherwise come as a hidden segment that an
    // inline script moves into place, which the page's Content-Security-Policy does not run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}
