import { ApplicationError } from '@portal/shared-contracts';
import { MAX_LOCATION_FILE_BYTES } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, List, Skeleton, Stack, Text } from '@portal/shared-contracts/ui';
import type { DropzoneAccept } from '@portal/shared-contracts/ui/dropzone';
import { Radio } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { type ImportReport, useImportLocations } from './import-api';

// The back office's pages come in one piece; the drop zone (a shared entry, ~11 KB gzip) loads when
// this page shows it, not with every page.
const FileDropzone = lazy(() =>
  import('@portal/shared-contracts/ui/dropzone').then((module) => ({ default: module.FileDropzone })),
);

/** A location file: JSON, as `npm run locations:import` takes it. */
const JSON_ACCEPT: DropzoneAccept = { 'application/json': ['.json'] };

/** The file's text (FileReader: every browser and the test DOM have it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * `/admin/locations/import` (issue 14 item 9): a location file (the format `npm run
 * locations:import` takes) sent from the back office. The API checks every record before anything
 * changes; its problems are listed by record and field.
 */
export default function LocationImportPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale, translateServerMessage } = usePlatform();
  const importFile = useImportLocations();
  const [file, setFile] = useState<File | null>(null);
  const [scope, setScope] = useState<'partial' | 'all'>('partial');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setProblems([]);
    setReport(null);
    if (!file) {
      setError(t('locationImport.errors.noFile'));
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(await readText(file));
    } catch {
      setError(t('locationImport.errors.notJson'));
      return;
    }
    // The places are a JSON object or list; a lone number or text is no file of places.
    if (typeof data !== 'object' || data === null) {
      setError(t('locationImport.errors.notJson'));
      return;
    }
    try {
      setReport(await importFile.mutateAsync({ data, scope }));
    } catch (failure) {
      if (failure instanceof ApplicationError && failure.violations.length > 0) {
        setError(t('locationImport.errors.invalid'));
        setProblems(
          failure.violations.map((violation) =>
            violation.propertyPath === 'file'
              ? translateServerMessage(violation)
              : `${violation.propertyPath}: ${translateServerMessage(violation)}`,
          ),
        );
      } else setError(t('locationImport.errors.failed'));
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs items={[{ label: t('pages.locations'), to: '/admin/locations' }]} />
      <PageHeading>{t('pages.locationImport')}</PageHeading>
      <Text>{t('locationImport.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Suspense fallback={<Skeleton height={110} radius="md" />}>
            <FileDropzone
              label={t('locationImport.file')}
              locale={locale}
              accept={JSON_ACCEPT}
              maxSize={MAX_LOCATION_FILE_BYTES}
              files={file ? [file] : []}
              onChange={([chosen]) => setFile(chosen ?? null)}
              error={error}
              data-testid="location-file"
            />
          </Suspense>
          <Radio.Group
            label={t('locationImport.scope')}
            value={scope}
            onChange={(value) => setScope(value === 'all' ? 'all' : 'partial')}
          >
            <Stack gap={4} mt={4}>
              <Radio value="partial" label={t('locationImport.scopes.partial')} />
              <Radio value="all" label={t('locationImport.scopes.all')} />
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={importFile.isPending}>
              {t('locationImport.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {problems.length > 0 && (
        <List size="sm" data-testid="import-problems">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
      {report && (
        <Alert color="green" role="status" data-testid="import-report">
          {t('locationImport.report', { ...report })}
        </Alert>
      )}
    </Stack>
  );
}
