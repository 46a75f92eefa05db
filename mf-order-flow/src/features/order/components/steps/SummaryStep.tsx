import { formatMoney, formatWeight, type Violation } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { Fieldset, Radio } from '@portal/shared-contracts/ui/forms';
import { Table } from '@portal/shared-contracts/ui/table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';
import { priceByOrder } from '../../../../shared/order/api';
import { summaryViolations } from '../../../../shared/order/contract';
import { useFieldErrors } from '../../hooks/use-field-errors';
import { useOrderActions } from '../../hooks/use-order-actions';
import type { StepName } from '../../hooks/use-steps';
import { contentTotals, needsLocation, type OrderDraft, toOrderWrite, weightGrams } from '../../model';
import { useOrderFlow } from '../../store';
import { StepButtons } from '../StepButtons';
import { LoyaltyCodes } from './LoyaltyCodes';

const SHOWN_PATHS = ['termsAccepted', 'privacyAccepted', 'eNotification', 'discountCode'];

/** Step 4, summary and payment (SPEC §2): price from prices/by_order, discount code, consents, Pay. */
export default function SummaryStep({ steps }: { steps: StepName[] }) {
  const { t } = useTranslation(NAMESPACE);
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const paying = useOrderFlow((state) => state.paymentInProgress);
  const { errorFor } = useFieldErrors();
  const { pay, busy } = useOrderActions();
  const withContent = steps.includes('content');

  const onPay = () => {
    // The shared summary rule (SPEC §5), as the API applies it when paying.
    const found: Violation[] = summaryViolations(toOrderWrite(draft, { step: steps.length, withContent }));
    useOrderFlow.getState().setViolations(found);
    if (found.length === 0) void pay(steps.length, withContent);
  };

  return (
    <Stack gap="md">
      <Overview draft={draft} />
      <PriceAndDiscount withContent={withContent} />
      <Fieldset legend={t('summary.consents')}>
        <Stack gap="sm">
          <Checkbox
            checked={draft.termsAccepted}
            onChange={(event) => update({ termsAccepted: event.currentTarget.checked })}
            error={errorFor('termsAccepted')}
            data-testid="accept-terms"
            label={
              <>
                {t('summary.acceptTerms')}{' '}
                <Anchor component={Link} to="/terms" target="_blank">
                  {t('summary.terms')}
                </Anchor>
              </>
            }
          />
          <Checkbox
            checked={draft.privacyAccepted}
            onChange={(event) => update({ privacyAccepted: event.currentTarget.checked })}
            error={errorFor('privacyAccepted')}
            data-testid="accept-privacy"
            label={
              <>
                {t('summary.acceptPrivacy')}{' '}
                <Anchor component={Link} to="/privacy-policy" target="_blank">
                  {t('summary.privacy')}
                </Anchor>
              </>
            }
          />
          <Radio.Group
            label={t('summary.eNotification')}
            value={draft.eNotification}
            onChange={(value) => update({ eNotification: value as OrderDraft['eNotification'] })}
            error={errorFor('eNotification')}
            data-testid="e-notification"
          >
            <Group mt="xs">
              <Radio value="agree" label={t('summary.agree')} />
              <Radio value="disagree" label={t('summary.disagree')} />
            </Group>
          </Radio.Group>
        </Stack>
      </Fieldset>
      <StepButtons
        steps={steps}
        current="summary"
        shownPaths={SHOWN_PATHS}
        primary={
          <Button onClick={onPay} loading={busy || paying} data-testid="pay">
            {t('summary.pay')}
          </Button>
        }
      />
    </Stack>
  );
}

