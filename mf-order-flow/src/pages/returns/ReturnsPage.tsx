import { ApplicationError, formatMoney } from '@portal/shared-contracts';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { LABEL_FORMATS, type LabelFormat, returnDropOffPlaceFilter } from '@portal/shared-contracts/orders';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import {
  MAX_RETURN_COMMENT,
  normaliseOrderNumber,
  normaliseReturnCode,
  RETURN_CODE_PATTERN,
  RETURN_CODES,
  RETURN_DROP_OFFS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  type ReturnDropOff,
  type ReturnReason,
  redeemViolations,
  startViolations,
} from '@portal/shared-contracts/returns';
import { useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Radio, Textarea } from '@portal/shared-contracts/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { HandoverQr } from '../../shared/handover';
import { LocationChooser } from '../../shared/order/LocationChooser';
import {
  type DropOffPlaceChoice,
  downloadReturnLabel,
  publicReturnQuery,
  type ReturnResource,
  redeemReturn,
  startReturn,
  startReturnPayment,
} from '../../shared/returns';

/** Where the payment provider sends the customer back: /returns/{key}/{result}. */
const PAYMENT_RESULTS = ['success', 'failed', 'cancelled'] as const;
type PaymentResult = (typeof PAYMENT_RESULTS)[number];
const isPaymentResult = (value: string | undefined): value is PaymentResult =>
  (PAYMENT_RESULTS as readonly string[]).includes(value ?? '');

/** How the customer names the shipment: the shop's return code, or the order number and e-mail. */
const START_WITH = ['code', 'order'] as const;
type StartWith = (typeof START_WITH)[number];

interface Values extends Record<string, unknown> {
  startWith: StartWith;
  code: string;
  orderNumber: string;
  email: string;
  reason: ReturnReason | '';
  dropOff: ReturnDropOff | '';
  /** Optional: any place of the kind will do. */
  dropOffPlace: DropOffPlaceChoice | null;
  comment: string;
}

/** The workflows' word for the places of a drop-off kind (what the location chooser takes). */
const CHOOSER_OPTIONS: Record<ReturnDropOff, string> = { parcelLocker: 'parcelMachine', postOffice: 'postOffice' };

const LABEL_BUTTONS: Record<LabelFormat, string> = {
  A6: 'returnsPage.labelA6',
  A4: 'returnsPage.labelA4',
  zpl: 'returnsPage.labelZpl',
};

/**
 * The shared rules of a redeem (reason, drop-off, comment: `redeemViolations`, as the API checks
 * them) and the code's shape, or of a start with the order number and e-mail (`startViolations`),
 * so an obvious mistake is shown before the bot check is solved.
 */
function rules(values: Values) {
  if (values.startWith === 'order') return startViolations(values);
  const code = normaliseReturnCode(values.code);
  const codeViolations = RETURN_CODE_PATTERN.test(code)
    ? []
    : [{ propertyPath: 'code', message: RETURN_MESSAGES.en.codeUnknown, code: RETURN_CODES.codeUnknown }];
  return [...codeViolations, ...redeemViolations(values)];
}

/**
 * `/returns` (issue 40 item 1), public: the customer redeems the return code the shop gave them, or
 * names the order by its number and e-mail, with a reason and a drop-off kind (bot-checked), then
 * gets the return's S10 number and its label. When the shop lets the customer pay (its return
 * settings), the return waits for the payment: the page shows the price and sends the customer to
 * the payment provider, which sends them back to `/returns/{key}/{result}`, where the return is read
 * by its key: its label once paid, else the result and the payment offered again.
 */
export default function ReturnsPage() {
  const { key, paymentResult } = useParams();
  const { NotFound } = usePlatform();
  if (key === undefined) return <ReturnForm />;
  if (paymentResult !== undefined && !isPaymentResult(paymentResult)) return <NotFound />;
  return <ReturnByKey returnKey={key} result={paymentResult} />;
}

