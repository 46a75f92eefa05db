import { FINISH_SELECTION_MESSAGE, normaliseDecimalInput, type Violation } from '@portal/shared-contracts';
import {
  type BulkField,
  type BulkReport,
  type BulkRow,
  NATURES_OF_TRANSACTION,
  type NatureOfTransaction,
  needsContentStep,
  placeFilterOf,
} from '@portal/shared-contracts/orders';
import type { PricedWorkFlow } from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, SimpleGrid, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CountrySelect } from '../../shared/countries';
import { HsCodePicker } from '../../shared/hs-codes';
import { pricesByCountryQuery, workflowQuery } from '../../shared/order/api';
import { CourierPickUpInputs } from '../../shared/order/CourierPickUpInputs';
import { HandOverSummary, needsLocation, useProductPlaces } from '../../shared/order/HandOverSummary';
import { LocationChooser } from '../../shared/order/LocationChooser';
import type { LocationChoice } from '../../shared/order/location-choice';
import { isSelectableProduct, PricedProducts, ShipmentTypeChoice } from '../../shared/order/ProductChoice';
import { COD_TYPE_OF_SERVICE, ServiceCheckboxes, toggleService } from '../../shared/order/ServiceCheckboxes';
import { senderOfProfile } from '../../shared/order/sender';
import { weightDecimals, weightUnit } from '../../shared/order/weight';
import {
  emptyChoices,
  SENDER_CELLS,
  type TemplateChoices,
  type TemplateSender,
  templateCells,
  templateGrams,
  templateProblems,
  templateViolations,
} from './template';

const CONTENT_FIELDS: readonly BulkField[] = ['contentName', 'contentHsCode', 'contentQuantity', 'contentValue'];
/** Every cell of the contents and customs: an eBay template gives only the origin and the nature. */
const CUSTOMS_FIELDS: readonly BulkField[] = [...CONTENT_FIELDS, 'contentOrigin', 'natureOfTransaction'];

/** A template's field errors, by the cell they concern, in the interface language. */
type TemplateErrors = Partial<Record<BulkField, string>>;

/**
 * One shipment template (issue 40 item 6) and what it needs: the choices, the errors beside its
 * fields (the template's own rules before sending, the server's problems after), and the cells.
 * `receiverCountries` lists the products for the receivers' most usual country.
 */
export function useShipmentTemplate(fields: readonly BulkField[], receiverCountries: readonly string[]) {
  const { t } = useTranslation(NAMESPACE);
  const { session, translateServerMessage } = usePlatform();
  const [choices, setChoices] = useState<TemplateChoices>(emptyChoices);
  const [errors, setErrors] = useState<TemplateErrors>({});
  const translate = useCallback(
    // The one client key the template uses is the wizard's; the rest are the API's English words.
    (message: string) =>
      message === FINISH_SELECTION_MESSAGE ? t(`errors.${message}`) : translateServerMessage(message),
    [t, translateServerMessage],
  );

  // The sender from the profile, as the wizard's step 2 prefills it, until the user types their own.
  useEffect(() => {
    const profile = senderOfProfile(session);
    if (!profile) return;
    const { addressLine, ...contact } = profile;
    setChoices((current) =>
      Object.values(current.sender).some((value) => value !== '')
        ? current
        : { ...current, sender: { ...current.sender, ...contact, addressLine } },
    );
  }, [session]);

  // The receivers' most usual country lists the products, unless the user chose another of theirs.
  const first = receiverCountries[0] ?? null;
  useEffect(() => {
    setChoices((current) =>
      current.countryCode !== null && receiverCountries.includes(current.countryCode)
        ? current
        : { ...current, countryCode: first },
    );
  }, [first, receiverCountries]);

  /** The cells every row gets, or null (with the errors beside the fields) when the template is incomplete. */
  const cells = (): BulkRow | null => {
    const refused = templateViolations(choices);
    setErrors(errorsOf(refused, translate));
    return refused.length > 0 ? null : templateCells(choices, fields);
  };
  /** The server's problems with the template's cells, beside its fields. */
  const showReport = (report: BulkReport) => {
    const problems = templateProblems(report, fields);
    setErrors(
      Object.fromEntries(
        [...problems].map(([field, { message, rows }]) => [
          field,
          `${translateServerMessage(message)} ${t('bulk.template.rows', { count: rows })}`,
        ]),
      ),
    );
  };
  return { choices, setChoices, errors, cells, showReport };
}

