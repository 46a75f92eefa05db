import { useContext } from 'react';
import { getI18n, I18nContext, type UseTranslationResponse, useTranslation } from 'react-i18next';
import type { Locale } from '../i18n/locale';

/** A remote's own texts: the contents of its `i18n/en.json` and `i18n/lv.json`. */
export type RemoteCatalogues = Readonly<Record<Locale, object>>;

/**
 * Translations for a remote. Each remote ships its texts in its own bundle; this adds them
 * to the shell's shared i18next instance under the remote's namespace the first time any of
 * its components renders, then behaves as `useTranslation(namespace)`.
 * The bundles are added during render, before `useTranslation` reads them, so the first
 * paint already shows translated texts. A namespace that is already registered (by an
 * earlier render, or by the shell to override texts) is never replaced.
 */
export function useRemoteTranslation(
  namespace: string,
  catalogues: RemoteCatalogues,
): UseTranslationResponse<string, undefined> {
  // The same lookup as useTranslation: a provider's instance first, else the global one.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  if (!i18n) {
    throw new Error('useRemoteTranslation() found no i18next instance: mount remotes through the shell');
  }
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    if (!i18n.hasResourceBundle(locale, namespace)) {
      i18n.addResourceBundle(locale, namespace, catalogue);
    }
  }
  return useTranslation(namespace);
}
