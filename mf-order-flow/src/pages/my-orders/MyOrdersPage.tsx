import { formatMoney, lastSegment, saveFile, toDisplayDate } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { Pagination, Tabs } from '@portal/shared-contracts/ui/forms';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import emptyUrl from '../../assets/empty.svg';
import { EbaySalesTab } from '../../features/ebay-sales';
import { NAMESPACE } from '../../i18n';
import { CountrySelect, useCountryName } from '../../shared/countries';
import {
  EMPTY_FILTERS,
  type MyOrdersFilters,
  myOrdersQuery,
  openPath,
  ROWS_PER_PAGE,
  repeatPath,
  toListQuery,
} from '../../shared/my-orders/model';
import { ORDER_LINE_STATUSES, type OrderListItem } from '../../shared/order';

/** SPEC §2 `/my-orders` and `/user/orders`: tabs own orders and eBay orders, filters, server paging. */
export function MyOrdersPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading>{t('pages.myOrders')}</PageHeading>
      {session?.status !== 'authenticated' ? (
        session?.status === 'loading' ? (
          <Center mih={160}>
            <Loader aria-label={t('wizard.loading')} />
          </Center>
        ) : (
          <Alert color="blue" title={t('myOrders.signInTitle')} data-testid="my-orders-sign-in">
            <Text size="sm" mb="sm">
              {t('myOrders.signInText')}
            </Text>
            <Button onClick={() => session?.signIn()}>{t('myOrders.signIn')}</Button>
          </Alert>
        )
      ) : (
        <Tabs defaultValue={params.get('tab') === 'ebay' ? 'ebay' : 'own'}>
          <Tabs.List mb="md">
            <Tabs.Tab value="own">{t('myOrders.own')}</Tabs.Tab>
            <Tabs.Tab value="ebay">{t('myOrders.ebay')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="own">
            <OwnOrders />
          </Tabs.Panel>
          <Tabs.Panel value="ebay">
            <EbaySalesTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}

function OwnOrders() {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  const account = session?.activeAccount?.id ?? null;
  const [filters, setFilters] = useState<MyOrdersFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const query = toListQuery(filters, page);
  const orders = useQuery({ ...myOrdersQuery(api, query, account), placeholderData: keepPreviousData });
  const change = (patch: Partial<MyOrdersFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const total = orders.data?.['hydra:totalItems'] ?? 0;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/bulk-orders" size="sm" data-testid="my-orders-bulk">
        {t('myOrders.bulk')}
      </Anchor>
      {/* Two filters a row on a phone: six in one row left each a few letters wide. */}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <TextInput
          label={t('myOrders.search')}
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
          data-testid="orders-search"
        />
        <CountrySelect
          label={t('myOrders.country')}
          value={filters.country}
          onChange={(country) => change({ country })}
        />
        <Select
          label={t('myOrders.status')}
          data={ORDER_LINE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={filters.status}
          onChange={(status) => change({ status })}
          clearable
        />
        <TextInput
          label={t('myOrders.dateFrom')}
          placeholder="DD.MM.YYYY"
          value={filters.dateFrom}
          onChange={(event) => change({ dateFrom: event.currentTarget.value })}
          error={query.invalid.includes('dateFrom') ? t('errors.invalidDate') : undefined}
        />
        <TextInput
          label={t('myOrders.dateTill')}
          placeholder="DD.MM.YYYY"
          value={filters.dateTill}
          onChange={(event) => change({ dateTill: event.currentTarget.value })}
          error={query.invalid.includes('dateTill') ? t('errors.invalidDate') : undefined}
        />
        <Select
          label={t('myOrders.returns')}
          data={[
            { value: 'true', label: t('myOrders.withReturn') },
            { value: 'false', label: t('myOrders.withoutReturn') },
          ]}
          value={filters.hasReturn}
          onChange={(hasReturn) =>
            change({ hasReturn: hasReturn === 'true' || hasReturn === 'false' ? hasReturn : null })
          }
          clearable
          data-testid="orders-returns-filter"
        />
      </SimpleGrid>
      {orders.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('wizard.loading')} />
        </Center>
      ) : orders.isError ? (
        <Alert color="red" role="alert">
          {t('myOrders.failed')}
        </Alert>
      ) : orders.data['hydra:member'].length === 0 ? (
        <Stack align="center" gap="xs" py="lg" data-testid="orders-empty">
          <img src={emptyUrl} alt="" width={160} height={112} />
          <Text c="gray.7">{t('myOrders.empty')}</Text>
        </Stack>
      ) : (
        <OrdersTable items={orders.data['hydra:member']} />
      )}
      {orders.data?.totalItemsCapped && (
        <Text size="sm" c="gray.7" role="status" data-testid="orders-capped">
          {t('myOrders.capped', { limit: total })}
        </Text>
      )}
      {total > ROWS_PER_PAGE && (
        <Pagination
          total={Math.ceil(total / ROWS_PER_PAGE)}
          value={page}
          onChange={setPage}
          aria-label={t('myOrders.pages')}
          getControlProps={(control) => ({ 'aria-label': t(`myOrders.pageControls.${control}`) })}
        />
      )}
    </Stack>
  );
}

function OrdersTable({ items }: { items: OrderListItem[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const countryName = useCountryName();
  // The order's shipments as a bulk file (issue 12 item 5): uploaded on /bulk-orders, the same shipments again.
  const shipmentsFile = async (item: OrderListItem) => {
    try {
      const lang = locale === 'lv' ? 'lv' : 'en';
      const blob = await api.GET('/api/orders/{key}/shipments', {
        path: { key: lastSegment(item.order) },
        query: { lang },
        responseType: 'blob',
      });
      saveFile(blob, `${t('myOrders.shipmentsFileName')}.xlsx`);
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  };
  // SPEC §4: only unfinished orders can be cancelled or deleted.
  const act = async (item: OrderListItem, action: 'cancel' | 'delete') => {
    try {
      const path = { key: lastSegment(item.order) };
      if (action === 'delete') await api.DELETE('/api/orders/{key}', { path });
      else await api.POST('/api/orders/{key}/cancel', { path });
      notify('success', t(action === 'delete' ? 'myOrders.deleted' : 'myOrders.cancelled'));
      await queryClient.invalidateQueries({ queryKey: ['my-orders'] });
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  };
  // Seven columns do not fit a phone: the table scrolls within its own region, not the page.
  return (
    <Table.ScrollContainer minWidth={880} type="native" tabIndex={0} role="region" aria-label={t('pages.myOrders')}>
      <Table striped withTableBorder data-testid="orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('myOrders.number')}</Table.Th>
            <Table.Th>{t('myOrders.created')}</Table.Th>
            <Table.Th>{t('myOrders.receiver')}</Table.Th>
            <Table.Th>{t('myOrders.country')}</Table.Th>
            <Table.Th>{t('myOrders.status')}</Table.Th>
            <Table.Th>{t('myOrders.price')}</Table.Th>
            <Table.Th>{t('myOrders.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item['@id']}>
              <Table.Td>{item.barcode ?? '—'}</Table.Td>
              <Table.Td>{toDisplayDate(item.createdAt)}</Table.Td>
              <Table.Td>{item.receiver ?? '—'}</Table.Td>
              <Table.Td>{item.country ? countryName(item.country) : '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={item.orderStatus === 'cancelled' ? 'gray' : undefined}>
                  {item.orderStatus === 'cancelled' ? t('myOrders.cancelledStatus') : t(`status.${item.status}`)}
                </Badge>
                {item.returnBarcode && (
                  <Badge
                    variant="outline"
                    color="orange"
                    mt={4}
                    title={item.returnBarcode}
                    data-testid={`order-return-${item.orderLineId}`}
                  >
                    {t('myOrders.returnStatus', { status: t(`status.${item.returnStatus ?? 'paid'}`) })}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{item.price !== null ? formatMoney(item.price) : '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={openPath(item)} size="sm">
                    {t('myOrders.open')}
                  </Anchor>
                  <Anchor component={Link} to={repeatPath(item)} size="sm">
                    {t('myOrders.repeat')}
                  </Anchor>
                  <Button size="compact-xs" variant="subtle" onClick={() => void shipmentsFile(item)}>
                    {t('myOrders.shipmentsFile')}
                  </Button>
                  {item.orderStatus === 'unfinished' && (
                    <Button size="compact-xs" variant="subtle" onClick={() => void act(item, 'cancel')}>
                      {t('myOrders.cancel')}
                    </Button>
                  )}
                  {item.orderStatus !== 'paid' && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void act(item, 'delete')}>
                      {t('myOrders.delete')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