function errorsOf(violations: readonly Violation[], translate: (message: string) => string): TemplateErrors {
  return Object.fromEntries(violations.map((violation) => [violation.propertyPath, translate(violation.message)]));
}

/**
 * The wizard's own fields for a template: what is sent and where to (shipment type, weight in the
 * wizard's unit), the products the account may use there with their prices, the chosen product's
 * services and hand-over (a parcel locker or post office to hand over at, a courier's slot), the
 * sender from the profile and the contents where customs ask for them. Only the `fields` the
 * template fills are shown (the eBay sales bring their own contents).
 */
export function TemplateForm({
  fields,
  choices,
  onChange,
  errors,
  receiverCountries,
}: {
  fields: readonly BulkField[];
  choices: TemplateChoices;
  onChange: Dispatch<SetStateAction<TemplateChoices>>;
  errors: TemplateErrors;
  receiverCountries: readonly string[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api, translateServerMessage } = usePlatform();
  // The eBay sales' and a contact group's templates may be on the page together: ids of their own.
  const formId = useId();
  const grams = templateGrams(choices);
  const unit = weightUnit(choices.shipmentType);
  const set = (change: Partial<TemplateChoices>) => onChange((current) => ({ ...current, ...change }));

  const prices = useQuery(
    pricesByCountryQuery(api, { shipmentType: choices.shipmentType, countryCode: choices.countryCode, weight: grams }),
  );
  const choose = useCallback(
    (product: PricedWorkFlow | null) =>
      onChange((current) =>
        current.product?.id === product?.id
          ? { ...current, product }
          : {
              ...current,
              product,
              // Another product offers other services and hands over elsewhere (as in the wizard).
              services: [],
              transferLocation:
                current.product?.transferType === product?.transferType ? current.transferLocation : null,
            },
      ),
    [onChange],
  );
  // New prices (another weight, type or country): the product stays only while it is still offered.
  useEffect(() => {
    if (!prices.data) return;
    const offered = prices.data.workFlows.filter(isSelectableProduct);
    onChange((current) => {
      if (current.product === null) return current;
      const kept = offered.find((product) => product.id === current.product?.id) ?? null;
      return kept ? { ...current, product: kept } : { ...current, product: null, services: [], transferLocation: null };
    });
  }, [prices.data, onChange]);

  const shows = (field: BulkField) => fields.includes(field);
  const product = choices.product;
  const withContent =
    CUSTOMS_FIELDS.some(shows) &&
    needsContentStep({
      shipmentType: choices.shipmentType,
      countryCode: choices.countryCode,
      additionalServices: choices.services,
    });
  const placed = new Set<BulkField>([
    'product',
    'weight',
    ...(product ? (['services', 'insurance'] as const) : []),
    ...(product && needsLocation(product.transferType) ? (['transferLocation'] as const) : []),
    ...(product?.transferType === 'courier' ? (['pickUpDate', 'pickUpFrom', 'pickUpTill'] as const) : []),
    ...Object.values(SENDER_CELLS),
    ...(withContent ? CUSTOMS_FIELDS : []),
  ]);
  // A problem no field here shows (a size, a place the product no longer uses) is said above them.
  const unplaced = Object.entries(errors).filter(([field]) => !placed.has(field as BulkField));

  return (
    <Stack gap="md" data-testid="template-form">
      {unplaced.length > 0 && (
        <Alert color="red" role="alert" data-testid="template-problems">
          {unplaced.map(([, message]) => message).join(' ')}
        </Alert>
      )}
      <ShipmentTypeChoice
        value={choices.shipmentType}
        onChange={(shipmentType) => set({ shipmentType, weightText: '' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountrySelect
          label={t('bulk.template.productsFor')}
          value={choices.countryCode}
          onChange={(countryCode) => set({ countryCode })}
          only={receiverCountries.length > 0 ? receiverCountries : undefined}
          data-testid="template-country"
        />
        <TextInput
          label={t(`shipment.weight.${unit}`)}
          value={choices.weightText}
          inputMode="decimal"
          required
          onChange={(event) =>
            set({ weightText: normaliseDecimalInput(event.currentTarget.value, weightDecimals(choices.shipmentType)) })
          }
          error={errors.weight}
          data-testid="template-weight"
        />
      </SimpleGrid>
      {receiverCountries.length > 1 && (
        <Text size="sm" data-testid="template-other-countries">
          {t('bulk.template.otherCountries')}
        </Text>
      )}

      <Fieldset legend={t('shipment.product')} data-testid="template-products">
        <PricedProducts
          ready={Boolean(choices.countryCode) && grams !== null}
          hint={t('bulk.template.productHint')}
          prices={prices}
          chosenId={product?.id ?? null}
          onChoose={choose}
          translate={translateServerMessage}
        />
        {errors.product && (
          <Text c="red" size="sm" role="alert" mt="xs" data-testid="template-product-error">
            {errors.product}
          </Text>
        )}
      </Fieldset>

      {product && <TemplateServices product={product} choices={choices} onChange={onChange} errors={errors} />}
      {product && (
        <TemplateHandOver
          product={product}
          choices={choices}
          onChange={onChange}
          errors={errors}
          requestId={`template-transfer${formId}`}
        />
      )}
      <TemplateSenderFields sender={choices.sender} onChange={(sender) => set({ sender })} errors={errors} />
      {withContent && <TemplateContents fields={fields} choices={choices} onChange={onChange} errors={errors} />}
    </Stack>
  );
}

interface PartProps {
  choices: TemplateChoices;
  onChange: Dispatch<SetStateAction<TemplateChoices>>;
  errors: TemplateErrors;
}

/**
 * The chosen product's services (the wizard's checkboxes). Cash on delivery is left out: the
 * shipments file has no column for its amount, so a template cannot give one.
 */
function TemplateServices({ product, choices, onChange, errors }: PartProps & { product: PricedWorkFlow }) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const details = useQuery(workflowQuery(api, product['@id']));
  const options = useMemo(
    () =>
      (details.data?.serviceOptions ?? []).filter(
        (option) => COD_TYPE_OF_SERVICE[option.name as keyof typeof COD_TYPE_OF_SERVICE] === undefined,
      ),
    [details.data],
  );
  if (options.length === 0) return null;
  return (
    <Fieldset legend={t('shipment.services')} data-testid="template-services">
      <Stack gap="xs">
        <ServiceCheckboxes
          options={options}
          selected={choices.services}
          onToggle={(name, on) =>
            onChange((current) => ({ ...current, services: toggleService(current.services, name, on) }))
          }
        />
        {errors.services && (
          <Text c="red" size="sm" role="alert">
            {errors.services}
          </Text>
        )}
        {choices.services.includes('insurance') && (
          <TextInput
            label={t('shipment.insuranceAmount')}
            value={choices.insuranceEur}
            inputMode="numeric"
            onChange={(event) => {
              const insuranceEur = normaliseDecimalInput(event.currentTarget.value, 0);
              onChange((current) => ({ ...current, insuranceEur }));
            }}
            error={errors.insurance}
            data-testid="template-insurance"
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * Where the shipments are handed over, as the product does it: a parcel locker or post office of
 * its network (optional, as in the wizard: any will do), or the courier's slot. The receivers'
 * places are each contact's own: a row without one is listed to fix after preparing.
 */
function TemplateHandOver({
  product,
  choices,
  onChange,
  errors,
  requestId,
}: PartProps & { product: PricedWorkFlow; requestId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const places = useProductPlaces(product);
  const setTransfer = useCallback(
    (transferLocation: LocationChoice | null) => onChange((current) => ({ ...current, transferLocation })),
    [onChange],
  );
  return (
    <Stack gap="md">
      <HandOverSummary product={product} />
      {needsLocation(product.transferType) && (
        <LocationChooser
          requestId={requestId}
          option={product.transferType ?? ''}
          countryCode="LV"
          value={choices.transferLocation}
          onChange={setTransfer}
          label={t('shipment.transferLocation')}
          optional
          placeRole="transfer"
          placeFilter={places ? placeFilterOf(places, 'transfer') : undefined}
          error={errors.transferLocation}
        />
      )}
      {product.transferType === 'courier' && (
        <CourierPickUpInputs
          pickUp={choices.pickUp}
          onChange={(change) => onChange((current) => ({ ...current, pickUp: { ...current.pickUp, ...change } }))}
          senderPostCode={choices.sender.postCode}
          errors={{ date: errors.pickUpDate, from: errors.pickUpFrom, till: errors.pickUpTill }}
          withComment={false}
        />
      )}
      {needsLocation(product.receivingType) && (
        <Text size="sm" data-testid="template-receiver-place">
          {t('bulk.template.receiverPlace')}
        </Text>
      )}
    </Stack>
  );
}

/** The sender as the wizard asks for it (Latvia), prefilled from the profile. */
function TemplateSenderFields({
  sender,
  onChange,
  errors,
}: {
  sender: TemplateSender;
  onChange: (sender: TemplateSender) => void;
  errors: TemplateErrors;
}) {
  const { t } = useTranslation(NAMESPACE);
  const input = (field: keyof TemplateSender, label: string, extra: object = {}) => ({
    label,
    name: `template.sender.${field}`,
    value: sender[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...sender, [field]: event.currentTarget.value }),
    error: errors[SENDER_CELLS[field]],
    ...extra,
  });
  return (
    <Fieldset legend={t('party.sender')} data-testid="template-sender">
      <Stack gap="sm">
        <TextInput required {...input('name', t('party.name'))} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...input('phonePrefix', t('party.phonePrefix'), { leftSection: '+', inputMode: 'numeric' })} />
          <TextInput required {...input('phone', t('party.phone'), { inputMode: 'tel' })} />
        </SimpleGrid>
        <TextInput {...input('email', t('party.email'), { type: 'email' })} />
        <CountrySelect label={t('party.country')} value="LV" onChange={() => {}} only={['LV']} />
        <TextInput required {...input('addressLine', t('party.addressLine'))} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput required {...input('city', t('party.city'))} />
          <TextInput {...input('postCode', t('party.postCode'), { placeholder: 'LV-1000' })} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/**
 * What customs ask where the wizard asks it (a parcel leaving the EU, or a service that depends on
 * the value): one item for every shipment, as a row of the file holds one; eBay sales bring their
 * own items, so only the origin and the nature of the transaction are asked for them.
 */
function TemplateContents({ fields, choices, onChange, errors }: PartProps & { fields: readonly BulkField[] }) {
  const { t } = useTranslation(NAMESPACE);
  const content = choices.content;
  const setContent = (change: Partial<TemplateChoices['content']>) =>
    onChange((current) => ({ ...current, content: { ...current.content, ...change } }));
  const text = (field: 'name' | 'quantity' | 'valueEur', cell: BulkField, label: string, decimals?: number) => (
    <TextInput
      label={label}
      value={content[field]}
      inputMode={decimals === undefined ? undefined : 'decimal'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setContent({ [field]: decimals === undefined ? value : normaliseDecimalInput(value, decimals) });
      }}
      error={errors[cell]}
    />
  );
  const ownItems = fields.includes('contentName');
  return (
    <Fieldset legend={t('bulk.template.contents')} data-testid="template-contents">
      <Stack gap="sm">
        {ownItems && (
          <>
            {text('name', 'contentName', t('content.name'))}
            <HsCodePicker
              label={t('content.hsCode')}
              value={content.hsCode}
              onChange={(hsCode) => setContent({ hsCode })}
              error={errors.contentHsCode}
              data-testid="template-hs-code"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('quantity', 'contentQuantity', t('content.quantity'), 0)}
              {text('valueEur', 'contentValue', t('content.value'), 2)}
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CountrySelect
            label={t('content.origin')}
            value={content.origin}
            onChange={(origin) => setContent({ origin })}
            error={errors.contentOrigin}
          />
          <Select
            label={t('customs.nature')}
            data={NATURES_OF_TRANSACTION.map((value) => ({ value, label: t(`customs.natures.${value}`) }))}
            value={choices.natureOfTransaction}
            onChange={(value) =>
              onChange((current) => ({ ...current, natureOfTransaction: value as NatureOfTransaction | null }))
            }
            clearable
            error={errors.natureOfTransaction}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
