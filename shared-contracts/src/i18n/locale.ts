/** SPEC §1: only Latvian and English are accepted; English is the default. */
export const LOCALES = ['en', 'lv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Normalises `lv-LV`, `EN`, `en-US` to a supported locale, or null. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}
