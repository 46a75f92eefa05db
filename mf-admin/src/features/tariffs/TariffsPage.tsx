import { formatMoney, formatWeight, toDisplayDate } from '@portal/shared-contracts';
import type {
  FigureOrigin,
  TariffServiceView,
  TariffWeightRowView,
  WorkflowTariffsView,
} from '@portal/shared-contracts/pricing';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { useWorkflowTariffs } from './api';

/**
 * /admin/tariffs: every product's tariff rows and what each figure rests on (published, indicative,
 * set by an administrator, or not set), so the back office sees which rows are still indicative
 * and replaces them with a tariff file (api/src/modules/workflows/README.md).
 */
export function TariffsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage } = usePlatform();
  const [onlyIndicative, setOnlyIndicative] = useState(false);
  const [history, setHistory] = useState(false);
  const tariffs = useWorkflowTariffs(onlyIndicative);

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.tariffs') }]} />
      <PageHeading>{t('pages.tariffs')}</PageHeading>
      <Text>{t('tariffs.intro')}</Text>
      <Group>
        <Checkbox
          label={t('tariffs.onlyIndicative')}
          checked={onlyIndicative}
          onChange={(event) => setOnlyIndicative(event.currentTarget.checked)}
        />
        <Checkbox
          label={t('tariffs.history')}
          checked={history}
          onChange={(event) => setHistory(event.currentTarget.checked)}
        />
      </Group>
      {tariffs.isPending ? (
        <Loader aria-label={t('tariffs.loading')} />
      ) : tariffs.isError ? (
        <Alert color="red" role="alert">
          {translateServerMessage(tariffs.error)}
        </Alert>
      ) : tariffs.data['hydra:member'].length === 0 ? (
        <Text data-testid="no-indicative">{t('tariffs.noneIndicative')}</Text>
      ) : (
        tariffs.data['hydra:member'].map((workflow) => (
          <WorkflowTariffs key={workflow.id} workflow={workflow} history={history} t={t} />
        ))
      )}
    </Stack>
  );
}

function WorkflowTariffs({ workflow, history, t }: { workflow: WorkflowTariffsView; history: boolean; t: TFunction }) {
  const rows = workflow.weightCosts.filter((row) => history || row.inForce);
  const headingId = `tariffs-${workflow.id}`;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`tariffs-${workflow.seedKey}`}
    >
      <Title order={2} size="h4" id={headingId}>
        {workflow.label}
      </Title>
      <Text size="sm" mb="xs" c={workflow.indicativeInForce > 0 ? undefined : 'gray.8'}>
        {workflow.indicativeInForce > 0
          ? t('tariffs.indicativeCount', { count: workflow.indicativeInForce })
          : t('tariffs.noIndicative')}
        {workflow.isActive ? '' : ` · ${t('tariffs.inactive')}`}
      </Text>
      <Anchor component={Link} to={`/admin/work_flows/show/${workflow.id}`} size="sm" mb="xs" display="inline-block">
        {t('tariffs.setPrices', { name: workflow.label })}
      </Anchor>
      <Text size="sm" fw={500}>
        {t('tariffs.weightCaption')}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped verticalSpacing={4} aria-label={t('tariffs.weightCaption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tariffs.upTo')}</Table.Th>
              <Table.Th scope="col">{t('tariffs.price')}</Table.Th>
              <Table.Th scope="col">{t('tariffs.origin')}</Table.Th>
              <Table.Th scope="col">{t('tariffs.validFrom')}</Table.Th>
              <Table.Th scope="col">{t('tariffs.until')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.insured}-${row.maxWeight}-${row.validFrom}`} data-origin={row.origin}>
                <Table.Td>
                  {formatWeight(row.maxWeight)}
                  {row.insured ? ` (${t('tariffs.insured')})` : ''}
                </Table.Td>
                <Table.Td>{priceText(row, t)}</Table.Td>
                <Table.Td title={row.note ?? row.source ?? undefined}>{t(`tariffs.origins.${row.origin}`)}</Table.Td>
                <Table.Td>{toDisplayDate(row.validFrom) ?? row.validFrom}</Table.Td>
                <Table.Td>
                  {row.replacedFrom === null
                    ? t('tariffs.open')
                    : t('tariffs.replacedFrom', { date: toDisplayDate(row.replacedFrom) ?? row.replacedFrom })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {workflow.serviceOptions.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="xs">
            {t('tariffs.servicesCaption')}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped verticalSpacing={4} aria-label={t('tariffs.servicesCaption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('tariffs.service')}</Table.Th>
                  <Table.Th scope="col">{t('tariffs.price')}</Table.Th>
                  <Table.Th scope="col">{t('tariffs.origin')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {workflow.serviceOptions.map((option) => (
                  <Table.Tr key={option.name} data-origin={option.origin}>
                    <Table.Td>{option.name}</Table.Td>
                    <Table.Td>{serviceText(option, t)}</Table.Td>
                    <Table.Td title={option.source ?? undefined}>{t(`tariffs.origins.${option.origin}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}

function priceText(row: TariffWeightRowView, t: TFunction): string {
  if (row.withdrawn) return t('tariffs.withdrawn');
  return row.priceCents === null ? t('tariffs.notSet') : formatMoney(row.priceCents);
}

/** Basis points as a percentage with a decimal comma (SPEC §9 number format): 120 → "1,2 %". */
const percent = (basisPoints: number) => `${String(basisPoints / 100).replace('.', ',')} %`;

function serviceText(option: TariffServiceView, t: TFunction): string {
  const origin: FigureOrigin = option.origin;
  if (origin === 'placeholder') return t('tariffs.notSet');
  const base =
    option.priceCents !== null
      ? formatMoney(option.priceCents)
      : option.ratio !== null
        ? t(`tariffs.ratioOf.${option.ratioOf ?? 'shipmentPrice'}`, { percent: percent(option.ratio) })
        : t('tariffs.notSet');
  const minimum = option.minCents ? `, ${t('tariffs.minimum', { amount: formatMoney(option.minCents) })}` : '';
  const vat = option.vatRate > 0 ? `, ${t('tariffs.plusVat', { percent: percent(option.vatRate) })}` : '';
  return `${base}${minimum}${vat}`;
}
