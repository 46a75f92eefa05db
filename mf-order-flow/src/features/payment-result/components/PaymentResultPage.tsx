import { formatMoney, saveFile, toDisplayDate } from '@portal/shared-contracts';
import { type LabelFormat, labelFormatsDefaultFirst } from '@portal/shared-contracts/orders';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate } from '@portal/shared-contracts/router';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import paidUrl from '../../../assets/paid.svg';
import { NAMESPACE } from '../../../i18n';
import type { OrderLineResource, OrderResource, ShipmentType } from '../../../shared/order';
import {
  type DocumentKind,
  downloadDocument,
  locationLabel,
  locationQuery,
  orderIri,
  orderQuery,
} from '../../../shared/order';
import { documentFileName, dropOffOf, hasCustomsDocument } from '../instructions';
import type { PaymentResult } from '../result';
import { HandoverQr } from './HandoverQr';

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
  if (paid) return <PaidOrder order={order.data} />;
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

function PaidOrder({ order }: { order: OrderResource }) {
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
      {order.orderLines.map((line) => (
        <PaidLine key={line['@id']} order={order} line={line} />
      ))}
      <HandoverQr orderIri={order['@id']} />
    </Stack>
  );
}

const LABEL_BUTTONS: Record<LabelFormat, string> = {
  A6: 'documents.labelA6',
  A4: 'documents.labelA4',
  zpl: 'documents.labelZpl',
};

const extensionOf = (kind: DocumentKind) => (kind.kind === 'label' && kind.format === 'zpl' ? 'zpl' : 'pdf');

function PaidLine({ order, line }: { order: OrderResource; line: OrderLineResource }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage, session } = usePlatform();
  const [loading, setLoading] = useState<string | null>(null);
  // The account's default label format first and highlighted (issue 20 item 4); A6 for visitors.
  const labelFormats = labelFormatsDefaultFirst(session?.activeAccount?.labelFormat);
  const dropOff = dropOffOf(line);
  const customs = hasCustomsDocument(line);
  const pickUp = line.services?.courierPickUp?.pickUpTime;
  const placeId = line.attributes.transferLocationId;
  const location = useQuery(locationQuery(api, placeId));
  const place = location.data ? locationLabel(location.data) : (placeId ?? '');

  const download = async (name: string, kind: DocumentKind) => {
    setLoading(name);
    try {
      const blob = await downloadDocument(api, order['@id'], kind);
      saveFile(blob, documentFileName(name, line.barcode, order.key, extensionOf(kind)));
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    } finally {
      setLoading(null);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('payment.shipmentNumber')}: <span data-testid="shipment-number">{line.barcode ?? '—'}</span>
        </Title>
        <Alert color="blue" title={t(`handOver.${dropOff}.title`)} data-testid="hand-over">
          {t(`handOver.${dropOff}.text`, {
            date: pickUp?.date ? toDisplayDate(pickUp.date) : '',
            from: pickUp?.from ?? '',
            till: pickUp?.till ?? '',
            place,
          })}
          {customs ? ` ${t('handOver.customsDocuments')}` : ''}
        </Alert>
        <Group>
          {labelFormats.map((format, index) => (
            <Button
              key={format}
              variant={index === 0 ? 'filled' : 'light'}
              onClick={() => void download(`label-${format}`, { kind: 'label', format })}
              loading={loading === `label-${format}`}
              data-testid={`download-label-${format.toLowerCase()}`}
            >
              {t(LABEL_BUTTONS[format])}
            </Button>
          ))}
          {/* Printer-free: the order's hand-over QR below (issue 20 item 5). */}
          <Button component="a" href="#handover-qr" variant="subtle" data-testid="show-handover-qr">
            {t('handoverQr.show')}
          </Button>
          {customs && (
            <Button
              variant="light"
              onClick={() => void download('customs', { kind: 'customs' })}
              loading={loading === 'customs'}
              data-testid="download-customs"
            >
              {t('documents.customs')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
