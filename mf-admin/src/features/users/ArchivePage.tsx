import { formatMoney, toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import { Anchor, Stack, Text } from '@portal/shared-contracts/ui';
import { Tabs } from '@portal/shared-contracts/ui/forms';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable } from '../../shared/list';
import { USERS_PER_PAGE, useArchivedOrders, useDeletedProfiles } from './api';
import { UserCells, UserHeadCells } from './UserColumns';
import { UsersSectionLinks } from './UsersSectionLinks';

type ArchiveTab = 'profiles' | 'orders';

/**
 * `/admin/archive` (SPEC §2 admin "archive"): the profiles their owners deleted, and the paid
 * orders of deleted accounts kept for the post's records; each newest first, paged on the server.
 */
export default function ArchivePage() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const tab: ArchiveTab = params.get('tab') === 'orders' ? 'orders' : 'profiles';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const onPage = (value: number) => setParams({ tab, page: String(value) });
  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.archive') }]} />
      <PageHeading>{t('pages.archive')}</PageHeading>
      <UsersSectionLinks current="deletedProfiles" />
      <Tabs value={tab} onChange={(value) => setParams({ tab: value === 'orders' ? 'orders' : 'profiles' })}>
        <Tabs.List>
          <Tabs.Tab value="profiles">{t('archive.tabs.profiles')}</Tabs.Tab>
          <Tabs.Tab value="orders">{t('archive.tabs.orders')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profiles" pt="md">
          {tab === 'profiles' && <DeletedProfiles page={page} onPage={onPage} />}
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          {tab === 'orders' && <ArchivedOrders page={page} onPage={onPage} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface PagedProps {
  page: number;
  onPage: (page: number) => void;
}

function DeletedProfiles({ page, onPage }: PagedProps) {
  const { t } = useTranslation(NAMESPACE);
  const list = useDeletedProfiles(page);
  return (
    <Stack gap="sm">
      {list.data && <Text>{t('archive.intro')}</Text>}
      <ListTable
        query={list}
        loadFailed={t('users.loadFailed')}
        count={(total) => t('users.count', { count: total })}
        testId="deleted-profiles-table"
        minWidth={640}
        scrollLabel={t('archive.tabs.profiles')}
        head={
          <>
            <UserHeadCells />
            <Table.Th>{t('users.fields.deletedAt')}</Table.Th>
          </>
        }
        renderRow={(user) => (
          <Table.Tr key={user.id}>
            <UserCells user={user} />
            <Table.Td>{user.deletedAt ? toDisplayDateTime(user.deletedAt) : ''}</Table.Td>
          </Table.Tr>
        )}
        paging={{ perPage: USERS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}

const ORDER_COLUMNS = ['id', 'barcodes', 'status', 'total', 'user', 'paidAt', 'archivedAt', 'pseudonymisedAt'];

function ArchivedOrders({ page, onPage }: PagedProps) {
  const { t } = useTranslation(NAMESPACE);
  const list = useArchivedOrders(page);
  return (
    <Stack gap="sm">
      {list.data && <Text>{t('archive.ordersIntro')}</Text>}
      <ListTable
        query={list}
        loadFailed={t('archive.ordersLoadFailed')}
        count={(total) => t('archive.orderCount', { count: total })}
        testId="archived-orders-table"
        minWidth={800}
        scrollLabel={t('archive.tabs.orders')}
        head={ORDER_COLUMNS.map((column) => <Table.Th key={column}>{t(`archive.fields.${column}`)}</Table.Th>)}
        renderRow={(order) => (
          <Table.Tr key={order.id}>
            <Table.Td>{order.id}</Table.Td>
            <Table.Td>{order.barcodes.join(', ') || '—'}</Table.Td>
            <Table.Td>{order.status}</Table.Td>
            <Table.Td>{order.totalCents === null ? '—' : formatMoney(order.totalCents)}</Table.Td>
            <Table.Td>
              {order.user ? (
                <Anchor component={Link} to={`/admin/users/show/${order.user.id}`}>
                  {order.user.email ?? String(order.user.id)}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>{order.paidAt ? toDisplayDateTime(order.paidAt) : '—'}</Table.Td>
            <Table.Td>{order.archivedAt ? toDisplayDateTime(order.archivedAt) : '—'}</Table.Td>
            <Table.Td>{order.pseudonymisedAt ? toDisplayDateTime(order.pseudonymisedAt) : '—'}</Table.Td>
          </Table.Tr>
        )}
        paging={{ perPage: USERS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}
