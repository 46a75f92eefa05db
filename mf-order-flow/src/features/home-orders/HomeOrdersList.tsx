import { toDisplayDate } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { openPath } from '../../shared/my-orders';
import type { OrderListItem } from '../../shared/order';
import { type HomeOrdersScope, homeOrdersQuery } from './model';

/** Rows shown while the list loads: about the height of a short list. */
const SKELETON_ROWS = ['first', 'second', 'third'] as const;

interface Props {
  scope: HomeOrdersScope;
  title: string;
  empty: string;
  /** The link to the full list (/my-orders, with filters). */
  allLabel: string;
  /** Shows who the shipment goes to (the company list, where many people send). */
  withReceiver?: boolean;
  testId: string;
}

/** A home widget's list of shipments: number, date, status and a link; skeleton rows while loading. */
export function HomeOrdersList({ scope, title, empty, allLabel, withReceiver = false, testId }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  const account = session?.activeAccount?.id ?? null;
  const orders = useQuery({ ...homeOrdersQuery(api, scope, account), enabled: session?.status === 'authenticated' });
  const titleId = `${testId}-title`;
  return (
    <section aria-labelledby={titleId} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        <Anchor component={Link} to="/my-orders" size="sm">
          {allLabel}
        </Anchor>
      </Group>
      {orders.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('wizard.loading')}>
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      ) : orders.isError ? (
        <Alert color="red" role="alert">
          {t('myOrders.failed')}
        </Alert>
      ) : orders.data['hydra:member'].length === 0 ? (
        <Stack gap="xs" data-testid={`${testId}-empty`}>
          <Text>{empty}</Text>
          <Anchor component={Link} to="/orders/parcel" size="sm">
            {t('homeOrders.send')}
          </Anchor>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('myOrders.number')}</Table.Th>
                <Table.Th>{t('myOrders.created')}</Table.Th>
                {withReceiver && <Table.Th>{t('myOrders.receiver')}</Table.Th>}
                <Table.Th>{t('myOrders.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data['hydra:member'].map((item) => (
                <HomeOrderRow key={item['@id']} item={item} withReceiver={withReceiver} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function HomeOrderRow({ item, withReceiver }: { item: OrderListItem; withReceiver: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  // The shipment number once paid, else the kind of order: either way the link to the order.
  const label = item.barcode ?? t(`homeOrders.unnumbered.${item.type === 'letter' ? 'letter' : 'parcel'}`);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={openPath(item)} size="sm">
          {label}
        </Anchor>
      </Table.Td>
      <Table.Td>{toDisplayDate(item.createdAt)}</Table.Td>
      {withReceiver && <Table.Td>{item.receiver ?? '—'}</Table.Td>}
      <Table.Td>
        <Badge variant="light" color={item.orderStatus === 'cancelled' ? 'gray' : undefined}>
          {item.orderStatus === 'cancelled' ? t('myOrders.cancelledStatus') : t(`status.${item.status}`)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
