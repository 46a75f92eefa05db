/**
 * Cookie consent (SPEC §4 Consent). Read from a cookie; every flag must be a boolean,
 * otherwise the whole value is reset to the defaults and treated as invalid (banner shown again).
 */
export interface Consent {
  necessary: true;
  statistical: boolean;
  preferences: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = 'consent';
export const CONSENT_MAX_AGE_DAYS = 365;

export const DEFAULT_CONSENT: Consent = { necessary: true, statistical: false, preferences: false, marketing: false };
export const ALL_CONSENT: Consent = { necessary: true, statistical: true, preferences: true, marketing: true };

export interface ParsedConsent {
  consent: Consent;
  /** False when there was no cookie or it was malformed: the visitor must choose again. */
  valid: boolean;
}

export function parseConsent(raw: string | null): ParsedConsent {
  if (raw === null) return { consent: DEFAULT_CONSENT, valid: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.warn('consent cookie is not JSON; resetting it', error);
    return { consent: DEFAULT_CONSENT, valid: false };
  }
  if (typeof value !== 'object' || value === null) return { consent: DEFAULT_CONSENT, valid: false };
  const flags = value as Record<string, unknown>;
  const names = ['statistical', 'preferences', 'marketing'] as const;
  if (!names.every((name) => typeof flags[name] === 'boolean')) {
    console.warn('consent cookie has non-boolean flags; resetting it');
    return { consent: DEFAULT_CONSENT, valid: false };
  }
  return {
    consent: {
      necessary: true,
      statistical: flags.statistical as boolean,
      preferences: flags.preferences as boolean,
      marketing: flags.marketing as boolean,
    },
    valid: true,
  };
}

export function serializeConsent(consent: Consent): string {
  return JSON.stringify(consent);
}
