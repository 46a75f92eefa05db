// The first screen's HTML, rendered in Node by the gateway for each page it serves (issue 18).
// Built on its own (infra/build/preset.mjs, `hostServerConfig`) into shell/dist-server, without
// Module Federation: remote areas render as the placeholders they show while their remote loads
// (browser/BrowserOnly.tsx), and the browser hydrates the markup instead of painting it only once
// the shell's JavaScript has run. The gateway's side of the contract: infra/gateway/first-screen.ts.
import {
  DEFAULT_LOCALE,
  type FirstScreenModule,
  type FirstScreenRequest,
  type RenderedFirstScreen,
} from '@portal/shared-contracts';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { App } from '../app/App';
import { createPlatformServices } from '../app/create-platform';
import { CALLBACK_PATH, SILENT_CALLBACK_PATH } from '../auth/auth-config';
import { readCookie } from '../browser/cookies';
import { CONSENT_COOKIE, parseConsent } from '../consent/consent';
import { useConsentStore } from '../consent/consent-store';
import { initI18n } from '../i18n/i18n';
import { LOCALE_KEY, requestedLocale } from '../locale/locale-storage';
import { useLocaleStore } from '../locale/locale-store';
import { remotesStateOf, useRemotesStore } from '../remotes/remotes-store';

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

/**
 * The first screen as the browser's first render will draw it: the same stores, set from what the
 * request tells (consent, locale, remotes), and the session still loading (the server knows no
 * sign-in: the tokens are in the browser's session storage). Rendering is synchronous, so the
 * module's stores hold one request's state at a time.
 */
export function renderFirstScreen(request: FirstScreenRequest): RenderedFirstScreen | null {
  const queryAt = request.url.indexOf('?');
  const search = queryAt === -1 ? '' : request.url.slice(queryAt);
  // The sign-in callbacks render only once the session is set up (bootstrap.tsx): markup of this
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
  const html = renderToString(<App services={createPlatformServices()} serverUrl={request.url} />);
  return { html, locale };
}
