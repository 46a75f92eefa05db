import { toDisplayDateTime } from '@portal/shared-contracts';
import { announcementTexts } from '@portal/shared-contracts/account';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type AdminNotification, useAdminNotification, useSendNotification } from './api';
import { Breadcrumbs } from './Breadcrumbs';

/** `/admin/notifications/show/:id`: one announcement, with "edit" and "send" while it is unsent. */
export default function NotificationShowPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const { data, isPending, isError } = useAdminNotification(id);
  if (isPending) return <Loader aria-label={t('loading')} />;
  if (isError || !data) return <Alert color="red">{t('notifications.loadFailed')}</Alert>;
  return <NotificationShow notification={data} />;
}

function NotificationShow({ notification }: { notification: AdminNotification }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage, locale } = usePlatform();
  const send = useSendNotification(String(notification.id));
  const unsent = notification.status === 'unsent';
  const [confirming, setConfirming] = useState(false);

  const sendNow = async () => {
    setConfirming(false);
    try {
      const sent = await send.mutateAsync();
      notify('success', t('notifications.sent', { emails: sent.emailCount, sms: sent.smsCount }));
    } catch (error) {
      notify('error', error instanceof Error ? translateServerMessage(error) : t('notifications.sendFailed'));
    }
  };

  const rows: [string, string][] = [
    [t('notifications.fields.status'), t(`notifications.statuses.${notification.status}`)],
    [
      t('notifications.fields.recipientGroups'),
      notification.recipientGroups.map((group) => t(`notifications.groups.${group}`)).join(', '),
    ],
    [
      t('notifications.fields.channels'),
      notification.channels.map((channel) => t(`notifications.channels.${channel}`)).join(', '),
    ],
    [t('notifications.fields.createdAt'), toDisplayDateTime(notification.createdAt) ?? ''],
    [t('notifications.fields.sentAt'), notification.sentAt ? (toDisplayDateTime(notification.sentAt) ?? '') : '—'],
    ...(unsent
      ? []
      : ([
          [t('notifications.fields.emailCount'), String(notification.emailCount)],
          [t('notifications.fields.smsCount'), String(notification.smsCount)],
        ] as [string, string][])),
  ];

  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs current={announcementTexts(notification, locale).caption} />
      <PageHeading>{announcementTexts(notification, locale).caption}</PageHeading>
      <Table data-testid="notification-details">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="35%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(['en', 'lv'] as const).map((locale) => {
        const texts = announcementTexts(notification, locale);
        return (
          <Paper key={locale} withBorder p="md" component="section" aria-label={t(`notifications.languages.${locale}`)}>
            <Text size="sm" c="gray.7">
              {t(`notifications.languages.${locale}`)}
            </Text>
            <Text fw={700} lang={locale}>
              {texts.caption}
            </Text>
            <Text fw={600} mt="xs" lang={locale}>
              {texts.description}
            </Text>
            <Text mt="sm" style={{ whiteSpace: 'pre-line' }} lang={locale}>
              {texts.content}
            </Text>
          </Paper>
        );
      })}
      {unsent && (
        <Group>
          <Button component={Link} to={`/admin/notifications/edit/${notification.id}`} variant="default">
            {t('notifications.edit')}
          </Button>
          <Button onClick={() => setConfirming(true)} loading={send.isPending}>
            {t('notifications.send')}
          </Button>
        </Group>
      )}
      {/* Sending cannot be undone: it writes to every account of the chosen groups. */}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('notifications.confirmTitle')}>
        <Stack>
          <Text>{t('notifications.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('notifications.cancel')}
            </Button>
            <Button onClick={sendNow}>{t('notifications.confirmSend')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
