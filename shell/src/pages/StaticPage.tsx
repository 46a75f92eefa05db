import { PageHeading } from '@portal/shared-contracts/react';
import { Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';

/** The information pages (terms, privacy, ...). Their full text will come from CMS blocks (admin issue). */
export const STATIC_PAGES = [
  { path: 'terms', titleKey: 'pages.terms', textKey: 'static.terms' },
  { path: 'privacy-policy', titleKey: 'pages.privacyPolicy', textKey: 'static.privacyPolicy' },
  { path: 'cookie-policy', titleKey: 'pages.cookiePolicy', textKey: 'static.cookiePolicy' },
  { path: 'accessibility', titleKey: 'pages.accessibility', textKey: 'static.accessibility' },
  { path: 'prohibitions', titleKey: 'pages.prohibitions', textKey: 'static.prohibitions' },
  { path: 'deadlines', titleKey: 'pages.deadlines', textKey: 'static.deadlines' },
] as const;

export function StaticPage({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation('shell');
  return (
    <article>
      <PageHeading>{t(titleKey)}</PageHeading>
      <Text mb="sm">{t(textKey)}</Text>
      <Text size="sm" c="dimmed">
        {t('static.cmsNotice')}
      </Text>
    </article>
  );
}
