import { formatMoney, formatWeight, saveFile } from '@portal/shared-contracts';
import {
  type BulkReport,
  type BulkRow,
  MAX_BULK_FILE_BYTES,
  MAX_BULK_ORDER_LINES,
} from '@portal/shared-contracts/orders';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@portal/shared-contracts/ui';
import { FileDropzone, XLSX_ACCEPT } from '@portal/shared-contracts/ui/dropzone';
import { Table } from '@portal/shared-contracts/ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { attachSales, EBAY_SALES_PARAMETER, salesOfParameter } from '../../shared/ebay-sales/ship-together';
import { checkShipments, createBulkOrder, downloadTemplate, startBulkPayment, uploadShipments } from './api';
import { EbayShipments } from './EbayShipments';
import { GroupShipments } from './GroupShipments';
import { fieldsToFix, goodRows, headingOf, orderable, rowValues } from './model';

/**
 * Shipments in bulk (issue 12 item 5; SPEC §5 uploads): a signed-in user uploads an XLSX of
 * shipments, sees "N rows incorrect of M" with each bad row's problems beside its cells to fix in
 * place, and makes the good rows one order, paid once or saved as a draft. Every check and price
 * is the API's, the same as the wizard's.
 */
export function BulkOrderPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  return (
    <>
      <PageHeading>{t('bulk.title')}</PageHeading>
      {session?.status === 'authenticated' ? (
        <BulkOrder />
      ) : session?.status === 'loading' ? (
        <Center mih={160}>
          <Loader aria-label={t('wizard.loading')} />
        </Center>
      ) : (
        <Alert color="blue" title={t('bulk.signInTitle')} data-testid="bulk-sign-in">
          <Button mt="sm" onClick={() => session?.signIn()}>
            {t('myOrders.signIn')}
          </Button>
        </Alert>
      )}
    </>
  );
}

