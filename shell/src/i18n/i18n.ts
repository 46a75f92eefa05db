import type { Locale } from '@portal/shared-contracts';
import type { ServerMessageSource, serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import lv from './lv.json';

export const SHELL_NS = 'shell';
/**
 * Initialises the one shared i18next instance. Remotes add their own namespaces to it
 * (react-i18next and i18next are shared singletons), so the language switch reaches them all.
 */
export function initI18n(locale: Locale) {
  i18next.on('languageChanged', (language) => void loadServerMessagesFor(language));
  void loadServerMessagesFor(locale);
  return i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'lv'],
    ns: [SHELL_NS],
    defaultNS: SHELL_NS,
    resources: { en: { [SHELL_NS]: en }, lv: { [SHELL_NS]: lv } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
}

let serverMessagesLoaded: Promise<void> | undefined;
/** The catalogue's lookup, once its chunk has arrived. */
let translate: typeof serverMessage | undefined;

/**
 * The catalogue of API messages (English and Latvian by code), loaded beside the page (its own
 * chunk, ~13 KB gzip with the English beside the Latvian) instead of with the first paint (issue 18): requested first thing at start when
 * the page is Latvian, else at the first switch to Latvian. English needs none (the API speaks
 * English). Screens are not told when it arrives (with react-i18next's bindI18nStore 'added', the
 * Latvian complaint form lost its prefilled name and e-mail as it arrived): an API message is
 * translated when its screen renders, and the first one comes after the remotes' chunks, which the
 * catalogue's one small chunk beats.
 */
export function loadServerMessagesFor(language: string | undefined): Promise<void> {
  if (!language?.startsWith('lv')) return Promise.resolve();
  serverMessagesLoaded ??= import('@portal/shared-contracts/i18n/server-messages').then(
    (catalogue) => {
      translate = catalogue.serverMessage;
    },
    // The chunk did not arrive: messages stay as the API wrote them, and the next switch tries again.
    () => {
      serverMessagesLoaded = undefined;
    },
  );
  return serverMessagesLoaded;
}

/** What the API said (an error or a violation, by its code; or its English text) in the page's language. */
export function translateServerMessage(said: string | ServerMessageSource): string {
  const english = typeof said === 'string' ? said : said.message;
  const locale: Locale = i18next.language?.startsWith('lv') ? 'lv' : 'en';
  return translate ? translate(said, locale) : english;
}
