import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Badge, Group } from '@portal/shared-contracts/ui';
import { catalogues, NAMESPACE } from '../../i18n';
import { useUnreadCount } from './api';

/**
 * The header's link to the notification list with the number of unread entries (issue 13 item 5).
 * The accessible name says the count in words once it is known; the badge shows it only when there
 * are unread ones.
 */
export function UnreadNotifications() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  // Until the count has come, the name says no number: "0 unread" would be a guess.
  const name = data ? t('notifications.unreadLink', { count: unread }) : t('notifications.link');
  return (
    <Anchor
      component={Link}
      to="/notifications"
      size="sm"
      underline="hover"
      // An icon and the count: the name says both in words, and contains the visible count (WCAG 2.5.3).
      aria-label={name}
      title={name}
      data-testid="header-notifications"
    >
      <Group gap={4} wrap="nowrap">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <Badge color="red.8" size="sm" circle={unread < 10} data-testid="header-unread-count">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Group>
    </Anchor>
  );
}
