import {
  type AdditionalServiceName,
  CASH_ON_DELIVERY_SERVICE,
  type CashOnDeliveryType,
} from '@portal/shared-contracts/pricing';
import { Checkbox } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** The cash-on-delivery variant a service is, if it is one. */
export const COD_TYPE_OF_SERVICE = Object.fromEntries(
  Object.entries(CASH_ON_DELIVERY_SERVICE).map(([type, service]) => [service, type as CashOnDeliveryType]),
) as Partial<Record<AdditionalServiceName, CashOnDeliveryType>>;

/** The services after ticking or unticking one: one cash-on-delivery variant at a time. */
export function toggleService(
  selected: readonly AdditionalServiceName[],
  name: AdditionalServiceName,
  on: boolean,
): AdditionalServiceName[] {
  const codType = COD_TYPE_OF_SERVICE[name];
  const without = selected.filter(
    (service) => service !== name && (codType === undefined || COD_TYPE_OF_SERVICE[service] === undefined),
  );
  return on ? [...without, name] : without;
}

/** One service a product offers (its workflow's `serviceOptions`); a placeholder has no price yet. */
export interface ServiceOption {
  name: string;
  placeholder?: boolean | null;
}

/**
 * The additional services of the chosen product, one checkbox each in the wizard's words; those
 * without a price cannot be ticked. Shared by the wizard's step 1 and the bulk templates.
 */
export function ServiceCheckboxes({
  options,
  selected,
  onToggle,
}: {
  options: readonly ServiceOption[];
  selected: readonly AdditionalServiceName[];
  onToggle: (name: AdditionalServiceName, on: boolean) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return options.map((option) => {
    const name = option.name as AdditionalServiceName;
    return (
      <Checkbox
        key={name}
        label={
          option.placeholder ? `${t(`services.${name}`)} (${t('shipment.priceOnRequest')})` : t(`services.${name}`)
        }
        checked={selected.includes(name)}
        disabled={option.placeholder === true}
        onChange={(event) => onToggle(name, event.currentTarget.checked)}
      />
    );
  });
}