function Overview({ draft }: { draft: OrderDraft }) {
  const { t } = useTranslation(NAMESPACE);
  const grams = weightGrams(draft);
  const totals = contentTotals(draft.content);
  const party = (role: 'sender' | 'receiver') => {
    const value = draft[role];
    const address = [value.address.addressLine, value.address.city, value.address.postCode].filter(Boolean).join(', ');
    return [value.name, value.company ? value.companyName : '', `+${value.phonePrefix} ${value.phone}`, address]
      .filter((part) => part.trim() !== '' && part.trim() !== '+')
      .join(' · ');
  };
  return (
    <Table withTableBorder data-testid="order-overview">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('summary.product')}</Table.Th>
          <Table.Td>
            {draft.workFlow?.label} · {grams ? formatWeight(grams) : ''}
          </Table.Td>
        </Table.Tr>
        {draft.additionalServices.length > 0 && (
          <Table.Tr>
            <Table.Th scope="row">{t('shipment.services')}</Table.Th>
            <Table.Td>{draft.additionalServices.map((name) => t(`services.${name}`)).join(', ')}</Table.Td>
          </Table.Tr>
        )}
        {(draft.transferLocation || (draft.handoverAnywhere && needsLocation(draft.workFlow?.transferType))) && (
          <Table.Tr>
            <Table.Th scope="row">{t('shipment.transferLocation')}</Table.Th>
            <Table.Td data-testid="summary-transfer">
              {draft.transferLocation?.label ?? t('shipment.handoverAnywhere')}
            </Table.Td>
          </Table.Tr>
        )}
        {draft.workFlow?.transferType === 'courier' && draft.courierPickUp.date && (
          // The courier's slot as chosen, to check before paying (issue 40: it was not on the summary).
          <Table.Tr>
            <Table.Th scope="row">{t('summary.courierSlot')}</Table.Th>
            <Table.Td data-testid="summary-courier-slot">
              {t('summary.courierSlotTime', {
                date: draft.courierPickUp.date,
                from: draft.courierPickUp.from,
                till: draft.courierPickUp.till,
              })}
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th scope="row">{t('party.sender')}</Table.Th>
          <Table.Td>{party('sender')}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{t('party.receiver')}</Table.Th>
          <Table.Td>
            {party('receiver')}
            {draft.receiverLocation ? ` · ${draft.receiverLocation.label}` : ''}
          </Table.Td>
        </Table.Tr>
        {draft.content.length > 0 && (
          <Table.Tr>
            <Table.Th scope="row">{t('steps.content')}</Table.Th>
            <Table.Td>
              {t('content.totals', {
                quantity: totals.quantity,
                weight: formatWeight(totals.weightGrams),
                value: formatMoney(totals.valueCents),
              })}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The order's price (POST /api/prices/by_order) and the discount code, applied with Apply (SPEC §4). */
function PriceAndDiscount({ withContent }: { withContent: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const { translate } = useFieldErrors();
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const setPrice = useOrderFlow((state) => state.setPrice);
  const [codeInput, setCodeInput] = useState(draft.discountCode);
  /** A code the price answer called invalid: shown as an error and left out of the order. */
  const [rejected, setRejected] = useState<string | null>(null);
  const applied = draft.discountCode.trim();
  const body = toOrderWrite(draft, { step: 4, withContent });
  const price = useQuery({
    queryKey: ['prices', 'by_order', JSON.stringify(body.orderLines[0]?.services), draft.workFlow?.id, applied],
    queryFn: () => priceByOrder(api, body),
    retry: false,
  });
  useEffect(() => {
    if (!price.data) return;
    setPrice(price.data.price.amount);
    if (applied !== '' && price.data.discountCodeIsValid === false) {
      setRejected(applied);
      update({ discountCode: '' });
    }
  }, [price.data, setPrice, applied, update]);

  return (
    <Stack gap="sm" data-testid="order-price">
      {price.isPending ? (
        <Loader size="sm" aria-label={t('wizard.loading')} />
      ) : price.isError ? (
        <Alert color="red" role="alert">
          {translate(price.error.message)}
        </Alert>
      ) : (
        <>
          {price.data.price.components.map((component) => (
            <Group key={component.name} justify="space-between">
              <Text size="sm">
                {t(`priceParts.${component.name}`, { defaultValue: t(`services.${component.name}`) })}
              </Text>
              <Text size="sm">{formatMoney(component.amount + component.vat)}</Text>
            </Group>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('summary.total')}</Text>
            <Text fw={700} data-testid="order-total">
              {formatMoney(price.data.price.amount)}
            </Text>
          </Group>
          {price.data.price.indicative && (
            <Text size="sm" c="gray.8" data-testid="order-indicative">
              {t('summary.indicative')}
            </Text>
          )}
        </>
      )}
      <Group align="flex-end">
        <TextInput
          label={t('summary.discountCode')}
          value={codeInput}
          onChange={(event) => setCodeInput(event.currentTarget.value)}
          error={rejected ? t('summary.invalidCode') : undefined}
          data-testid="discount-code"
        />
        <Button
          variant="light"
          onClick={() => {
            setRejected(null);
            update({ discountCode: codeInput.trim() });
          }}
          data-testid="apply-discount"
        >
          {t('summary.apply')}
        </Button>
      </Group>
      <LoyaltyCodes applied={applied} onPick={setCodeInput} />
      {applied !== '' && price.data?.discountCodeIsValid === true && (
        <Text size="sm" c="green" role="status">
          {t('summary.discountApplied')}
        </Text>
      )}
    </Stack>
  );
}