/** Back from the payment provider: the return read by its key. */
function ReturnByKey({ returnKey, result }: { returnKey: string; result: PaymentResult | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, NotFound, translateServerMessage } = usePlatform();
  const found = useQuery(publicReturnQuery(api, returnKey, result === 'success'));
  let body: ReactNode;
  if (found.data?.returnBarcode) body = <ReturnReady made={found.data} />;
  else if (found.data) body = <PaymentStep made={found.data} result={result} />;
  else if (found.error) {
    body =
      found.error instanceof ApplicationError && found.error.status === 404 ? (
        <NotFound />
      ) : (
        <Alert color="red" role="alert">
          {translateServerMessage(found.error)}
        </Alert>
      );
  } else body = <Loader aria-label={t('returnsPage.loading')} />;
  return (
    <Stack gap="md" maw={640} data-testid="returns-page">
      <PageHeading>{t('returnsPage.title')}</PageHeading>
      {body}
    </Stack>
  );
}

/**
 * The return waits for the customer's payment (the shop chose that they pay): its price from the
 * tariffs and the button to the payment provider; after a declined or cancelled payment, the same.
 */
function PaymentStep({ made, result }: { made: ReturnResource; result?: PaymentResult | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, translateServerMessage } = usePlatform();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const price = formatMoney(made.priceCents);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await startReturnPayment(api, made.key));
    } catch (failure) {
      setError(translateServerMessage(failure instanceof Error ? failure : String(failure)));
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="return-pay-heading" data-testid="return-payment">
      <Stack gap="sm">
        <Title order={2} size="h4" id="return-pay-heading">
          {t('returnsPage.payTitle')}
        </Title>
        {result === 'failed' && (
          <Alert color="red" role="alert" data-testid="return-payment-failed">
            {t('returnsPage.paymentFailed')}
          </Alert>
        )}
        {result === 'cancelled' && (
          <Alert color="yellow" role="alert" data-testid="return-payment-cancelled">
            {t('returnsPage.paymentCancelled')}
          </Alert>
        )}
        {result === 'success' ? (
          <Text role="status" data-testid="return-payment-pending">
            {t('returnsPage.paymentPending')}
          </Text>
        ) : (
          <>
            <Text data-testid="return-price">{t('returnsPage.payText', { price })}</Text>
            <Group>
              <Button onClick={() => void pay()} loading={busy} data-testid="pay-return">
                {t('returnsPage.pay', { price })}
              </Button>
            </Group>
          </>
        )}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The form: the shop's code, or the order number and e-mail, with the customer's choices. */
function ReturnForm() {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const [made, setMade] = useState<ReturnResource | null>(null);
  const form = usePortalForm<Values>({
    initialValues: {
      startWith: 'code',
      code: '',
      orderNumber: '',
      email: '',
      reason: '',
      dropOff: '',
      dropOffPlace: null,
      comment: '',
    },
    transformValues: (values) => ({
      ...values,
      code: normaliseReturnCode(values.code),
      orderNumber: normaliseOrderNumber(values.orderNumber),
    }),
    rules,
  });
  const dropOffInput = form.getInputProps('dropOff');
  const { dropOff } = form.values;
  const send = (request: Values) =>
    request.startWith === 'order' ? startReturn(api, request) : redeemReturn(api, request);

  return (
    <Stack gap="md" maw={640} data-testid="returns-page">
      <PageHeading>{t('returnsPage.title')}</PageHeading>
      {made?.returnBarcode ? (
        <ReturnReady made={made} />
      ) : made?.status === 'awaitingPayment' ? (
        <PaymentStep made={made} />
      ) : (
        <Paper
          withBorder
          p="md"
          component="form"
          noValidate
          onSubmit={form.submit(async (request) => setMade(await send(request)))}
          data-testid="returns-form"
        >
          <Stack gap="md">
            <Text>{t('returnsPage.intro')}</Text>
            <Radio.Group label={t('returnsPage.startWith')} {...form.getInputProps('startWith')}>
              <Group gap="md" mt="xs">
                {START_WITH.map((way) => (
                  <Radio
                    key={way}
                    value={way}
                    label={t(`returnsPage.startWays.${way}`)}
                    data-testid={`start-with-${way}`}
                  />
                ))}
              </Group>
            </Radio.Group>
            {form.values.startWith === 'code' ? (
              <TextInput
                label={t('returnsPage.code')}
                description={t('returnsPage.codeHint')}
                required
                autoComplete="off"
                {...form.getInputProps('code')}
                data-testid="return-code-input"
              />
            ) : (
              <>
                <TextInput
                  label={t('returnsPage.orderNumber')}
                  description={t('returnsPage.orderNumberHint')}
                  required
                  autoComplete="off"
                  {...form.getInputProps('orderNumber')}
                  data-testid="return-order-number-input"
                />
                <TextInput
                  type="email"
                  label={t('returnsPage.email')}
                  description={t('returnsPage.emailHint')}
                  required
                  autoComplete="email"
                  {...form.getInputProps('email')}
                  data-testid="return-email-input"
                />
              </>
            )}
            <Radio.Group label={t('returnsPage.reason')} required {...form.getInputProps('reason')}>
              <Stack gap="xs" mt="xs">
                {RETURN_REASONS.map((reason) => (
                  <Radio key={reason} value={reason} label={t(`returnsPage.reasons.${reason}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('returnsPage.dropOff')}
              required
              {...dropOffInput}
              onChange={(value: string) => {
                // A place of the other kind no longer fits.
                form.setFieldValue('dropOffPlace', null);
                dropOffInput.onChange(value);
              }}
            >
              <Group gap="md" mt="xs">
                {RETURN_DROP_OFFS.map((dropOff) => (
                  <Radio key={dropOff} value={dropOff} label={t(`returnsPage.dropOffs.${dropOff}`)} />
                ))}
              </Group>
            </Radio.Group>
            {dropOff && (
              <LocationChooser
                key={dropOff}
                requestId="return-drop-off"
                placeRole="transfer"
                option={CHOOSER_OPTIONS[dropOff]}
                countryCode="LV"
                value={form.values.dropOffPlace}
                onChange={(choice) => form.setFieldValue('dropOffPlace', choice)}
                label={t('returnsPage.dropOffPlace')}
                optional
                optionalTexts={{
                  anyPlace: t(`returnsPage.anyPlace.${dropOff}`),
                  choose: t(`returnsPage.choosePlace.${dropOff}`),
                }}
                placeFilter={returnDropOffPlaceFilter(dropOff)}
                error={form.fieldError('dropOffPlaceId')}
              />
            )}
            <Textarea
              label={t('returnsPage.comment')}
              autosize
              minRows={2}
              maxLength={MAX_RETURN_COMMENT}
              {...form.getInputProps('comment')}
            />
            {form.serverError && (
              <Alert color="red" role="alert" data-testid="returns-error">
                {form.serverError}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={form.submitting} data-testid="redeem-return">
                {t('returnsPage.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The redeemed return: its S10 number and the label in each format (the file comes from the API). */
function ReturnReady({ made }: { made: ReturnResource }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, translateServerMessage } = usePlatform();
  const [busy, setBusy] = useState<LabelFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: LabelFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadReturnLabel(api, made, format);
    } catch (failure) {
      setError(translateServerMessage(failure instanceof Error ? failure : String(failure)));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="return-ready-heading" data-testid="return-ready">
      <Stack gap="sm">
        <Title order={2} size="h4" id="return-ready-heading">
          {t('returnsPage.doneTitle')}
        </Title>
        <Text fw={700} data-testid="return-number">
          {t('returnsPage.number', { number: made.returnBarcode })}
        </Text>
        {made.dropOff && (
          <Text data-testid="return-drop-off">
            {t('returnsPage.handOverAt', {
              place: made.dropOffPlace
                ? `${made.dropOffPlace.name}, ${made.dropOffPlace.address}, ${made.dropOffPlace.city}`
                : t(`returnsPage.dropOffs.${made.dropOff}`),
            })}
          </Text>
        )}
        <Text>{t(made.payer === 'customer' ? 'returnsPage.doneTextPaid' : 'returnsPage.doneText')}</Text>
        <Group>
          {LABEL_FORMATS.map((format) => (
            <Button
              key={format}
              variant={format === 'A6' ? 'filled' : 'light'}
              onClick={() => void download(format)}
              loading={busy === format}
              data-testid={`download-return-label-${format.toLowerCase()}`}
            >
              {t(LABEL_BUTTONS[format])}
            </Button>
          ))}
        </Group>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        {/* No printer: the return's hand-over QR, as a paid order's (a counter or locker prints the label). */}
        <HandoverQr returnKey={made.key} />
      </Stack>
    </Paper>
  );
}
