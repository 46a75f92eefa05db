import { toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import {
  type Announcement,
  isAnnouncement,
  NOTIFICATIONS_PER_PAGE,
  type ShipmentNotification,
  useMarkRead,
  useNotifications,
} from './api';

/**
 * `/notifications` (login required): the progress of the user's shipments and the post's
 * announcements for their recipient group (private or company), newest first, read and unread,
 * paged with the SPEC §3 labels (previous, next, page … of …, results).
 */
export function NotificationsPage() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useNotifications(page);
  const total = data?.['hydra:totalItems'] ?? 0;
  return (
    <Stack gap="md">
      <PageHeading>{t('pages.notifications')}</PageHeading>
      {error ? (
        <Alert color="red" role="alert">
          {translateServerMessage(error)}
        </Alert>
      ) : isPending ? (
        <Loader aria-label={t('notifications.loading')} />
      ) : total === 0 ? (
        <Text data-testid="notifications-empty">{t('notifications.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notifications-list">
          {data?.['hydra:member'].map((entry) =>
            isAnnouncement(entry) ? (
              <AnnouncementItem key={`announcement-${entry.id}`} announcement={entry} />
            ) : (
              <NotificationItem key={`status-${entry.id}`} notification={entry} />
            ),
          )}
        </Stack>
      )}
      {total > 0 && <Pager page={page} total={total} onChange={setPage} />}
    </Stack>
  );
}

/** Previous / "Page 2 of 3" / Next, and the number of results (SPEC §3 notification list labels). */
function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  return (
    <Box component="nav" aria-label={t('notifications.pages')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="notifications-results">
          {t('notifications.results', { count: total })}
        </Text>
        {pages > 1 && (
          <Group gap="sm">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
              {t('notifications.previous')}
            </Button>
            <Text size="sm" aria-live="polite" data-testid="notifications-page">
              {t('notifications.pageOf', { page, pages })}
            </Text>
            <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onChange(page + 1)}>
              {t('notifications.next')}
            </Button>
          </Group>
        )}
      </Group>
    </Box>
  );
}

function AnnouncementItem({ announcement }: { announcement: Announcement }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const markRead = useMarkRead();
  const unread = announcement.readAt === null;
  return (
    <Paper component="li" withBorder p="sm" data-kind="announcement" data-unread={unread}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            {unread && (
              <Badge color="blue" size="sm">
                {t('notifications.new')}
              </Badge>
            )}
            <Badge color="gray.7" variant="outline" size="sm">
              {t('notifications.fromThePost')}
            </Badge>
          </Group>
          <Title order={2} size="h5" fw={unread ? 700 : 500}>
            {announcement.caption}
          </Title>
          <Text fw={500}>{announcement.description}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {announcement.content}
          </Text>
          <Text size="sm" c="dimmed">
            {toDisplayDateTime(announcement.createdAt)}
          </Text>
          {markRead.error && (
            <Text size="sm" c="red" role="alert">
              {translateServerMessage(markRead.error)}
            </Text>
          )}
        </Stack>
        {unread && (
          <Button
            variant="subtle"
            size="xs"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(announcement)}
            aria-label={t('notifications.markAnnouncementRead', { title: announcement.caption })}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function NotificationItem({ notification }: { notification: ShipmentNotification }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  const number = notification.shipmentNumber;
  return (
    <Paper component="li" withBorder p="sm" data-kind="status" data-status={notification.status} data-unread={unread}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            {unread && (
              <Badge color="blue" size="sm">
                {t('notifications.new')}
              </Badge>
            )}
            <Text fw={unread ? 600 : 400}>{t(`notifications.status.${notification.status}`, { number })}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {toDisplayDateTime(notification.statusDate)}
          </Text>
          <Anchor component={Link} to={`/track?number=${encodeURIComponent(number)}`} size="sm">
            {t('notifications.track', { number })}
          </Anchor>
          {markRead.error && (
            <Text size="sm" c="red" role="alert">
              {translateServerMessage(markRead.error)}
            </Text>
          )}
        </Stack>
        {unread && (
          <Button
            variant="subtle"
            size="xs"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(notification)}
            aria-label={t('notifications.markReadOf', { number })}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
