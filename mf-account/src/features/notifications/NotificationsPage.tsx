import { toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@portal/shared-contracts/ui';
import { Pagination } from '@portal/shared-contracts/ui/forms';
import { useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { NOTIFICATIONS_PER_PAGE, type ShipmentNotification, useMarkRead, useNotifications } from './api';

/** `/notifications` (login required): the progress of the user's shipments, newest first. */
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
          {translateServerMessage(error.message)}
        </Alert>
      ) : isPending ? (
        <Loader aria-label={t('notifications.loading')} />
      ) : total === 0 ? (
        <Text data-testid="notifications-empty">{t('notifications.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notifications-list">
          {data?.['hydra:member'].map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </Stack>
      )}
      {total > NOTIFICATIONS_PER_PAGE && (
        <Box component="nav" aria-label={t('notifications.pages')}>
          <Pagination total={Math.ceil(total / NOTIFICATIONS_PER_PAGE)} value={page} onChange={setPage} />
        </Box>
      )}
    </Stack>
  );
}

function NotificationItem({ notification }: { notification: ShipmentNotification }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  const number = notification.shipmentNumber;
  return (
    <Paper component="li" withBorder p="sm" data-status={notification.status} data-unread={unread}>
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
              {translateServerMessage(markRead.error.message)}
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
