import { formatMoney } from '@portal/shared-contracts';
import type { PriceByOrderAnswer } from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { Loader, Text } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';
import { useDebounced } from '../../../../shared/hs-codes/use-debounced';
import { priceByOrder } from '../../../../shared/order/api';
import { eurToCents, toOrderWrite } from '../../model';
import { useOrderFlow } from '../../store';

/** Typing pauses this long before the price call goes out. */
export const INSURANCE_PRICE_DELAY_MS = 300;

/** The insurance part of a priced order (VAT included), or null when the answer has none. */
export function insuranceCost(answer: PriceByOrderAnswer): number | null {
  const components = answer.orderLines[0]?.price.components ?? answer.price.components;
  const insurance = components.find((component) => component.name === 'insurance');
  return insurance ? insurance.amount + insurance.vat : null;
}

/**
 * The price of the insurance service beside the insured amount (issue 21: it appeared only at the
 * summary), from the same price call the summary makes (POST /api/prices/by_order) as soon as an
 * amount is entered. Nothing is shown while the amount is empty or the API refuses it: the
 * field's own error says why when the step is checked.
 */
export function InsurancePrice() {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const draft = useOrderFlow((state) => state.draft);
  const amountText = useDebounced(draft.insuranceEur, INSURANCE_PRICE_DELAY_MS);
  const amount = eurToCents(amountText);
  const line = toOrderWrite({ ...draft, insuranceEur: amountText }, { step: 1, withContent: false }).orderLines[0];
  const ready =
    amount !== null && amount > 0 && draft.workFlow !== null && !!line?.attributes?.weight && !!draft.countryCode;
  const price = useQuery({
    queryKey: [
      'prices',
      'insurance',
      draft.workFlow?.id,
      line?.attributes?.weight,
      draft.countryCode,
      draft.additionalServices.join(','),
      amount,
      JSON.stringify(line?.services?.cashOnDelivery ?? null),
    ],
    queryFn: () => priceByOrder(api, { orderLines: line ? [line] : [] }),
    enabled: ready,
    retry: false,
    staleTime: 60_000,
  });
  if (!ready) return null;
  if (price.isPending) return <Loader size="xs" aria-label={t('wizard.loading')} />;
  const cost = price.data ? insuranceCost(price.data) : null;
  if (cost === null) return null;
  return (
    <Text size="sm" data-testid="insurance-price" aria-live="polite">
      {t('shipment.insurancePrice', { price: formatMoney(cost) })}
    </Text>
  );
}
