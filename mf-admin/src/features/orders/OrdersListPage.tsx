import {
  ApplicationError,
  formatMoney,
  isValidDisplayDate,
  toDbDate,
  toDisplayDateTime,
} from '@portal/shared-contracts';
import { dateRangeViolations } from '@portal/shared-contracts/admin';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared-contracts/orders';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable, oneOf, SortHeader, useListParams } from '../../shared/list';
import { ORDERS_PER_PAGE, useAdminOrders } from './api';

const TEXT_FILTERS = ['shipment', 'client', 'dateFrom', 'dateTill'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];

/** A typed date as the API takes it: YYYY-MM-DD, null while empty or not yet a real DD.MM.YYYY day. */
const dateOf = (typed: string) => (isValidDisplayDate(typed.trim()) ? toDbDate(typed.trim()) : null);

/**
 * `/admin/orders` (issue 14 item 3): every client's orders, searched on the server by shipment
 * number, client, status and creation dates, newest or oldest first, paged.
 */
export default function OrdersListPage() {
  const { t } = useTranslation(NAMESPACE);
  // The search lives in the address, so an order's page links back to the same page of results.
  const { params, page, update, onPage } = useListParams();
  const typed = Object.fromEntries(TEXT_FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    TextFilter,
    string
  >;
  const status = oneOf<OrderStatus, ''>(ORDER_STATUSES, params.get('status'), '');
  const order = params.get('order') === 'ASC' ? 'ASC' : 'DESC';
  const deferred = useDeferredValue(typed);
  const range = { dateFrom: dateOf(deferred.dateFrom), dateTill: dateOf(deferred.dateTill) };
  // The same period rule as the API's (shared-contracts/admin): a reversed period is not sent.
  const rangeViolations = dateRangeViolations(range);
  const list = useAdminOrders({
    shipment: deferred.shipment,
    client: deferred.client,
    status,
    dateFrom: range.dateFrom,
    dateTill: rangeViolations.length > 0 ? null : range.dateTill,
    order,
    page,
  });
  const serverViolations =
    list.error instanceof ApplicationError
      ? Object.fromEntries(list.error.violations.map((violation) => [violation.propertyPath, violation.message]))
      : {};
  const errorOf = (name: TextFilter): string | undefined => {
    const value = typed[name].trim();
    if (value && (name === 'dateFrom' || name === 'dateTill') && !isValidDisplayDate(value)) {
      return t('orders.errors.date');
    }
    if (rangeViolations.some((violation) => violation.propertyPath === name)) return t('orders.errors.range');
    return serverViolations[name];
  };

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.orders') }]} />
      <Group justify="space-between" align="end">
        <PageHeading>{t('pages.orders')}</PageHeading>
        <Button component={Link} to="/admin/orders/create" variant="light">
          {t('orders.create')}
        </Button>
      </Group>
      <search>
        <Group align="start" wrap="wrap">
          {TEXT_FILTERS.map((name) => (
            <TextInput
              key={name}
              label={t(`orders.filters.${name}`)}
              description={name === 'dateFrom' || name === 'dateTill' ? 'DD.MM.YYYY' : undefined}
              type={name === 'shipment' || name === 'client' ? 'search' : 'text'}
              value={typed[name]}
              maxLength={name === 'client' ? 100 : 40}
              error={errorOf(name)}
              onChange={(event) => update({ [name]: event.currentTarget.value, page: '' })}
            />
          ))}
          <Select
            label={t('orders.filters.status')}
            value={status || null}
            clearable
            data={ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) }))}
            onChange={(value) => update({ status: value ?? '', page: '' })}
          />
        </Group>
      </search>
      <ListTable
        query={list}
        loadFailed={t('orders.loadFailed')}
        // A filter the API refused is shown beside its field, not as a failed page.
        quietError={Object.keys(serverViolations).length > 0}
        empty={<Text data-testid="orders-empty">{t('orders.empty')}</Text>}
        count={(total) => t('orders.count', { count: total })}
        testId="orders-table"
        minWidth={760}
        head={
          <>
            <SortHeader
              scope="col"
              label={t('orders.columns.createdAt')}
              active
              direction={order === 'ASC' ? 'asc' : 'desc'}
              arrows={{ asc: '↑', desc: '↓' }}
              onSort={() => update({ order: order === 'ASC' ? '' : 'ASC', page: '' })}
            />
            <Table.Th scope="col">{t('orders.columns.shipments')}</Table.Th>
            <Table.Th scope="col">{t('orders.columns.client')}</Table.Th>
            <Table.Th scope="col">{t('orders.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('orders.columns.price')}</Table.Th>
            <Table.Th scope="col">{t('orders.columns.order')}</Table.Th>
          </>
        }
        renderRow={(item) => (
          <Table.Tr key={item.key} data-testid="order-row">
            <Table.Td>{toDisplayDateTime(item.createdAt)}</Table.Td>
            <Table.Td>{item.barcodes.length > 0 ? item.barcodes.join(', ') : t('orders.noShipmentNumber')}</Table.Td>
            <Table.Td>{item.client ?? t('orders.visitor')}</Table.Td>
            <Table.Td>{t(`orders.statuses.${item.status}`)}</Table.Td>
            <Table.Td>{item.priceCents === null ? '—' : formatMoney(item.priceCents)}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/admin/orders/show/${encodeURIComponent(item.key)}`}>
                {t('orders.open', { key: item.key.slice(0, 8) })}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        )}
        paging={{
          perPage: ORDERS_PER_PAGE,
          page,
          onPage,
          label: t('orders.pages.label'),
          controlLabel: (control) => t(`orders.pages.${control}`),
        }}
      />
    </Stack>
  );
}
