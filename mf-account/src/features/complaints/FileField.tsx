import { ATTACHMENT_ACCEPT, type ComplaintFileField, complaintFilePath } from '@portal/shared-contracts/complaints';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Box, Button, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { type ChangeEvent, useId } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';

/** The error text colour Mantine uses for its inputs' errors, so a file's error looks like a field's. */
const ERROR_COLOR = 'var(--mantine-color-error)';

/** "245 KB", "1,4 MB" in the interface's language. */
export function formatFileSize(bytes: number, locale: string): string {
  const number = new Intl.NumberFormat(locale === 'lv' ? 'lv-LV' : 'en-US', { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

interface FileFieldProps {
  field: ComplaintFileField;
  label: string;
  hint: string;
  multiple: boolean;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Server or form messages by property path (`attachments`, `attachments[1]`), already translated. */
  errorOf: (path: string) => string | undefined;
}

/**
 * A file input with the chosen files listed below it, each with its size, a remove button and its
 * own error (SPEC §5 Uploads: the API names a refused file by its place, `attachments[1]`). A native
 * input: the browser's own file dialog, keyboard and screen-reader support.
 */
export function FileField({ field, label, hint, multiple, files, onChange, errorOf }: FileFieldProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { locale } = usePlatform();
  const id = useId();
  const fieldError = errorOf(field);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Chosen again with the same dialog: the same file can be picked after removing it.
    event.currentTarget.value = '';
    // The same file chosen twice is listed once.
    const fresh = chosen.filter((file) => !files.some((other) => fileKey(other) === fileKey(file)));
    if (chosen.length > 0) onChange(multiple ? [...files, ...fresh] : chosen.slice(0, 1));
  };
  return (
    <Stack gap={4} data-testid={`complaint-${field}`}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <Text id={`${id}-hint`} size="sm" c="gray.7">
        {hint}
      </Text>
      <input
        id={id}
        type="file"
        name={field}
        multiple={multiple}
        accept={ATTACHMENT_ACCEPT}
        onChange={choose}
        aria-describedby={fieldError ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={fieldError ? true : undefined}
      />
      {fieldError && (
        <Text id={`${id}-error`} size="sm" style={{ color: ERROR_COLOR }}>
          {fieldError}
        </Text>
      )}
      {files.length > 0 && (
        <Box
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('complaint.chosenFiles', { label })}
        >
          {files.map((file, index) => {
            const error = errorOf(complaintFilePath(field, index));
            return (
              <li key={fileKey(file)} data-testid="chosen-file">
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name} ({formatFileSize(file.size, locale)})
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label={t('complaint.removeFile', { name: file.name })}
                    onClick={() => onChange(files.filter((_, other) => other !== index))}
                  >
                    {t('complaint.remove')}
                  </Button>
                </Group>
                {error && (
                  <Text size="sm" role="alert" style={{ color: ERROR_COLOR }} data-testid="file-error">
                    {error}
                  </Text>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
