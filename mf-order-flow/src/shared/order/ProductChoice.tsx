import { formatMoney } from '@portal/shared-contracts';
import {
  describeDeliveryTime,
  describeSizeLimit,
  lockerSizeClass,
  type PriceByCountryAnswer,
  type PricedWorkFlow,
} from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Group, Loader, LockerSizePictogram, SegmentedControl, Stack, Text } from '@portal/shared-contracts/ui';
import { Radio } from '@portal/shared-contracts/ui/forms';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import type { ShipmentType } from './shipment-type';

/** Whether a priced product can be chosen (`orderable: false`: an indicative price the operator refuses). */
export function isSelectableProduct(product: PricedWorkFlow): boolean {
  return !product.priceOnRequest && product.price !== null && product.orderable !== false;
}

/**
 * The products the account may use for a destination and weight, as the price answer lists them
 * (name, price, delivery time, size limit), one to choose: the wizard's step 1 and the bulk
 * templates (issue 40 item 6) show the same list.
 */
export function ProductChoice({
  products,
  unpriced,
  chosenId,
  onChoose,
  translate,
  label,
}: {
  products: PricedWorkFlow[];
  unpriced: { message: string }[];
  chosenId: number | null;
  onChoose: (product: PricedWorkFlow) => void;
  /** The API's (or the client rules') English words in the interface language. */
  translate: (message: string) => string;
  /** The radio group's name for assistive technology; the wizard's "Product" by default. */
  label?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = usePlatform();
  if (products.length === 0) {
    return (
      <Alert color="yellow" role="status">
        {unpriced.length ? unpriced.map((item) => translate(item.message)).join(' ') : t('shipment.noProducts')}
      </Alert>
    );
  }
  return (
    <Radio.Group
      value={chosenId === null ? null : String(chosenId)}
      onChange={(id) => {
        const product = products.find((item) => String(item.id) === id);
        if (product) onChoose(product);
      }}
      aria-label={label ?? t('shipment.product')}
    >
      <Stack gap="xs">
        {products.map((product) => {
          const selectable = isSelectableProduct(product);
          return (
            <Radio
              key={product.id}
              value={String(product.id)}
              disabled={!selectable}
              data-testid={`product-${product.id}`}
              label={
                <Group gap="xs">
                  <Text size="sm">{product.label}</Text>
                  <Text size="sm" fw={600}>
                    {product.price && !product.priceOnRequest
                      ? formatMoney(product.price.amount)
                      : product.priceOnRequest
                        ? t('shipment.priceOnRequest')
                        : translate(product.message ?? 'No price found.')}
                  </Text>
                  {product.price?.indicative ? (
                    <Text size="xs" c="gray.8" data-testid="indicative">
                      {t('shipment.indicative')}
                    </Text>
                  ) : null}
                  {selectable ? (
                    <Text size="xs" data-testid={`delivery-days-${product.id}`}>
                      {describeDeliveryTime(product, locale)}
                    </Text>
                  ) : null}
                  <ProductSizeLimit product={product} />
                </Group>
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** The product's size limit in words (the shared rule), after the pictogram of a locker size class. */
function ProductSizeLimit({ product }: { product: PricedWorkFlow }) {
  const { locale } = usePlatform();
  const size = lockerSizeClass(product);
  return (
    <Group gap={4} wrap="nowrap" data-testid={`size-limit-${product.id}`}>
      {size ? <LockerSizePictogram size={size} /> : null}
      <Text size="xs">{describeSizeLimit(product, locale)}</Text>
    </Group>
  );
}

/** "What are you sending?": a parcel or a letter (the weight's unit follows). */
export function ShipmentTypeChoice({
  value,
  onChange,
}: {
  value: ShipmentType;
  onChange: (type: ShipmentType) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {t('shipment.type')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(type) => onChange(type === 'letter' ? 'letter' : 'parcel')}
        data={[
          { value: 'parcel', label: t('type.parcel') },
          { value: 'letter', label: t('type.letter') },
        ]}
      />
    </div>
  );
}

/**
 * The product list as the prices load: a hint until the destination and weight are known, then
 * the loader, the failure, or the products to choose from.
 */
export function PricedProducts({
  ready,
  hint,
  prices,
  ...choice
}: {
  /** The destination and weight are known (the prices are asked for). */
  ready: boolean;
  hint: string;
  prices: UseQueryResult<PriceByCountryAnswer>;
} & Omit<Parameters<typeof ProductChoice>[0], 'products' | 'unpriced'>) {
  const { t } = useTranslation(NAMESPACE);
  if (!ready) return <Text size="sm">{hint}</Text>;
  if (prices.isPending) return <Loader size="sm" aria-label={t('wizard.loading')} />;
  if (prices.isError) {
    return (
      <Alert color="red" role="alert">
        {t('shipment.pricesFailed')}
      </Alert>
    );
  }
  return <ProductChoice products={prices.data.workFlows} unpriced={prices.data.unpriced ?? []} {...choice} />;
}
