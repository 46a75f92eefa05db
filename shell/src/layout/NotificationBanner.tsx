import type { Locale } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { type PublicQuery, usePublicQuery } from '../boot/public-queries';

/**
 * The banner's text depends on the language: a switch of language reads it again. Every page's
 * first screen is drawn with it (server/first-screen-queries.ts): above the page, a banner arriving
 * after the first paint would push everything down.
 */
export function notificationBannerQuery(locale: Locale): PublicQuery<'/api/notification_banner'> {
  return { queryKey: ['notification-banner', locale], path: '/api/notification_banner', staleTime: 5 * 60_000 };
}

/**
 * The post's notification banner (issue 14 item 6, set in the back office's content group) above
 * every page while it is switched on; nothing otherwise, and nothing when it cannot be read. The
 * shell shows it itself, like the cookie banner: a remote's widget here would load that remote on
 * every page of every visitor, for a notice that is off most of the time.
 */
export function NotificationBanner() {
  const { t } = useTranslation('shell');
  const { locale } = usePlatform();
  const { data } = usePublicQuery(notificationBannerQuery(locale));
  if (!data?.active || !data.text) return null;
  return (
    <Alert color="blue" mb="md" title={t('banner.title')} data-testid="notification-banner">
      {data.text}
    </Alert>
  );
}