function BulkOrder() {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale, notify, translateServerMessage } = usePlatform();
  const lang = locale === 'lv' ? 'lv' : 'en';
  const [chosen, setChosen] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<BulkReport | null>(null);
  const [values, setValues] = useState<Map<number, BulkRow>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [eNotification, setENotification] = useState(true);
  const [draftLink, setDraftLink] = useState(false);
  // eBay sales shipped together (`?ebaySales=1,2`): the sale of each row, while the rows are theirs.
  const [searchParams] = useSearchParams();
  const ebaySales = salesOfParameter(searchParams.get(EBAY_SALES_PARAMETER));
  const [saleOfRow, setSaleOfRow] = useState<ReadonlyMap<number, number> | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(translateServerMessage(error instanceof Error ? error : String(error)));
    } finally {
      setBusy(false);
    }
  };

  const show = (answer: BulkReport, sales: ReadonlyMap<number, number> | null = null) => {
    setSaleOfRow(sales);
    setReport(answer);
    setValues(rowValues(answer));
    setDraftLink(false);
  };

  /** A file chosen in the drop zone is checked at once; removing it only empties the zone. */
  const upload = ([file]: File[]) => {
    setChosen(file ? [file] : []);
    if (!file) return;
    setReport(null);
    void run(async () => show(await uploadShipments(api, file)));
  };

  // The same rows again: they stay the same sales' rows.
  const checkAgain = () =>
    run(async () =>
      show(
        await checkShipments(
          api,
          [...values].map(([row, cells]) => ({ row, values: cells })),
        ),
        saleOfRow,
      ),
    );

  const template = async () => {
    try {
      const blob = await downloadTemplate(api, lang);
      saveFile(blob, `${t('bulk.templateFile')}.xlsx`);
    } catch {
      notify('error', t('bulk.failed'));
    }
  };

  const lines = report ? goodRows(report).map((result) => result.line) : [];
  /** The order of the good rows; made of eBay sales, it ships them (line i, the i-th good row's sale). */
  const makeOrder = async (summary: Parameters<typeof createBulkOrder>[2]) => {
    const order = await createBulkOrder(api, lines, summary);
    if (report && saleOfRow) {
      await attachSales(
        api,
        order['@id'],
        goodRows(report).flatMap((result) => saleOfRow.get(result.row) ?? []),
      );
    }
    return order;
  };
  const saveDraft = () =>
    run(async () => {
      await makeOrder(null);
      notify('success', t('bulk.draftSaved'));
      setDraftLink(true);
    });
  const pay = () =>
    run(async () => {
      const order = await makeOrder({
        termsAccepted: terms,
        privacyAccepted: privacy,
        eNotification: eNotification ? 'agree' : 'disagree',
      });
      window.location.assign(await startBulkPayment(api, order['@id']));
    });

  const setCell = (row: number, field: keyof BulkRow, value: string) =>
    setValues((current) => {
      const next = new Map(current);
      const cells = next.get(row);
      if (cells) next.set(row, { ...cells, [field]: value });
      return next;
    });

  const state = report ? orderable(report) : 'none';
  const good = report ? goodRows(report) : [];
  const bad = report ? report.rows.filter((result) => result.problems.length > 0) : [];

  return (
    <Stack gap="md">
      <Text size="sm">{t('bulk.intro')}</Text>
      <Group>
        <Button variant="default" onClick={template} data-testid="bulk-template">
          {t('bulk.template')}
        </Button>
        {busy && <Loader size="sm" aria-label={t('wizard.loading')} />}
      </Group>
      <FileDropzone
        label={t('bulk.upload')}
        locale={locale}
        accept={XLSX_ACCEPT}
        maxSize={MAX_BULK_FILE_BYTES}
        files={chosen}
        onChange={upload}
        disabled={busy}
        inputTestId="bulk-upload"
      />
      {ebaySales.length > 0 && <EbayShipments saleIds={ebaySales} busy={busy} run={run} onReport={show} />}
      <GroupShipments busy={busy} run={run} onReport={(answer) => show(answer)} />
      {failure && (
        <Alert color="red" role="alert" data-testid="bulk-failed">
          {failure}
        </Alert>
      )}
      {report && (
        <Alert
          // Orange and green titles fail colour contrast on their light background (axe).
          color={report.incorrectRows > 0 ? 'red' : 'blue'}
          title={t('bulk.incorrectOf', { count: report.incorrectRows, total: report.totalRows })}
          data-testid="bulk-report"
        >
          <Text size="sm">{t('bulk.goodRows', { count: good.length, total: formatMoney(report.totalCents) })}</Text>
        </Alert>
      )}
      {bad.length > 0 && (
        <Paper withBorder p="md" data-testid="bulk-bad-rows">
          <Title order={2} size="h4" mb="sm">
            {t('bulk.fixTitle')}
          </Title>
          <Stack gap="md">
            {bad.slice(0, 100).map((result) => {
              const cells = values.get(result.row);
              return (
                <Stack key={result.row} gap="xs" data-testid={`bulk-row-${result.row}`}>
                  <Text fw={600} size="sm">
                    {t('bulk.row', { row: result.row })}
                  </Text>
                  <Group align="flex-start">
                    {fieldsToFix(result).map((field) => (
                      <TextInput
                        key={field}
                        label={headingOf(field, lang)}
                        value={cells?.[field] ?? ''}
                        onChange={(event) => setCell(result.row, field, event.currentTarget.value)}
                        error={result.problems
                          .filter((problem) => problem.field === field)
                          .map((problem) => translateServerMessage(problem))
                          .join(' ')}
                      />
                    ))}
                  </Group>
                  {result.problems
                    .filter((problem) => problem.field === null)
                    .map((problem) => (
                      <Text key={`${problem.code}-${problem.propertyPath}`} size="sm" c="red.8">
                        {translateServerMessage(problem)}
                      </Text>
                    ))}
                </Stack>
              );
            })}
            <Group>
              <Button onClick={checkAgain} disabled={busy} data-testid="bulk-check-again">
                {t('bulk.checkAgain')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {good.length > 0 && (
        <Table data-testid="bulk-good-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulk.rowHeading')}</Table.Th>
              <Table.Th>{t('bulk.receiver')}</Table.Th>
              <Table.Th>{t('bulk.country')}</Table.Th>
              <Table.Th>{t('bulk.weight')}</Table.Th>
              <Table.Th>{t('bulk.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {good.slice(0, 200).map((result) => (
              <Table.Tr key={result.row}>
                <Table.Td>{result.row}</Table.Td>
                <Table.Td>{result.line.receiver?.name}</Table.Td>
                <Table.Td>{result.line.attributes?.countryCode}</Table.Td>
                <Table.Td>{result.line.attributes?.weight ? formatWeight(result.line.attributes.weight) : ''}</Table.Td>
                <Table.Td>{result.priceCents === null ? '' : formatMoney(result.priceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {state === 'tooMany' && (
        <Alert color="red" data-testid="bulk-too-many">
          {t('bulk.tooMany', { max: MAX_BULK_ORDER_LINES })}
        </Alert>
      )}
      {state === 'ok' && (
        <Paper withBorder p="md" data-testid="bulk-order">
          <Stack gap="xs">
            <Checkbox
              label={t('bulk.terms')}
              checked={terms}
              onChange={(event) => setTerms(event.currentTarget.checked)}
              data-testid="bulk-terms"
            />
            <Checkbox
              label={t('bulk.privacy')}
              checked={privacy}
              onChange={(event) => setPrivacy(event.currentTarget.checked)}
              data-testid="bulk-privacy"
            />
            <Checkbox
              label={t('bulk.eNotification')}
              checked={eNotification}
              onChange={(event) => setENotification(event.currentTarget.checked)}
            />
            <Group mt="sm">
              <Button onClick={pay} disabled={busy || !terms || !privacy} data-testid="bulk-pay">
                {t('bulk.pay', { count: lines.length })}
              </Button>
              <Button variant="default" onClick={saveDraft} disabled={busy} data-testid="bulk-draft">
                {t('bulk.saveDraft')}
              </Button>
            </Group>
            {draftLink && (
              <Anchor component={Link} to="/my-orders" size="sm" data-testid="bulk-my-orders">
                {t('bulk.toMyOrders')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
