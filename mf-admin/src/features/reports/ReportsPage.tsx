import { formatMoney, isValidDisplayDate, saveFile, toDbDate, toDisplayDate } from '@portal/shared-contracts';
import { dateRangeViolations, REPORT_GROUPS, REPORT_MAX_DAYS, type ReportGroup } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, FilterControl } from '../../shared/list';
import { useOrderReport, useReportDownload } from './api';

// recharts only loads with this page's chart (its own chunk), not with the back office's first screen.
const ReportChart = lazy(() => import('./ReportChart'));

const DATE_FIELDS = ['dateFrom', 'dateTill'] as const;
type DateField = (typeof DATE_FIELDS)[number];

const dateOf = (typed: string) => (isValidDisplayDate(typed.trim()) ? toDbDate(typed.trim()) : null);

/**
 * `/admin/reports` (issue 14 item 10): shipments, orders and revenue per day, product, country or
 * status for a period (default the last 30 days), as a chart and a table, downloadable as XLSX.
 */
export default function ReportsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = usePlatform();
  const [params, setParams] = useSearchParams();
  const groupBy = (REPORT_GROUPS as readonly string[]).includes(params.get('groupBy') ?? '')
    ? (params.get('groupBy') as ReportGroup)
    : 'day';
  const typed = { dateFrom: params.get('dateFrom') ?? '', dateTill: params.get('dateTill') ?? '' };
  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const deferred = useDeferredValue(typed);
  const search = { groupBy, dateFrom: dateOf(deferred.dateFrom), dateTill: dateOf(deferred.dateTill) };
  // The API's own period rule (shared-contracts/admin): a wrong period is shown, not sent.
  const rangeViolations = dateRangeViolations(search, REPORT_MAX_DAYS);
  const typedWrong = DATE_FIELDS.some((name) => typed[name].trim() !== '' && !isValidDisplayDate(typed[name].trim()));
  const report = useOrderReport(search, rangeViolations.length === 0 && !typedWrong);
  const download = useReportDownload();
  const [downloadFailed, setDownloadFailed] = useState(false);

  const errorOf = (name: DateField): string | undefined => {
    const value = typed[name].trim();
    if (value && !isValidDisplayDate(value)) return t('reports.errors.date');
    const violation = rangeViolations.find((found) => found.propertyPath === name);
    if (!violation) return undefined;
    return violation.code === 'DATE_RANGE_TOO_LONG'
      ? t('reports.errors.tooLong', { days: REPORT_MAX_DAYS })
      : t('reports.errors.reversed');
  };

  const saveSpreadsheet = async () => {
    setDownloadFailed(false);
    try {
      const blob = await download(search, locale === 'lv' ? 'lv' : 'en');
      saveFile(blob, `${t('reports.file')}-${groupBy}.xlsx`);
    } catch {
      setDownloadFailed(true);
    }
  };

  const data = report.data;
  const groupLabel = (key: string, label: string) =>
    groupBy === 'status' ? t(`orders.lineStatuses.${key}`, { defaultValue: key }) : label || t('reports.none');

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.reports') }]} />
      <PageHeading>{t('pages.reports')}</PageHeading>
      <Text>{t('reports.intro')}</Text>
      <Group align="start" wrap="wrap">
        {DATE_FIELDS.map((name) => (
          <TextInput
            key={name}
            label={t(`reports.${name}`)}
            description="DD.MM.YYYY"
            value={typed[name]}
            maxLength={10}
            error={errorOf(name)}
            onChange={(event) => update({ [name]: event.currentTarget.value })}
          />
        ))}
      </Group>
      <FilterControl
        aria-label={t('reports.groupBy')}
        value={groupBy}
        onChange={(value) => update({ groupBy: value === 'day' ? '' : value })}
        data={REPORT_GROUPS.map((value) => ({ value, label: t(`reports.groups.${value}`) }))}
      />
      {report.isError && (
        <Alert color="red" role="alert">
          {t('reports.loadFailed')}
        </Alert>
      )}
      {report.isPending && report.fetchStatus !== 'idle' && <Loader aria-label={t('loading')} />}
      {data && (
        <>
          <Group justify="space-between">
            <Text aria-live="polite" data-testid="report-totals">
              {t('reports.totals', {
                from: toDisplay(data.dateFrom),
                till: toDisplay(data.dateTill),
                shipments: data.totals.shipments,
                orders: data.totals.orders,
                revenue: formatMoney(data.totals.revenueCents),
              })}
            </Text>
            <Button variant="light" onClick={saveSpreadsheet}>
              {t('reports.download')}
            </Button>
          </Group>
          {downloadFailed && (
            <Alert color="red" role="alert">
              {t('reports.downloadFailed')}
            </Alert>
          )}
          <figure style={{ margin: 0 }} aria-label={t('reports.chart')}>
            <Suspense fallback={<Loader aria-label={t('loading')} />}>
              <ReportChart
                groupBy={data.groupBy}
                rows={data.rows.map((row) => ({ ...row, label: groupLabel(row.key, row.label) }))}
                labels={{ shipments: t('reports.columns.shipments'), revenue: t('reports.columns.revenue') }}
              />
            </Suspense>
          </figure>
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t(`reports.groups.${data.groupBy}`)}</Table.Th>
                  <Table.Th scope="col">{t('reports.columns.shipments')}</Table.Th>
                  <Table.Th scope="col">{t('reports.columns.orders')}</Table.Th>
                  <Table.Th scope="col">{t('reports.columns.revenue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.key} data-testid="report-row">
                    <Table.Td>{data.groupBy === 'day' ? toDisplay(row.key) : groupLabel(row.key, row.label)}</Table.Td>
                    <Table.Td>{row.shipments}</Table.Td>
                    <Table.Td>{row.orders}</Table.Td>
                    <Table.Td>{formatMoney(row.revenueCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/** A report day (YYYY-MM-DD) as people read it (DD.MM.YYYY, SPEC §9). */
const toDisplay = (day: string) => toDisplayDate(day) ?? day;
