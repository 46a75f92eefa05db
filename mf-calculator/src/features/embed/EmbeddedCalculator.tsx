import '@mantine/core/styles.css';
import { createApiClient, createEventBus, type Locale, toLocale } from '@portal/shared-contracts';
import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { Alert, createTheme, MantineProvider, Title } from '@portal/shared-contracts/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { catalogues, NAMESPACE } from '../../i18n';
import { CalculatorView } from '../calculator/components/CalculatorView';
import { type OrderChoice, orderPath } from '../calculator/model';
import type { EmbedProps } from './embed-props';

/** The calculator has no sub-pages; outside the portal there is no not-found page to show. */
function NoPage() {
  return null;
}

const theme = createTheme({ primaryColor: 'blue', primaryShade: 8, defaultRadius: 'md' });

function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'lv'],
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources: { en: { [NAMESPACE]: catalogues.en }, lv: { [NAMESPACE]: catalogues.lv } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The calculator as the parcel mounts it, with providers of its own: an i18next instance (not
 * the portal's), Mantine with its styles, a query client and an API client without a token, so
 * every call goes to `/api/public/...` (SPEC §7).
 */
export default function EmbeddedCalculator(props: EmbedProps) {
  const locale = toLocale(props.locale) ?? 'en';
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const [i18nInstance] = useState(() => createI18n(locale));
  const [notice, setNotice] = useState<string | null>(null);

  const platform = useMemo<Omit<Platform, 'locale'>>(() => {
    const events = createEventBus();
    return {
      api: createApiClient({
        baseUrl: props.apiBaseUrl ?? '',
        getAccessToken: () => null,
        getLocale: () => localeRef.current,
      }),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
      events,
      setLocale: () => {},
      notify: (_kind, message) => setNotice(message),
      // The portal's Latvian catalogue of API messages lives in the shell; the calculator's own
      // texts cover the messages it shows, so anything else stays in English.
      translateServerMessage: (message) => message,
      NotFound: NoPage,
    };
    // The services live as long as the parcel; only the locale changes (below).
  }, [props.apiBaseUrl]);
  const value = useMemo<Platform>(() => ({ ...platform, locale }), [platform, locale]);

  useEffect(() => {
    if (i18nInstance.language !== locale) void i18nInstance.changeLanguage(locale);
  }, [i18nInstance, locale]);

  const portalUrl = props.portalUrl ?? props.apiBaseUrl ?? '';
  const order = (choice: OrderChoice) => {
    platform.events.emit('order:prefill', {
      shipmentType: choice.shipmentType,
      countryCode: choice.countryCode,
      weight: choice.weight,
      workflowId: String(choice.workflowId),
    });
    window.location.assign(`${portalUrl}${orderPath(choice)}`);
  };

  return (
    <I18nextProvider i18n={i18nInstance}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={platform.queryClient}>
          <PlatformContext.Provider value={value}>
            <EmbedHeading />
            {notice && (
              <Alert color="red" role="alert" withCloseButton onClose={() => setNotice(null)} mb="sm">
                {notice}
              </Alert>
            )}
            <CalculatorView onOrder={order} />
          </PlatformContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

function EmbedHeading() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Title order={2} mb="md">
      {t('pages.calculator')}
    </Title>
  );
}
