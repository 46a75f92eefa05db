import { usePlatform } from '@portal/shared-contracts/react';
import { Alert } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** What GET /api/notification_banner answers: the text in the interface language, or nothing. */
interface Banner {
  active: boolean;
  text: string | null;
}

/**
 * The post's notification banner (issue 14 item 6, set in the back office's content group) above
 * every page while it is switched on; nothing otherwise, and nothing when it cannot be read. The
 * shell shows it itself, like the cookie banner: a remote's widget here would load that remote on
 * every page of every visitor, for a notice that is off most of the time.
 */
export function NotificationBanner() {
  const { t } = useTranslation('shell');
  const { api, locale } = usePlatform();
  const { data } = useQuery({
    // The text depends on the language: a switch of language reads it again.
    queryKey: ['notification-banner', locale],
    queryFn: ({ signal }) => api.get<Banner>('/api/notification_banner', { signal }),
    staleTime: 5 * 60_000,
  });
  if (!data?.active || !data.text) return null;
  return (
    <Alert color="blue" mb="md" title={t('banner.title')} data-testid="notification-banner">
      {data.text}
    </Alert>
  );
}
