import { ApplicationError } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { useNavigate } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { useCreateOrder, useProducts } from './api';

const FIELDS = [
  'account',
  'workFlow',
  'countryCode',
  'weight',
  'name',
  'phone',
  'addressLine',
  'city',
  'postCode',
] as const;
type Field = (typeof FIELDS)[number];

/** Where the API reports each field's violations. */
const PATHS: Record<Field, string> = {
  account: 'account',
  workFlow: 'orderLines[0].workFlow',
  countryCode: 'orderLines[0].attributes.countryCode',
  weight: 'orderLines[0].attributes.weight',
  name: 'orderLines[0].receiver.name',
  phone: 'orderLines[0].receiver.phone',
  addressLine: 'orderLines[0].receiver.address.addressLine',
  city: 'orderLines[0].receiver.address.city',
  postCode: 'orderLines[0].receiver.address.postCode',
};

/**
 * `/admin/orders/create` (issue 14 item 3): an agent starts an order in a client's account (one
 * shipment: product, destination, weight, receiver). It is saved as the client's unpaid draft,
 * checked and priced by the API with the client's rules; the client completes and pays it in the
 * portal, where it is listed among their orders. The audit trail records the agent.
 */
export default function OrderCreatePage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const products = useProducts();
  const create = useCreateOrder();
  const [values, setValues] = useState<Record<Field, string>>({
    account: '',
    workFlow: '',
    countryCode: 'LV',
    weight: '',
    name: '',
    phone: '',
    addressLine: '',
    city: '',
    postCode: '',
  });
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string>>>({});
  const violations =
    create.error instanceof ApplicationError
      ? Object.fromEntries(create.error.violations.map((violation) => [violation.propertyPath, violation.message]))
      : {};
  const errorOf = (field: Field) => localErrors[field] ?? violations[PATHS[field]];
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!/^\d{1,9}$/.test(values.account.trim())) errors.account = t('orders.errors.account');
    if (!values.workFlow) errors.workFlow = t('orders.errors.product');
    if (!/^\d+$/.test(values.weight.trim())) errors.weight = t('orders.errors.weight');
    if (!/^[A-Za-z]{2}$/.test(values.countryCode.trim())) errors.countryCode = t('orders.errors.country');
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const text = (field: Field) => values[field].trim() || null;
    create.mutate(
      {
        account: `/api/accounts/${values.account.trim()}`,
        step: 1,
        orderLines: [
          {
            workFlow: values.workFlow,
            attributes: { weight: Number(values.weight.trim()), countryCode: values.countryCode.trim().toUpperCase() },
            receiver: {
              name: text('name'),
              phone: text('phone'),
              address: {
                countryCode: values.countryCode.trim().toUpperCase(),
                addressLine: text('addressLine'),
                city: text('city'),
                postCode: text('postCode'),
              },
            },
          },
        ],
      },
      { onSuccess: (order) => navigate(`/admin/orders/show/${encodeURIComponent(order.key)}`) },
    );
  };

  const textInput = (field: Exclude<Field, 'workFlow'>) => (
    <TextInput
      key={field}
      label={t(`orders.fields.${field}`)}
      value={values[field]}
      required={field === 'account' || field === 'weight' || field === 'countryCode'}
      inputMode={field === 'account' || field === 'weight' ? 'numeric' : undefined}
      maxLength={field === 'countryCode' ? 2 : field === 'addressLine' ? 255 : 100}
      error={errorOf(field)}
      onChange={(event) => set(field, event.currentTarget.value)}
      mb="xs"
    />
  );

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.orders'), to: '/admin/orders' }, { label: t('pages.orderCreate') }]} />
      <PageHeading>{t('pages.orderCreate')}</PageHeading>
      <Text>{t('orders.createIntro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={640}>
          {textInput('account')}
          <Fieldset legend={t('orders.shipment')}>
            <Select
              label={t('orders.fields.workFlow')}
              required
              searchable
              value={values.workFlow || null}
              data={(products.data?.['hydra:member'] ?? []).map((product) => ({
                value: product['@id'],
                label: product.label,
              }))}
              error={errorOf('workFlow') ?? (products.isError ? t('orders.productsFailed') : undefined)}
              onChange={(value) => set('workFlow', value ?? '')}
              mb="xs"
            />
            {textInput('countryCode')}
            {textInput('weight')}
          </Fieldset>
          <Fieldset legend={t('orders.receiver')}>
            {(['name', 'phone', 'addressLine', 'city', 'postCode'] as const).map(textInput)}
          </Fieldset>
          {create.isError && Object.keys(violations).length === 0 && (
            <Alert color="red" role="alert">
              {t('orders.saveFailed')}
            </Alert>
          )}
          {Object.keys(violations).length > 0 && (
            <Alert color="red" role="alert">
              {t('orders.invalid')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('orders.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
