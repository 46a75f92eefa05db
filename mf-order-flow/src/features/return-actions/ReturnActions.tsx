import { formatMoney } from '@portal/shared-contracts';
import { LABEL_FORMATS, type LabelFormat, type OrderLineStatus } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { HandoverQr } from '../../shared/handover';
import {
  companyReturnsQuery,
  createReturnCode,
  createReturnLabel,
  downloadReturnLabel,
  type ReturnResource,
  returnFailure,
} from '../../shared/returns';

const LABEL_BUTTONS: Record<LabelFormat, string> = {
  A6: 'returns.labelA6',
  A4: 'returns.labelA4',
  zpl: 'returns.labelZpl',
};

/**
 * "Create return label" and "Create return code" for one paid shipment of a company account (issue
 * 40 item 1): the label is made at once and offered for download; the code is shown for the shop to
 * give its customer, who redeems it on /returns. The API's refusal is shown beside the actions.
 * A return made shows its own status (the order line's `returnStatus`: `paid` when its label is
 * made, then as the post's scans of its number move it), the drop-off the customer chose and the
 * return's hand-over QR (the shop can show or send it to its customer: a counter or locker prints
 * the label from it). A return the customer started and is to pay says it waits for the payment.
 */
export function ReturnActions({
  orderKey,
  orderLineId,
  shipmentNumber,
  returnStatus,
}: {
  orderKey: string;
  orderLineId: number;
  shipmentNumber: string;
  returnStatus: OrderLineStatus | null;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api, translateServerMessage, session } = usePlatform();
  const [busy, setBusy] = useState<'label' | 'code' | LabelFormat | null>(null);
  const [created, setMade] = useState<ReturnResource | null>(null);
  // The shipment's return made before (a code still waiting, or a label): shown, not made again.
  const earlier = useQuery(companyReturnsQuery(api, session?.activeAccount?.id));
  const made =
    created ?? earlier.data?.find((row) => row.orderKey === orderKey && row.shipmentNumber === shipmentNumber) ?? null;
  const [error, setError] = useState<string | null>(null);
  const errorId = `return-error-${orderLineId}`;

  const run = async (kind: 'label' | 'code') => {
    setBusy(kind);
    setError(null);
    try {
      const target = { orderKey, orderLineId };
      setMade(await (kind === 'label' ? createReturnLabel(api, target) : createReturnCode(api, target)));
    } catch (failure) {
      const { fields, general } = returnFailure(failure);
      const said = general ?? Object.values(fields)[0];
      setError(said ? translateServerMessage(said) : null);
    } finally {
      setBusy(null);
    }
  };

  const download = async (row: ReturnResource, format: LabelFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadReturnLabel(api, row, format);
    } catch (failure) {
      const { general } = returnFailure(failure);
      setError(general ? translateServerMessage(general) : null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs" data-testid="return-actions">
      <Title order={3} size="h5">
        {t('returns.title')}
      </Title>
      {made === null && (
        <Group>
          <Button
            variant="light"
            onClick={() => void run('label')}
            loading={busy === 'label'}
            aria-describedby={error ? errorId : undefined}
            data-testid="create-return-label"
          >
            {t('returns.createLabel')}
          </Button>
          <Button
            variant="light"
            onClick={() => void run('code')}
            loading={busy === 'code'}
            aria-describedby={error ? errorId : undefined}
            data-testid="create-return-code"
          >
            {t('returns.createCode')}
          </Button>
        </Group>
      )}
      {made?.code && made.status === 'codeIssued' && (
        <Alert color="blue" role="status" title={t('returns.codeTitle')} data-testid="return-code">
          <Text fw={700} size="lg" data-testid="return-code-value">
            {made.code}
          </Text>
          <Text size="sm">{t('returns.codeText')}</Text>
        </Alert>
      )}
      {made?.status === 'awaitingPayment' && (
        <Stack gap="xs" align="flex-start">
          <Text role="status" data-testid="return-awaiting-payment">
            {t('returns.awaitingPayment', { price: formatMoney(made.priceCents) })}
          </Text>
          {/* The customer may never pay: the shop can still send its return on account (the API takes it over). */}
          <Button
            variant="light"
            onClick={() => void run('label')}
            loading={busy === 'label'}
            aria-describedby={error ? errorId : undefined}
            data-testid="take-over-return"
          >
            {t('returns.takeOver')}
          </Button>
        </Stack>
      )}
      {made?.returnBarcode && (
        <Stack gap="xs" data-testid="return-label">
          <Text role="status">
            {t(made.payer === 'customer' ? 'returns.labelMadePaid' : 'returns.labelMade', {
              number: made.returnBarcode,
            })}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t('returns.status')}</Text>
            <Badge variant="light" data-testid="return-status">
              {t(`status.${returnStatus ?? 'paid'}`)}
            </Badge>
          </Group>
          {made.dropOff && (
            <Text size="sm" data-testid="return-drop-off">
              {t('returns.dropOff', { place: t(`returnsPage.dropOffs.${made.dropOff}`) })}
            </Text>
          )}
          <Group>
            {LABEL_FORMATS.map((format) => (
              <Button
                key={format}
                variant={format === 'A6' ? 'filled' : 'light'}
                onClick={() => void download(made, format)}
                loading={busy === format}
                data-testid={`download-return-label-${format.toLowerCase()}`}
              >
                {t(LABEL_BUTTONS[format])}
              </Button>
            ))}
          </Group>
          <HandoverQr returnKey={made.key} headingOrder={4} />
        </Stack>
      )}
      {error && (
        <Text c="red.8" size="sm" role="alert" id={errorId} data-testid="return-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
