import { saveFile } from '@portal/shared-contracts';
import { type ImportReport, MAX_IMPORT_BYTES } from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { FileDropzone, XLSX_ACCEPT } from '@portal/shared-contracts/ui/dropzone';
import { Table } from '@portal/shared-contracts/ui/table';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, downloadSpreadsheet, GROUPS_KEY, importSpreadsheet } from '../../shared';

/** SPEC §5: the book as XLSX (headings in the interface language), the empty template, and import with its report. */
export function ImportExport({ account }: { account: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<File[]>([]);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lang = locale === 'lv' ? 'lv' : 'en';

  const download = async (what: 'export' | 'template') => {
    try {
      const blob = await downloadSpreadsheet(api, account, what, lang);
      saveFile(blob, `${t(what === 'export' ? 'transfer.exportFile' : 'transfer.templateFile')}.xlsx`);
    } catch {
      notify('error', t('messages.failed'));
    }
  };

  /** A file chosen in the drop zone is imported at once; removing it only empties the zone. */
  const upload = async ([file]: File[]) => {
    setChosen(file ? [file] : []);
    if (!file) return;
    setBusy(true);
    setReport(null);
    setFailure(null);
    try {
      const answer = await importSpreadsheet(api, account, file, allOrNothing);
      setReport(answer);
      await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
      await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
    } catch (error) {
      setFailure(translateServerMessage(error instanceof Error ? error : String(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group>
        <Button variant="default" onClick={() => download('export')} data-testid="contacts-export">
          {t('transfer.export')}
        </Button>
        <Button variant="default" onClick={() => download('template')} data-testid="contacts-template">
          {t('transfer.template')}
        </Button>
      </Group>
      <Checkbox
        label={t('transfer.allOrNothing')}
        checked={allOrNothing}
        onChange={(event) => setAllOrNothing(event.currentTarget.checked)}
      />
      <FileDropzone
        label={t('transfer.import')}
        locale={locale}
        accept={XLSX_ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        files={chosen}
        onChange={upload}
        disabled={busy}
        // The API's answer when the whole file is refused, beside the field that sent it.
        error={failure}
        inputTestId="contacts-import"
      />
      {report && (
        <Alert
          // Orange and green titles fail colour contrast on their light background (axe).
          color={report.incorrectRows > 0 ? 'red' : 'blue'}
          title={t('transfer.incorrectOf', { count: report.incorrectRows, total: report.totalRows })}
          data-testid="import-report"
        >
          <Text size="sm">{t('transfer.imported', { count: report.imported })}</Text>
          {report.errors.length > 0 && (
            <Table mt="xs" data-testid="import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transfer.row')}</Table.Th>
                  <Table.Th>{t('transfer.column')}</Table.Th>
                  <Table.Th>{t('transfer.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.slice(0, 100).map((error) => (
                  <Table.Tr key={`${error.row}-${error.column}-${error.code}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.column}</Table.Td>
                    <Table.Td>{translateServerMessage(error)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Alert>
      )}
    </Stack>
  );
}
