import { ApplicationError } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Button, Group, Loader, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { type AdminOrder, orderWriteOf, useAdminOrder, useUpdateOrder } from './api';

/** The fields an agent corrects for a client, per shipment: the weight and the receiver's contact and address. */
interface LineFields {
  weight: string;
  name: string;
  phone: string;
  addressLine: string;
  city: string;
  postCode: string;
}

const FIELD_PATHS: Record<keyof LineFields, string> = {
  weight: 'attributes.weight',
  name: 'receiver.name',
  phone: 'receiver.phone',
  addressLine: 'receiver.address.addressLine',
  city: 'receiver.address.city',
  postCode: 'receiver.address.postCode',
};

/**
 * `/admin/orders/edit/:id` (issue 14 item 3): an agent corrects an unpaid order on the client's
 * behalf (weights and receivers); the API re-checks and re-prices it with the client's own rules,
 * refuses a stale version, and records the change in the audit trail.
 */
export default function OrderEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const crumbs = [
    { label: t('pages.orders'), to: '/admin/orders' },
    { label: t('pages.orderShow'), to: `/admin/orders/show/${encodeURIComponent(id)}` },
    { label: t('pages.orderEdit') },
  ];
  return (
    <Stack gap="md">
      <Breadcrumbs items={crumbs} />
      <PageHeading>{t('pages.orderEdit')}</PageHeading>
      {order.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : order.isError ? (
        <Alert color="red" role="alert">
          {order.error instanceof ApplicationError && order.error.status === 404
            ? t('orders.notFound')
            : t('orders.loadFailed')}
        </Alert>
      ) : order.data.status !== 'unfinished' ? (
        <Alert color="gray">{t('orders.notEditable')}</Alert>
      ) : (
        <EditForm order={order.data} />
      )}
    </Stack>
  );
}

function fieldsOf(order: AdminOrder): LineFields[] {
  return order.orderLines.map((line) => ({
    weight: line.attributes?.weight ? String(line.attributes.weight) : '',
    name: line.receiver?.name ?? '',
    phone: line.receiver?.phone ?? '',
    addressLine: line.receiver?.address?.addressLine ?? '',
    city: line.receiver?.address?.city ?? '',
    postCode: line.receiver?.address?.postCode ?? '',
  }));
}

function EditForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const update = useUpdateOrder(order.key);
  const [lines, setLines] = useState(() => fieldsOf(order));
  const [weightErrors, setWeightErrors] = useState<Record<number, string>>({});
  const violations =
    update.error instanceof ApplicationError
      ? Object.fromEntries(update.error.violations.map((violation) => [violation.propertyPath, violation.message]))
      : {};
  const stale = update.error instanceof ApplicationError && update.error.status === 409;
  const otherFailure = update.isError && !stale && Object.keys(violations).length === 0;

  const change = (index: number, name: keyof LineFields, value: string) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, [name]: value } : line)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Weights are whole grams (SPEC §9): anything else is refused here, beside the field.
    const wrong = Object.fromEntries(
      lines.flatMap((line, index) => (/^\d+$/.test(line.weight.trim()) ? [] : [[index, t('orders.errors.weight')]])),
    );
    setWeightErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    const body = orderWriteOf(order);
    body.orderLines = body.orderLines.map((line, index) => {
      const typed = lines[index] as LineFields;
      const receiver = line.receiver ?? {};
      return {
        ...line,
        attributes: { ...line.attributes, weight: Number(typed.weight.trim()) },
        receiver: {
          ...receiver,
          name: typed.name.trim() || null,
          phone: typed.phone.trim() || null,
          address: {
            ...receiver.address,
            addressLine: typed.addressLine.trim() || null,
            city: typed.city.trim() || null,
            postCode: typed.postCode.trim() || null,
          },
        },
      };
    });
    update.mutate(body, { onSuccess: (saved) => navigate(`/admin/orders/show/${encodeURIComponent(saved.key)}`) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        {lines.map((line, index) => (
          <Fieldset
            // Lines have no other identity while edited: their position is what the API's paths name.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines are neither added nor moved here
            key={index}
            legend={t('orders.shipmentN', { n: index + 1, barcode: order.orderLines[index]?.barcode ?? '' })}
          >
            {(Object.keys(FIELD_PATHS) as (keyof LineFields)[]).map((name) => (
              <TextInput
                key={name}
                label={t(`orders.fields.${name}`)}
                value={line[name]}
                inputMode={name === 'weight' ? 'numeric' : undefined}
                maxLength={name === 'addressLine' ? 255 : 100}
                error={
                  (name === 'weight' ? weightErrors[index] : undefined) ??
                  violations[`orderLines[${index}].${FIELD_PATHS[name]}`]
                }
                onChange={(event) => change(index, name, event.currentTarget.value)}
                mb="xs"
              />
            ))}
          </Fieldset>
        ))}
        {stale && (
          <Alert color="orange" role="alert">
            {t('orders.stale')}
          </Alert>
        )}
        {otherFailure && (
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
          <Button type="submit" loading={update.isPending}>
            {t('orders.save')}
          </Button>
          <Anchor component={Link} to={`/admin/orders/show/${encodeURIComponent(order.key)}`}>
            {t('orders.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
