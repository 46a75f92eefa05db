import { create } from 'zustand';
import { readCookie, writeCookie } from '../browser/cookies';
import { serverRendersCurrentState } from '../browser/server-snapshot';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, type Consent, parseConsent, serializeConsent } from './consent';

interface ConsentState {
  consent: Consent;
  /** A valid choice exists; the banner hides. */
  decided: boolean;
  save: (consent: Consent) => void;
}

export const useConsentStore = create<ConsentState>((set, _get, api) => {
  serverRendersCurrentState(api);
  const { consent, valid } = parseConsent(readCookie(CONSENT_COOKIE));
  return {
    consent,
    decided: valid,
    save: (next) => {
      // The consent cookie itself is "necessary": it is always written.
      writeCookie(CONSENT_COOKIE, serializeConsent(next), { maxAgeDays: CONSENT_MAX_AGE_DAYS });
      set({ consent: next, decided: true });
    },
  };
});
