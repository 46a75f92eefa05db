import { DEFAULT_LOCALE, type Locale, toLocale } from '@portal/shared-contracts';
import { readCookie, removeCookie, writeCookie } from '../browser/cookies';

/**
 * Where the interface locale lives (SPEC §4 Locale): a 365-day cookie when the visitor
 * gave preferences consent, otherwise local storage. `?locale=` in the URL wins over both.
 */
export const LOCALE_KEY = 'locale';
const LOCALE_MAX_AGE_DAYS = 365;

export function readInitialLocale(search: string, preferencesConsent: boolean): Locale {
  const fromQuery = toLocale(new URLSearchParams(search).get(LOCALE_KEY));
  if (fromQuery) {
    // A link in a given language (e-mail, the operator's site) keeps the visitor in that language.
    persistLocale(fromQuery, preferencesConsent);
    return fromQuery;
  }
  return toLocale(readCookie(LOCALE_KEY)) ?? toLocale(safeLocalStorage()?.getItem(LOCALE_KEY)) ?? DEFAULT_LOCALE;
}

/**
 * The locale a page request asks for where only its URL and cookies are known (the gateway's first
 * screen): the same order as `readInitialLocale`, without local storage, which only the browser has.
 * The browser renders afresh instead of hydrating when its own choice differs (start-portal.tsx).
 */
export function requestedLocale(search: string, cookieHeader: string): Locale {
  return (
    toLocale(new URLSearchParams(search).get(LOCALE_KEY)) ??
    toLocale(readCookie(LOCALE_KEY, cookieHeader)) ??
    DEFAULT_LOCALE
  );
}

export function persistLocale(locale: Locale, preferencesConsent: boolean): void {
  if (preferencesConsent) {
    writeCookie(LOCALE_KEY, locale, { maxAgeDays: LOCALE_MAX_AGE_DAYS });
    safeLocalStorage()?.removeItem(LOCALE_KEY);
  } else {
    removeCookie(LOCALE_KEY);
    safeLocalStorage()?.setItem(LOCALE_KEY, locale);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (private mode, policies): the locale then lasts for the page only.
    return null;
  }
}
