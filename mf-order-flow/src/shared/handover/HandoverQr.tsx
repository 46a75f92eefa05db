import { ApplicationError, lastSegment, toDisplayDate } from '@portal/shared-contracts';
import { type HandoverCode, handoverCodeSchema } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** The picture as a data: URL: the QR route needs the caller's token, which an <img src> cannot send. */
function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The hand-over code is made after the payment's commit, by the job that hears the order was paid
 * (api: events' `handover.order-paid` consumer): a page opened a moment after paying may ask before
 * it exists. A 404 is asked again this many times, waiting longer each time (about 15 s in all).
 */
export const HANDOVER_NOT_YET_RETRIES = 6;
const notYetMade = (error: unknown) => error instanceof ApplicationError && error.status === 404;

/**
 * Printer-free hand-over (issue 20 item 5): the paid order's QR code, which a parcel locker or
 * post office counter scans to print the labels there, with the code as text (a counter can type
 * it), its expiry, and once used the day it was handed over. Nothing shows while the API has no
 * code for the order (unpaid, or not made yet after the retries above) or does not answer: the label downloads stay the way to go.
 */
export function HandoverQr(
  props: ({ orderIri: string } | { returnKey: string }) & {
    /** The heading's level where it is shown: 2 on its own page, 4 inside a shipment on the order page. */
    headingOrder?: 2 | 3 | 4;
  },
) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  // A paid order's code prints its labels; a prepaid return's (issue 40, by the return's key, its
  // capability) prints the return's label. The same module, code and picture (api: handover).
  const ofReturn = 'returnKey' in props;
  const owner = ofReturn ? props.returnKey : props.orderIri;
  const read = () =>
    ofReturn
      ? api.GET('/api/public/returns/{key}/handover', { path: { key: props.returnKey } })
      : api.GET('/api/orders/{key}/handover', { path: { key: lastSegment(props.orderIri) } });
  const readPicture = async (): Promise<Blob> =>
    ofReturn
      ? api.GET('/api/public/returns/{key}/handover/qr', { path: { key: props.returnKey }, responseType: 'blob' })
      : api.GET('/api/orders/{key}/handover/qr', { path: { key: lastSegment(props.orderIri) }, responseType: 'blob' });
  const handover = useQuery({
    queryKey: ['handover', owner],
    queryFn: async (): Promise<HandoverCode> => handoverCodeSchema.parse(await read()),
    retry: (failures, error) => notYetMade(error) && failures < HANDOVER_NOT_YET_RETRIES,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
  });
  const code = handover.data;
  const picture = useQuery({
    queryKey: ['handover-qr', code?.qr],
    // `code.qr` is this address (the hand-over's picture of the order or return), named by its template.
    queryFn: async () => asDataUrl(await readPicture()),
    enabled: !!code && code.redeemedAt === null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!code) return null;

  return (
    // The order's code is linked to (#handover-qr); a return's sits beside its order's on the order page.
    <Paper withBorder p="md" id={ofReturn ? undefined : 'handover-qr'} data-testid="handover-qr">
      <Stack gap="sm">
        <Title order={props.headingOrder ?? 2} size="h4">
          {t('handoverQr.title')}
        </Title>
        {code.redeemedAt ? (
          <Alert color="green" data-testid="handover-qr-used">
            {t(ofReturn ? 'handoverQr.returnUsed' : 'handoverQr.used', { date: toDisplayDate(code.redeemedAt) })}
          </Alert>
        ) : (
          <>
            <Text>{t(ofReturn ? 'handoverQr.returnText' : 'handoverQr.text')}</Text>
            <Group align="flex-start">
              {picture.data && (
                <img
                  src={picture.data}
                  alt={t(ofReturn ? 'handoverQr.returnAlt' : 'handoverQr.alt')}
                  width={200}
                  height={200}
                  data-testid="handover-qr-image"
                />
              )}
              <Stack gap={4}>
                <Text size="sm">{t('handoverQr.validUntil', { date: toDisplayDate(code.expiresAt) })}</Text>
                <Text size="sm">{t('handoverQr.once')}</Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="handover-qr-code">
                  {t('handoverQr.code')}: {code.code}
                </Text>
              </Stack>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
