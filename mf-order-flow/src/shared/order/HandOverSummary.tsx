import type { ProductPlaces } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Text } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { workflowQuery } from './api';

/** Whether a transfer or receiving type is a place that can be picked (SPEC §3 options). */
export function needsLocation(type: string | null | undefined): boolean {
  return type === 'parcelMachine' || type === 'postOffice' || type === 'parcelMachinePostOffice';
}

/**
 * Whether a place must be picked: a parcel locker must be named; a post office need not be (any
 * post office takes the shipment, and the receiver's is the one serving their address).
 */
export function requiresLocation(type: string | null | undefined): boolean {
  return type === 'parcelMachine' || type === 'parcelMachinePostOffice';
}

/** A product's hand-over as a price answer names it. */
export interface ProductHandOver {
  '@id': string;
  transferType: string | null;
  receivingType: string | null;
}

/**
 * The places a product may use (issue 40: its networks), for the place pickers' filter; null
 * while its details load, or from an API before issue 40 (every place of the type is offered then).
 */
export function useProductPlaces(product: ProductHandOver): ProductPlaces | null {
  const { api } = usePlatform();
  const details = useQuery(workflowQuery(api, product['@id']));
  return Array.isArray(details.data?.transferNetworks)
    ? {
        transferType: product.transferType,
        receivingType: product.receivingType,
        transferNetworks: details.data?.transferNetworks ?? [],
        receivingNetworks: details.data?.receivingNetworks ?? [],
        countryCode: details.data?.country?.code ?? null,
      }
    : null;
}

/** "You hand it over: post office · The receiver gets it: parcel locker", as the product does it. */
export function HandOverSummary({ product }: { product: ProductHandOver }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Text size="sm">
      {t('shipment.transfer')}: <b>{t(`handover.${product.transferType ?? 'postOffice'}`)}</b> ·{' '}
      {t('shipment.receiving')}: <b>{t(`handover.${product.receivingType ?? 'atReceiverAddress'}`)}</b>
    </Text>
  );
}
