import { formatMoney, toDisplayDate } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useNavigate } from '@portal/shared-contracts/router';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import paidUrl from '../../../assets/paid.svg';
import { NAMESPACE } from '../../../i18n';
import { HandoverQr } from '../../../shared/handover';
import type { OrderLineResource, OrderResource, ShipmentType } from '../../../shared/order';
import { locationLabel, locationQuery, orderIri, orderQuery } from '../../../shared/order';
import { dropOffOf, hasCustomsDocument } from '../instructions';
import type { PaymentResult } from '../result';
import { LineDocuments } from './LineDocuments';

/**
 * `/orders/{type}/{key}/{success|failed|cancelled}`: where the payment page sends the browser
 * back (SPEC §4 Payment outcome). A paid order shows its hand-over instructions and documents.
 */
export default function PaymentResultPage({
  shipmentType,
  orderKey,
  result,
}: {
  shipmentType: ShipmentType;
  orderKey: string;
  result: PaymentResult;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  const navigate = useNavigate();
  const account = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;
  const iri = orderIri(orderKey);
  const order = useQuery({
    ...orderQuery(api, iri, account),
    // The provider's callback may land just after the browser: ask again briefly.
    refetchInterval: (query) => (result === 'success' && query.state.data?.status !== 'paid' ? 2000 : false),
  });

  if (order.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('wizard.loading')} />
      </Center>
    );
  }
  if (order.isError) {
    return (
      <>
        <PageHeading>{t(`pages.${shipmentType}`)}</PageHeading>
        <Alert color="red" role="alert" data-testid="order-missing">
          {t('errors.orderNotFound')}
        </Alert>
      </>
    );
  }
  const paid = order.data.status === 'paid';
  if (paid) return <PaidOrder order={order.data} shipmentType={shipmentType} />;
  const retry = () => navigate(`/orders/${shipmentType}/${encodeURIComponent(orderKey)}`);
  return (
    <Stack gap="md">
      <PageHeading>{result === 'success' ? t('payment.pending') : t(`payment.${result}`)}</PageHeading>
      {result === 'success' ? (
        <Loader aria-label={t('wizard.loading')} />
      ) : (
        <Alert color={result === 'failed' ? 'red' : 'yellow'} role="alert" data-testid="payment-result">
          {t(`payment.${result}Text`)}
        </Alert>
      )}
      <Group>
        <Button onClick={retry} data-testid="payment-retry">
          {t('payment.retry')}
        </Button>
      </Group>
    </Stack>
  );
}

function PaidOrder({ order, shipmentType }: { order: OrderResource; shipmentType: ShipmentType }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Stack gap="md" data-testid="payment-success">
      <img src={paidUrl} alt="" width={200} height={140} style={{ display: 'block' }} />
      <PageHeading>{t('payment.success')}</PageHeading>
      {order.price && (
        <Text>
          {t('payment.paidAmount', { amount: formatMoney(order.price.amount) })}
          {order.paidAt ? ` · ${toDisplayDate(order.paidAt)}` : ''}
        </Text>
      )}
      {/* The order's own page: its tracking, documents and what to do next, for later (issue 40). */}
      <Anchor
        component={Link}
        to={`/orders/${shipmentType}/${encodeURIComponent(order.key)}`}
        data-testid="open-order-page"
      >
        {t('payment.openOrder')}
      </Anchor>
      {order.orderLines.map((line) => (
        <PaidLine key={line['@id']} order={order} line={line} />
      ))}
      <HandoverQr orderIri={order['@id']} />
    </Stack>
  );
}

function PaidLine({ order, line }: { order: OrderResource; line: OrderLineResource }) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const dropOff = dropOffOf(line);
  const customs = hasCustomsDocument(line);
  const pickUp = line.services?.courierPickUp?.pickUpTime;
  const placeId = line.attributes.transferLocationId;
  const location = useQuery(locationQuery(api, placeId));
  const place = location.data ? locationLabel(location.data) : (placeId ?? '');

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('payment.shipmentNumber')}: <span data-testid="shipment-number">{line.barcode ?? '—'}</span>
        </Title>
        <Alert color="blue" title={t(`handOver.${dropOff}.title`)} data-testid="hand-over">
          {t(
            dropOff === 'parcelLocker' && !placeId ? 'handOver.parcelLocker.textAnyPlace' : `handOver.${dropOff}.text`,
            {
              date: pickUp?.date ? toDisplayDate(pickUp.date) : '',
              from: pickUp?.from ?? '',
              till: pickUp?.till ?? '',
              place,
            },
          )}
          {customs ? ` ${t('handOver.customsDocuments')}` : ''}
        </Alert>
        <LineDocuments order={order} line={line} />
      </Stack>
    </Paper>
  );
}
