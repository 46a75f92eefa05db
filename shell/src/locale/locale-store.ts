import { DEFAULT_LOCALE, type Locale } from '@portal/shared-contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { serverRendersCurrentState } from '../browser/server-snapshot';
import { useConsentStore } from '../consent/consent-store';
import { persistLocale, readInitialLocale } from './locale-storage';

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const useLocaleStore = create<LocaleState>((set, get, api) => {
  serverRendersCurrentState(api);
  return {
    // In Node (the gateway's first screen) there is no page: the renderer sets the request's locale.
    locale:
      typeof window === 'undefined'
        ? DEFAULT_LOCALE
        : readInitialLocale(window.location.search, useConsentStore.getState().consent.preferences),
    setLocale: (locale) => {
      if (locale === get().locale) return;
      persistLocale(locale, useConsentStore.getState().consent.preferences);
      set({ locale });
    },
  };
});

/** Keeps i18next, <html lang> and the storage place in step with the store and with consent. */
export function bindLocaleSideEffects(onChange: (locale: Locale) => void): () => void {
  const apply = (locale: Locale) => {
    document.documentElement.lang = locale;
    void i18next.changeLanguage(locale);
    onChange(locale);
  };
  document.documentElement.lang = useLocaleStore.getState().locale;
  const stopLocale = useLocaleStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) apply(state.locale);
  });
  // Consent given or withdrawn later moves the stored locale between cookie and local storage.
  const stopConsent = useConsentStore.subscribe((state, previous) => {
    if (state.consent.preferences !== previous.consent.preferences) {
      persistLocale(useLocaleStore.getState().locale, state.consent.preferences);
    }
  });
  return () => {
    stopLocale();
    stopConsent();
  };
}
