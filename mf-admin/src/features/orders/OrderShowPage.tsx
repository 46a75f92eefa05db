import { ApplicationError, formatMoney, formatWeight, toDisplayDateTime } from '@portal/shared-contracts';
import { CANCEL_REASON_MAX } from '@portal/shared-contracts/admin';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useParams } from '@portal/shared-contracts/router';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@portal/shared-contracts/ui';
import { Textarea } from '@portal/shared-contracts/ui/forms';
import { Table } from '@portal/shared-contracts/ui/table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { type AdminOrder, useAdminOrder, useCancelOrder } from './api';

/**
 * `/admin/orders/show/:id` (issue 14 item 3): an order with its client and shipments, and, while
 * it is unpaid, the cancellation with a reason that the audit trail records.
 */
export default function OrderShowPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const crumbs = [{ label: t('pages.orders'), to: '/admin/orders' }, { label: t('pages.orderShow') }];

  return (
    <Stack gap="md">
      <Breadcrumbs items={crumbs} />
      <PageHeading>{t('pages.orderShow')}</PageHeading>
      {order.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : order.isError ? (
        <Alert color="red" role="alert">
          {order.error instanceof ApplicationError && order.error.status === 404
            ? t('orders.notFound')
            : t('orders.loadFailed')}
        </Alert>
      ) : (
        <OrderDetails order={order.data} />
      )}
    </Stack>
  );
}

function OrderDetails({ order }: { order: AdminOrder }) {
  const { t } = useTranslation(NAMESPACE);
  const client = order.client ? (order.client.companyName ?? order.client.email) : t('orders.visitor');
  return (
    <>
      <Card withBorder padding="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{t('orders.columns.status')}:</Text>
            <Badge
              data-testid="order-status"
              color={order.status === 'cancelled' ? 'gray' : order.status === 'paid' ? 'green' : 'blue'}
            >
              {t(`orders.statuses.${order.status}`)}
            </Badge>
          </Group>
          <Text>
            <Text span fw={600}>
              {t('orders.columns.client')}:
            </Text>{' '}
            {client}
          </Text>
          <Text>
            <Text span fw={600}>
              {t('orders.createdBy')}:
            </Text>{' '}
            {order.createdBy?.email ?? t('orders.backOffice')}
          </Text>
          <Text>
            <Text span fw={600}>
              {t('orders.columns.createdAt')}:
            </Text>{' '}
            {toDisplayDateTime(order.createdAt)}
          </Text>
          {order.paidAt && (
            <Text>
              <Text span fw={600}>
                {t('orders.paidAt')}:
              </Text>{' '}
              {toDisplayDateTime(order.paidAt)}
            </Text>
          )}
          <Text>
            <Text span fw={600}>
              {t('orders.columns.price')}:
            </Text>{' '}
            {order.price ? formatMoney(order.price.amount) : '—'}
          </Text>
        </Stack>
      </Card>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="order-lines">
          <Table.Caption>{t('orders.lines')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('orders.columns.shipments')}</Table.Th>
              <Table.Th scope="col">{t('orders.columns.receiver')}</Table.Th>
              <Table.Th scope="col">{t('orders.columns.country')}</Table.Th>
              <Table.Th scope="col">{t('orders.columns.weight')}</Table.Th>
              <Table.Th scope="col">{t('orders.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('orders.columns.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderLines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.barcode ?? t('orders.noShipmentNumber')}</Table.Td>
                <Table.Td>{line.receiver?.name ?? line.receiver?.companyName ?? '—'}</Table.Td>
                <Table.Td>{line.attributes?.countryCode ?? '—'}</Table.Td>
                <Table.Td>{line.attributes?.weight ? formatWeight(line.attributes.weight) : '—'}</Table.Td>
                <Table.Td>{t(`orders.lineStatuses.${line.status}`, { defaultValue: line.status })}</Table.Td>
                <Table.Td>{line.price ? formatMoney(line.price.amount) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {order.cancellation && (
        <Alert color="gray" title={t('orders.cancelled')} data-testid="order-cancellation">
          {t('orders.cancelledBecause', {
            reason: order.cancellation.reason,
            date: toDisplayDateTime(order.cancellation.cancelledAt),
          })}
        </Alert>
      )}
      {order.status === 'unfinished' && (
        <Group>
          <Button component={Link} to={`/admin/orders/edit/${encodeURIComponent(order.key)}`} variant="light">
            {t('orders.edit')}
          </Button>
        </Group>
      )}
      {order.status === 'unfinished' && <CancelForm orderKey={order.key} />}
      {order.status === 'paid' && <Text c="gray.7">{t('orders.paidNoCancel')}</Text>}
    </>
  );
}

function CancelForm({ orderKey }: { orderKey: string }) {
  const { t } = useTranslation(NAMESPACE);
  const cancel = useCancelOrder(orderKey);
  const [reason, setReason] = useState('');
  const [blank, setBlank] = useState(false);
  const serverError =
    cancel.error instanceof ApplicationError
      ? (cancel.error.violations.find((violation) => violation.propertyPath === 'reason')?.message ??
        cancel.error.message)
      : cancel.error
        ? t('orders.cancelFailed')
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setBlank(true);
      return;
    }
    cancel.mutate(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="cancel-order-heading">
      <Stack gap="sm" maw={560}>
        <Text component="h2" fw={700} size="lg" id="cancel-order-heading">
          {t('orders.cancelTitle')}
        </Text>
        <Textarea
          label={t('orders.reason')}
          required
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          autosize
          minRows={2}
          error={blank ? t('orders.errors.reason') : serverError}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setBlank(false);
          }}
        />
        <Group>
          <Button type="submit" color="red" loading={cancel.isPending}>
            {t('orders.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
