// Mantine's styles come with the UI kit's entries (./ui, ./ui/overlays, ./ui/forms, ./ui/table), per component.
// Through the package's entries, not relative paths: the remote's screens get the platform context
// and the UI kit as Module Federation shared modules, and this root must provide those same ones.
import { createApiClient, createEventBus, type Locale, toLocale } from '@portal/shared-contracts';
import { serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { Alert, MantineProvider, PORTAL_COLOR_SCHEME, portalTheme, Stack, Title } from '@portal/shared-contracts/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

/**
 * `@portal/shared-contracts/embed`: what a remote's single-spa `./parcel` needs to run on a page
 * that is not the portal (the operator's public website). Not a shared module: the parcel runs
 * without the shell, so each parcel bundles this with its own chunk.
 */

/** A remote's texts in both languages, as its `src/i18n/index.ts` exports them. */
export interface EmbedCatalogues {
  en: Record<string, unknown>;
  lv: Record<string, unknown>;
}

/** What every embedding page may pass to a parcel (`mountRootParcel(parcel, { domElement, ...props })`). */
export interface EmbedBaseProps {
  /** `lv` or `en` (SPEC §1); default English. `parcel.update({ locale })` switches it. */
  locale?: Locale;
  /** Origin of the portal's API, e.g. `https://portal.example.lv`; default the page's own origin. */
  apiBaseUrl?: string;
}

interface EmbeddedRootProps extends EmbedBaseProps {
  /** The remote's i18next namespace and its catalogues. */
  namespace: string;
  catalogues: EmbedCatalogues;
  /** The box's heading, as a key of the remote's catalogue. */
  titleKey: string;
  children: ReactNode;
}

/** Outside the portal there are no sub-pages and no not-found page to show. */
function NoPage() {
  return null;
}

function createI18n(locale: Locale, namespace: string, catalogues: EmbedCatalogues): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'lv'],
    ns: [namespace],
    defaultNS: namespace,
    resources: { en: { [namespace]: catalogues.en }, lv: { [namespace]: catalogues.lv } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The providers a remote's screens expect, made for a parcel: an i18next instance of its own (not
 * the portal's), Mantine with its styles, a query client, and an API client without a token, so
 * every call goes to `/api/public/...` (SPEC §7). A locale change re-asks the API, whose answers
 * carry text in the caller's language (product names, tracking timelines).
 */
export function EmbeddedRoot({
  locale: given,
  apiBaseUrl,
  namespace,
  catalogues,
  titleKey,
  children,
}: EmbeddedRootProps) {
  const locale = toLocale(given) ?? 'en';
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const [i18nInstance] = useState(() => createI18n(locale, namespace, catalogues));
  const [notice, setNotice] = useState<string | null>(null);

  const platform = useMemo<Omit<Platform, 'locale'>>(
    () => ({
      api: createApiClient({
        baseUrl: apiBaseUrl ?? '',
        getAccessToken: () => null,
        getLocale: () => localeRef.current,
      }),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
      events: createEventBus(),
      setLocale: () => {},
      notify: (_kind, message) => setNotice(message),
      // The same Latvian catalogue of API messages as the shell's.
      translateServerMessage: (message) => serverMessage(message, localeRef.current),
      NotFound: NoPage,
    }),
    // The services live as long as the parcel; only the locale changes (below).
    [apiBaseUrl],
  );
  const value = useMemo<Platform>(() => ({ ...platform, locale }), [platform, locale]);

  useEffect(() => {
    if (i18nInstance.language === locale) return;
    void i18nInstance.changeLanguage(locale);
    void platform.queryClient.invalidateQueries();
  }, [i18nInstance, platform, locale]);

  return (
    <I18nextProvider i18n={i18nInstance}>
      <MantineProvider theme={portalTheme} forceColorScheme={PORTAL_COLOR_SCHEME}>
        <QueryClientProvider client={platform.queryClient}>
          <PlatformContext.Provider value={value}>
            <Stack gap="md">
              <EmbedTitle namespace={namespace} titleKey={titleKey} />
              {notice && (
                <Alert color="red" role="alert" withCloseButton onClose={() => setNotice(null)}>
                  {notice}
                </Alert>
              )}
              {children}
            </Stack>
          </PlatformContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** A component of its own so that it follows the language when the parcel's locale changes. */
function EmbedTitle({ namespace, titleKey }: { namespace: string; titleKey: string }) {
  const { t } = useTranslation(namespace);
  return <Title order={2}>{t(titleKey)}</Title>;
}

/** Shown inside the parcel's box when it crashes: plain HTML, since its providers may be what failed. */
export function EmbedError({ locale, catalogues }: { locale?: string; catalogues: EmbedCatalogues }) {
  const texts = (toLocale(locale) === 'lv' ? catalogues.lv : catalogues.en) as { embed?: { failed?: string } };
  return <p role="alert">{texts.embed?.failed ?? 'This service is temporarily unavailable.'}</p>;
}
