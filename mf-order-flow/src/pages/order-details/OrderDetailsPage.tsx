import { formatMoney, toDisplayDate, toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Divider, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropOffOf, hasCustomsDocument, LineDocuments } from '../../features/payment-result';
import { ReturnActions } from '../../features/return-actions';
import { NAMESPACE } from '../../i18n';
import { useCountryName } from '../../shared/countries';
import { HandoverQr } from '../../shared/handover';
import { locationLabel, locationQuery, type OrderLineResource, type OrderResource } from '../../shared/order';
import { trackingQuery } from './api';
import { awaitsHandOver, complaintPath, courierSlotOf, orderNumber, trackingPath } from './model';

/**
 * `/orders/{type}/{key}` of an order that is no longer a draft (issue 40 item 4): its status, each
 * shipment with its tracking, courier slot, documents and next action (hand over, or complain), and
 * the price with its parts (discounts among them). All of it from the order and tracking reads.
 */
export default function OrderDetailsPage({ order }: { order: OrderResource }) {
  const { t } = useTranslation(NAMESPACE);
  const paid = order.status === 'paid';
  return (
    <Stack gap="md" data-testid="order-details">
      <PageHeading>{t('orderPage.title', { number: orderNumber(order) })}</PageHeading>
      <Group gap="sm" wrap="wrap">
        <Text>{t('orderPage.orderStatus')}:</Text>
        <Badge variant="light" color={paid ? 'green' : 'gray'} data-testid="order-status">
          {t(`orderPage.orderStatuses.${order.status}`)}
        </Badge>
        <Text size="sm" c="gray.8">
          {t('orderPage.createdOn', { date: toDisplayDate(order.createdAt) })}
          {order.paidAt ? ` · ${t('orderPage.paidOn', { date: toDisplayDate(order.paidAt) })}` : ''}
        </Text>
      </Group>
      {order.status === 'cancelled' && (
        <Alert color="gray" role="status" data-testid="order-cancelled">
          {t('orderPage.cancelledText')}
        </Alert>
      )}
      {order.orderLines.map((line, index) => (
        <ShipmentSection key={line['@id']} order={order} line={line} position={index + 1} />
      ))}
      <PriceSection order={order} />
      {paid && <HandoverQr orderIri={order['@id']} />}
    </Stack>
  );
}

function ShipmentSection({
  order,
  line,
  position,
}: {
  order: OrderResource;
  line: OrderLineResource;
  position: number;
}) {
  const { t } = useTranslation(NAMESPACE);
  const countryName = useCountryName();
  const headingId = `shipment-${line.id}`;
  const barcode = line.barcode;
  const slot = courierSlotOf(line);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid={`shipment-${position}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {barcode ? t('orderPage.shipment', { number: barcode }) : t('orderPage.shipmentWithoutNumber', { position })}
        </Title>
        {line.receiver && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('orderPage.receiver')}: {line.receiver.name}
            {line.attributes.countryCode ? `, ${countryName(line.attributes.countryCode)}` : ''}
          </Text>
        )}
        <Group gap="xs">
          <Text size="sm">{t('orderPage.shipmentStatus')}:</Text>
          <Badge variant="light" data-testid="shipment-status">
            {t(`status.${line.status}`)}
          </Badge>
        </Group>
        {barcode && <LatestEvent barcode={barcode} />}
        {barcode && (
          <Anchor component={Link} to={trackingPath(barcode)} size="sm" data-testid="track-shipment">
            {t('orderPage.track', { number: barcode })}
          </Anchor>
        )}
        {slot && (
          <Text size="sm" data-testid="courier-slot">
            {t('orderPage.courierSlot')}: {t('orderPage.slot', { ...slot, date: toDisplayDate(slot.date) })}
          </Text>
        )}
        {order.status === 'paid' && <NextAction order={order} line={line} />}
      </Stack>
    </Paper>
  );
}

/** The newest tracking event of the shipment; nothing when tracking has none (yet) or does not answer. */
function LatestEvent({ barcode }: { barcode: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale } = usePlatform();
  const tracking = useQuery(trackingQuery(api, barcode, locale));
  const latest = tracking.data?.events[0];
  if (!latest) return null;
  return (
    <Text size="sm" data-testid="latest-event">
      {t('orderPage.latestEvent', { text: latest.text, date: toDisplayDateTime(latest.occurredAt) })}
    </Text>
  );
}

/** Hand-over instructions and the documents while the sender still has the shipment; a complaint always. */
function NextAction({ order, line }: { order: OrderResource; line: OrderLineResource }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  // Returns are the company accounts' (the API answers a private account 403 RETURN_NOT_COMPANY).
  const company = session?.activeAccount?.type === 'company';
  const dropOff = dropOffOf(line);
  const waiting = awaitsHandOver(line);
  const slot = courierSlotOf(line);
  const placeId = line.attributes.transferLocationId;
  const location = useQuery({ ...locationQuery(api, placeId), enabled: waiting && Boolean(placeId) });
  const place = location.data ? locationLabel(location.data) : (placeId ?? '');
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('orderPage.nextSteps')}
      </Title>
      {waiting && (
        <Alert color="blue" title={t(`handOver.${dropOff}.title`)} data-testid="hand-over">
          {t(
            dropOff === 'parcelLocker' && !placeId ? 'handOver.parcelLocker.textAnyPlace' : `handOver.${dropOff}.text`,
            {
              date: slot ? toDisplayDate(slot.date) : '',
              from: slot?.from ?? '',
              till: slot?.till ?? '',
              place,
            },
          )}
          {hasCustomsDocument(line) ? ` ${t('handOver.customsDocuments')}` : ''}
        </Alert>
      )}
      <Title order={3} size="h5">
        {t('orderPage.documents')}
      </Title>
      <LineDocuments order={order} line={line} />
      {line.barcode && (
        <Anchor component={Link} to={complaintPath(line.barcode)} size="sm" data-testid="complain">
          {t('orderPage.complain')}
        </Anchor>
      )}
      {company && line.barcode && (
        <ReturnActions
          orderKey={order.key}
          orderLineId={line.id}
          shipmentNumber={line.barcode}
          returnStatus={line.returnStatus ?? null}
        />
      )}
    </Stack>
  );
}

/** The order's price part by part (tariff, services, discounts as negative amounts), VAT included. */
function PriceSection({ order }: { order: OrderResource }) {
  const { t } = useTranslation(NAMESPACE);
  const price = order.price;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-price-heading">
      <Stack gap="xs" data-testid="order-price">
        <Title order={2} size="h4" id="order-price-heading">
          {t('orderPage.price')}
        </Title>
        {price === null ? (
          <Text size="sm">{t('orderPage.noPrice')}</Text>
        ) : (
          <>
            {price.components.map((component) => (
              <Group
                key={component.name}
                justify="space-between"
                wrap="nowrap"
                data-testid={`price-part-${component.name}`}
              >
                <Text size="sm">
                  {t(`priceParts.${component.name}`, { defaultValue: t(`services.${component.name}`) })}
                  {component.name === 'discountCode' && order.discountCode ? ` (${order.discountCode})` : ''}
                </Text>
                <Text size="sm">{formatMoney(component.amount + component.vat)}</Text>
              </Group>
            ))}
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{t('summary.total')}</Text>
              <Text fw={700} data-testid="order-page-total">
                {formatMoney(price.amount)}
              </Text>
            </Group>
            <Text size="sm" c="gray.8">
              {t('orderPage.vatIncluded', { amount: formatMoney(price.vat) })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
