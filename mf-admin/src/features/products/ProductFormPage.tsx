import { fieldErrorsOf } from '@portal/shared-contracts';
import {
  type AdminWorkflow,
  WORKFLOW_ZONES,
  workflowCreateViolations,
  workflowWriteViolations,
} from '@portal/shared-contracts/admin';
import {
  ADDITIONAL_SERVICES,
  HANDOVER_TYPES,
  SHIPMENT_SIZE_TYPES,
  SHIPMENT_SUB_TYPES,
  SHIPMENT_TYPES,
} from '@portal/shared-contracts/pricing';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { MultiSelect, Select } from '@portal/shared-contracts/ui/overlays';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { byPath, useAdminProduct, useCreateProduct, useNetworkOperators, useUpdateProduct } from './api';
import { ProductBreadcrumbs } from './Breadcrumbs';
import {
  dbDate,
  EMPTY_PRODUCT,
  emptyStep,
  type ProductValues,
  productValues,
  type StepValues,
  toSteps,
  toWrite,
} from './form-values';
import { READABLE, StepsEditor } from './StepsEditor';

/** `/admin/work_flows/create` and `/admin/work_flows/edit/:id`. */
export default function ProductFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useAdminProduct(id);
  if (id !== undefined && existing.isPending) return <Loader aria-label={t('loading')} />;
  if (id !== undefined && (existing.isError || !existing.data)) {
    return <Alert color="red">{t('products.loadFailed')}</Alert>;
  }
  // Keyed so that the form starts again from the stored values after another product is opened.
  return <ProductForm key={id ?? 'new'} product={existing.data} />;
}

function ProductForm({ product }: { product?: AdminWorkflow }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [values, setValues] = useState<ProductValues>(product ? productValues(product) : EMPTY_PRODUCT);
  const [seedKey, setSeedKey] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [steps, setSteps] = useState<StepValues[]>([emptyStep()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);

  const errorOf = (path: string) => (errors[path] ? translateServerMessage(errors[path]) : undefined);
  const text = (
    name: Exclude<keyof ProductValues, 'isActive' | 'serviceOptions' | 'transferNetworks' | 'receivingNetworks'>,
  ) => ({
    ...READABLE,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  const knownOperators = useNetworkOperators().data ?? [];
  const networks = (name: 'transferNetworks' | 'receivingNetworks') => ({
    ...READABLE,
    data: [...new Set([...knownOperators, ...values[name]])],
    value: values[name],
    error: errorOf(name),
    searchable: true,
    onChange: (chosen: string[]) => setValues((current) => ({ ...current, [name]: chosen })),
  });
  const choice = (name: keyof ProductValues, options: readonly string[], label: (value: string) => string) => ({
    ...READABLE,
    data: options.map((value) => ({ value, label: label(value) })),
    value: (values[name] as string) || null,
    error: errorOf(name),
    onChange: (value: string | null) => setValues((current) => ({ ...current, [name]: value ?? '' })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const write = toWrite(values);
    const date = dbDate(validFrom);
    const body = product
      ? write
      : { ...write, seedKey, tariff: { validFrom: date ?? '', weightCosts: toSteps(steps) } };
    // The same rules as the API (shared-contracts): the messages show before anything is sent.
    const found = byPath(product ? workflowWriteViolations(body) : workflowCreateViolations(body));
    if (!product && date === null) found['tariff.validFrom'] = t('products.errors.date');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = product
        ? await update.mutateAsync(write)
        : await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      notify('success', t(product ? 'products.saved' : 'products.created', { name: saved.label }));
      navigate(`/admin/work_flows/show/${saved.id}`);
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('products.saveFailed'));
    }
  };

  const title = product ? t('pages.workflowEdit') : t('pages.workflowCreate');
  return (
    <Stack gap="md" maw={760}>
      <ProductBreadcrumbs
        trail={
          product
            ? [{ label: product.label, to: `/admin/work_flows/show/${product.id}` }, { label: t('products.edit') }]
            : [{ label: title }]
        }
      />
      <PageHeading>{title}</PageHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!product && (
            <TextInput
              {...READABLE}
              label={t('products.fields.seedKey')}
              description={t('products.fields.seedKeyHint')}
              value={seedKey}
              error={errorOf('seedKey')}
              onChange={(event) => setSeedKey(event.currentTarget.value)}
            />
          )}
          <Checkbox
            label={t('products.fields.isActive')}
            checked={values.isActive}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, isActive: checked }));
            }}
          />
          <TextInput label={t('products.fields.label')} {...text('label')} />
          <TextInput label={t('products.fields.labelLv')} {...text('labelLv')} />
          <Group grow align="start">
            <Select
              label={t('products.fields.shipmentType')}
              {...choice('shipmentType', SHIPMENT_TYPES, (value) => t(`products.types.${value}`))}
            />
            <Select
              label={t('products.fields.shipmentSubType')}
              {...choice('shipmentSubType', SHIPMENT_SUB_TYPES, (value) => value)}
            />
            <Select
              label={t('products.fields.shipmentSizeType')}
              clearable
              {...choice('shipmentSizeType', SHIPMENT_SIZE_TYPES, (value) => value.toUpperCase())}
            />
          </Group>
          <Group grow align="start">
            <TextInput
              label={t('products.fields.countryCode')}
              description={t('products.fields.countryCodeHint')}
              maxLength={2}
              {...text('countryCode')}
            />
            <Select
              label={t('products.fields.zone')}
              {...choice('zone', WORKFLOW_ZONES, (value) => t(`products.zones.${value}`))}
            />
          </Group>
          <Group grow align="start">
            <Select
              label={t('products.fields.transferType')}
              clearable
              {...choice('transferType', HANDOVER_TYPES, (value) => t(`products.handover.${value}`))}
            />
            <Select
              label={t('products.fields.receivingType')}
              clearable
              {...choice('receivingType', HANDOVER_TYPES, (value) => t(`products.handover.${value}`))}
            />
          </Group>
          <Group grow align="start">
            <MultiSelect
              label={t('products.fields.transferNetworks')}
              description={t('products.fields.networksHint')}
              {...networks('transferNetworks')}
            />
            <MultiSelect
              label={t('products.fields.receivingNetworks')}
              description={t('products.fields.networksHint')}
              {...networks('receivingNetworks')}
            />
          </Group>
          <Group grow align="start">
            <TextInput label={t('products.fields.maxWeight')} inputMode="numeric" {...text('maxWeight')} />
            <TextInput
              label={t('products.fields.deliveryDays')}
              description={t('products.fields.deliveryDaysHint')}
              inputMode="numeric"
              {...text('deliveryDays')}
            />
          </Group>
          <MultiSelect
            {...READABLE}
            label={t('products.fields.serviceOptions')}
            description={t('products.fields.serviceOptionsHint')}
            data={[...ADDITIONAL_SERVICES]}
            value={values.serviceOptions}
            error={errorOf('serviceOptions')}
            onChange={(serviceOptions) => setValues((current) => ({ ...current, serviceOptions }))}
          />
          {!product && (
            <>
              <Title order={2} size="h4">
                {t('products.firstTariff')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('products.firstTariffHint')}
              </Text>
              <TextInput
                {...READABLE}
                label={t('products.fields.validFrom')}
                placeholder="DD.MM.YYYY"
                value={validFrom}
                error={errorOf('tariff.validFrom')}
                onChange={(event) => setValidFrom(event.currentTarget.value)}
              />
              <StepsEditor rows={steps} onChange={setSteps} errorOf={errorOf} path="tariff.weightCosts" />
            </>
          )}
          <Group>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {product ? t('products.save') : t('products.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
