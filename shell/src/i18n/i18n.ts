import { type Locale, SERVER_MESSAGES_LV } from '@portal/shared-contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import lv from './lv.json';

export const SHELL_NS = 'shell';
/** English API messages used as keys (SPEC §1); English needs no catalogue. */
export const SERVER_NS = 'server';

/**
 * Initialises the one shared i18next instance. Remotes add their own namespaces to it
 * (react-i18next and i18next are shared singletons), so the language switch reaches them all.
 */
export function initI18n(locale: Locale) {
  return i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'lv'],
    ns: [SHELL_NS],
    defaultNS: SHELL_NS,
    resources: { en: { [SHELL_NS]: en }, lv: { [SHELL_NS]: lv, [SERVER_NS]: SERVER_MESSAGES_LV } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
}

export function translateServerMessage(message: string): string {
  return i18next.t(message, { ns: SERVER_NS, keySeparator: false, nsSeparator: false, defaultValue: message });
}
