import { saveFile, toDisplayDateTime } from '@portal/shared-contracts';
import { ANNOUNCEMENT_STATUSES, announcementTexts, RECIPIENT_GROUPS } from '@portal/shared-contracts/account';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { FilterControl, ListTable, oneOf, SortHeader, useListParams } from '../../shared/list';
import {
  NOTIFICATIONS_PER_PAGE,
  type NotificationListFilter,
  type NotificationSort,
  SORTS,
  useAdminNotifications,
  useExportNotifications,
} from './api';
import { Breadcrumbs } from './Breadcrumbs';

/** `/admin/notifications`: the post's announcements, filtered, sorted and paged on the server, with the XLSX export. */
export default function NotificationsListPage() {
  const { t } = useTranslation(NAMESPACE);
  const { notify, locale } = usePlatform();
  // The filters live in the address, so the show page's breadcrumb returns to the same view.
  const { params, page, update, onPage } = useListParams();
  const filter: NotificationListFilter = {
    status: oneOf(ANNOUNCEMENT_STATUSES, params.get('status'), ''),
    recipientGroup: oneOf(RECIPIENT_GROUPS, params.get('recipientGroup'), ''),
    sort: oneOf(SORTS, params.get('sort'), 'createdAt'),
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
  };
  const list = useAdminNotifications(filter, page);
  const exportList = useExportNotifications();
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const lang = locale === 'lv' ? 'lv' : 'en';
      const blob = await exportList(filter, lang);
      saveFile(blob, `${t('notifications.exportFile')}.xlsx`);
    } catch {
      notify('error', t('notifications.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // A newly chosen column sorts newest (or Z) first: what the post's editors look for most.
  const sortHeader = (sort: NotificationSort) => (
    <SortHeader
      label={t(`notifications.fields.${sort}`)}
      active={filter.sort === sort}
      direction={filter.direction}
      variant="link"
      onSort={() =>
        update({
          sort,
          direction: filter.sort === sort && filter.direction === 'desc' ? 'asc' : 'desc',
          page: '',
        })
      }
    />
  );

  return (
    <Stack gap="md">
      <Breadcrumbs />
      <PageHeading>{t('pages.notifications')}</PageHeading>
      <Group justify="space-between" align="end" wrap="wrap">
        <Group align="end" wrap="wrap">
          <FilterControl
            aria-label={t('notifications.fields.status')}
            value={filter.status || 'all'}
            onChange={(value) => update({ status: value === 'all' ? '' : value, page: '' })}
            data={['all', ...ANNOUNCEMENT_STATUSES].map((value) => ({
              value,
              label: t(`notifications.statuses.${value}`),
            }))}
          />
          <FilterControl
            aria-label={t('notifications.fields.recipientGroups')}
            value={filter.recipientGroup || 'all'}
            onChange={(value) => update({ recipientGroup: value === 'all' ? '' : value, page: '' })}
            data={['all', ...RECIPIENT_GROUPS].map((value) => ({ value, label: t(`notifications.groups.${value}`) }))}
          />
        </Group>
        <Group>
          <Button component={Link} to="/admin/notifications/banner" variant="default">
            {t('notifications.banner.open')}
          </Button>
          <Button variant="default" onClick={download} loading={exporting}>
            {t('notifications.export')}
          </Button>
          <Button component={Link} to="/admin/notifications/create">
            {t('notifications.create')}
          </Button>
        </Group>
      </Group>
      <ListTable
        query={list}
        loadFailed={t('notifications.loadFailed')}
        count={(total) => t('notifications.count', { count: total })}
        countTestId="notifications-count"
        testId="notifications-table"
        minWidth={720}
        head={
          <>
            {sortHeader('caption')}
            <Table.Th>{t('notifications.fields.recipientGroups')}</Table.Th>
            <Table.Th>{t('notifications.fields.channels')}</Table.Th>
            <Table.Th>{t('notifications.fields.status')}</Table.Th>
            {sortHeader('createdAt')}
            {sortHeader('sentAt')}
          </>
        }
        renderRow={(notification) => (
          <Table.Tr key={notification.id}>
            <Table.Td>
              <Anchor component={Link} to={`/admin/notifications/show/${notification.id}`}>
                {announcementTexts(notification, locale).caption}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {notification.recipientGroups.map((group) => t(`notifications.groups.${group}`)).join(', ')}
            </Table.Td>
            <Table.Td>
              {notification.channels.map((channel) => t(`notifications.channels.${channel}`)).join(', ')}
            </Table.Td>
            <Table.Td>
              <Text span fw={600} size="sm">
                {t(`notifications.statuses.${notification.status}`)}
              </Text>
            </Table.Td>
            <Table.Td>{toDisplayDateTime(notification.createdAt)}</Table.Td>
            <Table.Td>{notification.sentAt ? toDisplayDateTime(notification.sentAt) : '—'}</Table.Td>
          </Table.Tr>
        )}
        paging={{
          perPage: NOTIFICATIONS_PER_PAGE,
          page,
          onPage,
          controlLabel: (control) => t(`notifications.paging.${control}`),
        }}
      />
    </Stack>
  );
}
