import { normaliseDecimalInput, type Violation } from '@portal/shared-contracts';
import { placeFilterOf } from '@portal/shared-contracts/orders';
import type { AdditionalServiceName, PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { useNavigate } from '@portal/shared-contracts/router';
import { Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';
import { CountrySelect } from '../../../../shared/countries';
import { pricesByCountryQuery, workflowQuery } from '../../../../shared/order/api';
import { HandOverSummary, useProductPlaces } from '../../../../shared/order/HandOverSummary';
import { LocationChooser } from '../../../../shared/order/LocationChooser';
import { isSelectableProduct, PricedProducts, ShipmentTypeChoice } from '../../../../shared/order/ProductChoice';
import { COD_TYPE_OF_SERVICE, ServiceCheckboxes, toggleService } from '../../../../shared/order/ServiceCheckboxes';
import { WEIGHT_NOT_POSITIVE_MESSAGE } from '../../../../shared/order/weight';
import { useFieldErrors } from '../../hooks/use-field-errors';
import { useOrderActions } from '../../hooks/use-order-actions';
import type { StepName } from '../../hooks/use-steps';
import {
  type ChosenWorkFlow,
  type LocationChoice,
  needsLocation,
  requiresLocation,
  weightDecimals,
  weightGrams,
  weightUnit,
} from '../../model';
import { pendingWorkFlow, useOrderFlow } from '../../store';
import { CHOOSE_LOCATION_MESSAGE, FINISH_SELECTION_MESSAGE } from '../../violations';
import { StepButtons } from '../StepButtons';
import { COURIER_PICK_UP_PATHS, CourierPickUpFields } from './CourierPickUpFields';
import { InsurancePrice } from './InsurancePrice';

const LINE = 'orderLines[0]';
const PATHS = {
  country: `${LINE}.attributes.countryCode`,
  weight: `${LINE}.attributes.weight`,
  workFlow: `${LINE}.workFlow`,
  services: `${LINE}.attributes.additionalServices`,
  insurance: `${LINE}.services.insurance.amount`,
  insuranceService: `${LINE}.services.insurance`,
  cashOnDelivery: `${LINE}.services.cashOnDelivery.amount`,
  transferLocation: `${LINE}.attributes.transferLocationId`,
  receiverLocation: `${LINE}.receiver.address.serviceLocationId`,
  pickUpDate: COURIER_PICK_UP_PATHS.date,
  pickUpFrom: COURIER_PICK_UP_PATHS.from,
  pickUpTill: COURIER_PICK_UP_PATHS.till,
  pickUpComment: COURIER_PICK_UP_PATHS.comment,
} as const;

/** Step 1, create shipment (SPEC §2): destination, weight, product and price, services, hand-over places. */
export default function ShipmentStep({ steps }: { steps: StepName[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const navigate = useNavigate();
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const setPrice = useOrderFlow((state) => state.setPrice);
  const { errorFor, translate } = useFieldErrors();
  const { next, busy } = useOrderActions();
  const grams = weightGrams(draft);
  const unit = weightUnit(draft.shipmentType);

  const prices = useQuery(
    pricesByCountryQuery(api, { shipmentType: draft.shipmentType, countryCode: draft.countryCode, weight: grams }),
  );

  const choose = useCallback(
    (product: PricedWorkFlow | null) => {
      const chosen: ChosenWorkFlow | null = product && {
        '@id': product['@id'],
        id: product.id,
        label: product.label,
        shipmentSubType: product.shipmentSubType,
        shipmentSizeType: product.shipmentSizeType,
        transferType: product.transferType,
        receivingType: product.receivingType,
        deliveryDays: product.deliveryDays,
        maxWeight: product.maxWeight,
      };
      update((current) => ({
        workFlow: chosen,
        // Another product offers other services and hand-over places.
        ...(current.workFlow?.id !== chosen?.id
          ? {
              additionalServices: [],
              cashOnDeliveryType: null,
              transferLocation:
                current.workFlow?.transferType === chosen?.transferType ? current.transferLocation : null,
              receiverLocation:
                current.workFlow?.receivingType === chosen?.receivingType ? current.receiverLocation : null,
            }
          : {}),
      }));
      setPrice(product?.price?.amount ?? null);
    },
    [update, setPrice],
  );

  // New prices (another weight or country): keep the product only if it is still offered with a price;
  // choose the one the calculator handed over once it is there.
  useEffect(() => {
    if (!prices.data) return;
    const wanted = pendingWorkFlow.take();
    const selectable = prices.data.workFlows.filter(isSelectableProduct);
    const current = useOrderFlow.getState().draft.workFlow;
    const keep = selectable.find((product) => product.id === (wanted ?? current?.id));
    if (keep) choose(keep);
    else if (current) choose(null);
  }, [prices.data, choose]);

  const onNext = () => void next({ steps, current: 'shipment' }, shipmentClientViolations(draft, grams));

  return (
    <Stack gap="md">
      <ShipmentTypeChoice
        value={draft.shipmentType}
        onChange={(type) =>
          navigate(`/orders/${type}${draft.countryCode ? `?country=${encodeURIComponent(draft.countryCode)}` : ''}`)
        }
      />
      <Group grow align="flex-start">
        <CountrySelect
          label={t('shipment.country')}
          value={draft.countryCode}
          onChange={(countryCode) => update({ countryCode })}
          error={errorFor(PATHS.country)}
          required
          data-testid="destination-country"
        />
        <TextInput
          label={t(`shipment.weight.${unit}`)}
          value={draft.weightText}
          inputMode="decimal"
          required
          onChange={(event) =>
            update({ weightText: normaliseDecimalInput(event.currentTarget.value, weightDecimals(draft.shipmentType)) })
          }
          error={errorFor(PATHS.weight)}
          data-testid="shipment-weight"
        />
      </Group>

      <Fieldset legend={t('shipment.product')} data-testid="products">
        <PricedProducts
          ready={Boolean(draft.countryCode) && grams !== null}
          hint={t('shipment.productHint')}
          prices={prices}
          chosenId={draft.workFlow?.id ?? null}
          onChoose={choose}
          translate={translate}
        />
        {errorFor(PATHS.workFlow) && (
          <Text c="red" size="sm" role="alert" mt="xs">
            {errorFor(PATHS.workFlow)}
          </Text>
        )}
      </Fieldset>

      {draft.workFlow && <ServicesChoice workFlow={draft.workFlow} />}
      {draft.workFlow && <HandOver workFlow={draft.workFlow} />}

      <StepButtons steps={steps} current="shipment" shownPaths={Object.values(PATHS)} onNext={onNext} busy={busy} />
    </Stack>
  );
}

/** Additional services the product offers (its `serviceOptions`); those without a price cannot be chosen. */
function ServicesChoice({ workFlow }: { workFlow: ChosenWorkFlow }) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const { errorFor } = useFieldErrors();
  const details = useQuery(workflowQuery(api, workFlow['@id']));
  const options = details.data?.serviceOptions ?? [];
  if (options.length === 0) return null;

  const toggle = (name: AdditionalServiceName, on: boolean) =>
    update((current) => {
      const codType = COD_TYPE_OF_SERVICE[name];
      return {
        additionalServices: toggleService(current.additionalServices, name, on),
        ...(codType !== undefined ? { cashOnDeliveryType: on ? codType : null } : {}),
      };
    });

  const insured = draft.additionalServices.includes('insurance');
  return (
    <Fieldset legend={t('shipment.services')} data-testid="services">
      <Stack gap="xs">
        <ServiceCheckboxes options={options} selected={draft.additionalServices} onToggle={toggle} />
        {insured && (
          <TextInput
            label={t('shipment.insuranceAmount')}
            value={draft.insuranceEur}
            inputMode="numeric"
            onChange={(event) => update({ insuranceEur: normaliseDecimalInput(event.currentTarget.value, 0) })}
            error={errorFor(PATHS.insurance) ?? errorFor(PATHS.insuranceService)}
            data-testid="insurance-amount"
          />
        )}
        {insured && <InsurancePrice />}
        {draft.cashOnDeliveryType && (
          <TextInput
            label={t('shipment.cashOnDeliveryAmount')}
            value={draft.cashOnDeliveryEur}
            inputMode="decimal"
            onChange={(event) => update({ cashOnDeliveryEur: normaliseDecimalInput(event.currentTarget.value, 2) })}
            error={errorFor(PATHS.cashOnDelivery)}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** Transfer and receiving options (SPEC §3): places to pick, or the courier's pick-up time. */
function HandOver({ workFlow }: { workFlow: ChosenWorkFlow }) {
  const { t } = useTranslation(NAMESPACE);
  // The product's networks (issue 40): the pickers offer only the places it may use.
  const product = useProductPlaces(workFlow);
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const { errorFor } = useFieldErrors();
  const setTransfer = useCallback((transferLocation: LocationChoice | null) => update({ transferLocation }), [update]);
  const setReceiver = useCallback((receiverLocation: LocationChoice | null) => update({ receiverLocation }), [update]);
  return (
    <Stack gap="md">
      <HandOverSummary product={workFlow} />
      {needsLocation(workFlow.transferType) && (
        <LocationChooser
          requestId="transfer"
          option={workFlow.transferType ?? ''}
          countryCode="LV"
          value={draft.transferLocation}
          onChange={setTransfer}
          label={t('shipment.transferLocation')}
          // Any place of the product's network that accepts parcels will do (issue 40): naming one is optional.
          optional
          placeFilter={product ? placeFilterOf(product, 'transfer') : undefined}
          error={errorFor(PATHS.transferLocation)}
        />
      )}
      {workFlow.transferType === 'courier' && <CourierPickUpFields />}
      {needsLocation(workFlow.receivingType) && (
        <LocationChooser
          requestId="receiver"
          option={workFlow.receivingType ?? ''}
          countryCode={draft.countryCode}
          value={draft.receiverLocation}
          onChange={setReceiver}
          label={t('shipment.receiverLocation')}
          optional={!requiresLocation(workFlow.receivingType)}
          placeFilter={product ? placeFilterOf(product, 'receiving') : undefined}
          error={errorFor(PATHS.receiverLocation)}
        />
      )}
    </Stack>
  );
}

const NOT_BLANK = 'This value should not be blank.';

/** What step 1 checks before asking the server: the fields the price and the hand-over need. */
export function shipmentClientViolations(
  draft: ReturnType<typeof useOrderFlow.getState>['draft'],
  grams: number | null,
): Violation[] {
  const found: Violation[] = [];
  if (!draft.countryCode) found.push({ propertyPath: PATHS.country, message: NOT_BLANK });
  if (grams === null) found.push({ propertyPath: PATHS.weight, message: WEIGHT_NOT_POSITIVE_MESSAGE });
  if (!draft.workFlow) {
    found.push({ propertyPath: PATHS.workFlow, message: FINISH_SELECTION_MESSAGE });
    return found;
  }
  if (requiresLocation(draft.workFlow.receivingType) && !draft.receiverLocation) {
    found.push({ propertyPath: PATHS.receiverLocation, message: CHOOSE_LOCATION_MESSAGE });
  }
  if (draft.additionalServices.includes('insurance') && draft.insuranceEur.trim() === '') {
    found.push({ propertyPath: PATHS.insurance, message: 'Insurance is selected without a value.' });
  }
  return found;
}
