import { fieldErrorsOf, formatMoney, formatWeight } from '@portal/shared-contracts';
import { type AdminWorkflow, workflowTariffViolations } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { byPath, useAdminProduct, useSetTariff } from './api';
import { ProductBreadcrumbs } from './Breadcrumbs';
import { dbDate, emptyStep, type StepValues, toDisplayDate, toSteps } from './form-values';
import { READABLE, StepsEditor } from './StepsEditor';

/** `/admin/work_flows/show/:id`: a product's fields, its dated weight rows, and a form for a new dated tariff. */
export default function ProductShowPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const { data: product, isPending, isError } = useAdminProduct(id);
  if (isPending) return <Loader aria-label={t('loading')} />;
  if (isError || !product) return <Alert color="red">{t('products.loadFailed')}</Alert>;

  const fields: [string, string][] = [
    [t('products.fields.seedKey'), product.seedKey ?? '—'],
    [t('products.fields.label'), product.label],
    [t('products.fields.labelLv'), product.labelLv ?? '—'],
    [t('products.fields.shipmentType'), t(`products.types.${product.shipmentType}`)],
    [t('products.fields.shipmentSubType'), product.shipmentSubType],
    [t('products.fields.shipmentSizeType'), product.shipmentSizeType?.toUpperCase() ?? '—'],
    [t('products.fields.countryCode'), product.countryCode ?? '—'],
    [t('products.fields.zone'), t(`products.zones.${product.zone}`)],
    [t('products.fields.transferType'), product.transferType ? t(`products.handover.${product.transferType}`) : '—'],
    [t('products.fields.receivingType'), product.receivingType ? t(`products.handover.${product.receivingType}`) : '—'],
    [t('products.fields.maxWeight'), formatWeight(product.maxWeight)],
    [
      t('products.fields.deliveryDays'),
      product.deliveryDays === null ? t('products.notStated') : String(product.deliveryDays),
    ],
    [t('products.fields.serviceOptions'), product.serviceOptions.join(', ') || '—'],
  ];
  return (
    <Stack gap="md">
      <ProductBreadcrumbs trail={[{ label: product.label }]} />
      <PageHeading>{product.label}</PageHeading>
      <Group gap="sm">
        <Badge color={product.isActive ? 'green.9' : 'gray.7'} data-testid="product-status">
          {t(product.isActive ? 'products.active' : 'products.inactive')}
        </Badge>
        <Button component={Link} to={`/admin/work_flows/edit/${product.id}`} variant="default">
          {t('products.edit')}
        </Button>
      </Group>
      <Table maw={760} data-testid="product-fields">
        <Table.Tbody>
          {fields.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h3">
        {t('products.tariffRows')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="product-weight-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.steps.upTo')}</Table.Th>
              <Table.Th>{t('products.steps.variant')}</Table.Th>
              <Table.Th>{t('products.steps.priceHeading')}</Table.Th>
              <Table.Th>{t('products.fields.validFrom')}</Table.Th>
              <Table.Th>{t('products.steps.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...product.weightCosts]
              .sort(
                (a, b) =>
                  Number(a.insured) - Number(b.insured) ||
                  a.maxWeight - b.maxWeight ||
                  a.validFrom.localeCompare(b.validFrom),
              )
              .map((row) => (
                <Table.Tr key={`${row.insured}-${row.maxWeight}-${row.validFrom}`}>
                  <Table.Td>{formatWeight(row.maxWeight)}</Table.Td>
                  <Table.Td>{t(row.insured ? 'products.steps.insuredRow' : 'products.steps.ordinaryRow')}</Table.Td>
                  <Table.Td>
                    {row.withdrawn
                      ? t('products.steps.withdrawn')
                      : row.priceCents === null
                        ? t('products.steps.onRequest')
                        : formatMoney(row.priceCents)}
                  </Table.Td>
                  <Table.Td>{toDisplayDate(row.validFrom)}</Table.Td>
                  <Table.Td>{row.source ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TariffForm product={product} />
      <Anchor component={Link} to="/admin/tariffs" size="sm">
        {t('products.allTariffs')}
      </Anchor>
    </Stack>
  );
}

/** A new dated tariff: the steps it sets from its first day (the older rows stay as history). */
function TariffForm({ product }: { product: AdminWorkflow }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const [validFrom, setValidFrom] = useState('');
  const [replace, setReplace] = useState(false);
  const [steps, setSteps] = useState<StepValues[]>([emptyStep()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setTariff = useSetTariff(product.id);
  const errorOf = (path: string) => (errors[path] ? translateServerMessage(errors[path]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = dbDate(validFrom);
    const tariff = { validFrom: date ?? '', replaceWeightCosts: replace, weightCosts: toSteps(steps) };
    const found = byPath(workflowTariffViolations(tariff, product.maxWeight));
    if (date === null) found.validFrom = t('products.errors.date');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await setTariff.mutateAsync(tariff);
      notify('success', t('products.tariffSaved'));
      setSteps([emptyStep()]);
      setValidFrom('');
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('products.saveFailed'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-tariff-heading">
      <Stack gap="sm" maw={760}>
        <Title order={2} size="h3" id="new-tariff-heading">
          {t('products.newTariff')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('products.newTariffHint')}
        </Text>
        <TextInput
          {...READABLE}
          label={t('products.fields.validFrom')}
          placeholder="DD.MM.YYYY"
          value={validFrom}
          error={errorOf('validFrom')}
          onChange={(event) => setValidFrom(event.currentTarget.value)}
        />
        <Checkbox
          label={t('products.replaceWeightCosts')}
          checked={replace}
          onChange={(event) => setReplace(event.currentTarget.checked)}
        />
        <StepsEditor rows={steps} onChange={setSteps} errorOf={errorOf} path="weightCosts" />
        {errors[''] && <Alert color="red">{translateServerMessage(errors[''])}</Alert>}
        <Group>
          <Button type="submit" loading={setTariff.isPending}>
            {t('products.saveTariff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
