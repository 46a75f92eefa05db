import { Box, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { ErrorCode, type FileRejection, useDropzone } from 'react-dropzone';
import { formatFileSize } from '../../format/file-size';
import type { Locale } from '../../i18n/locale';
import { DROPZONE_TEXTS, type RefusalReason } from './texts';

/** The error text colour Mantine uses for its inputs' errors, so a file's error looks like a field's. */
const ERROR_COLOR = 'var(--mantine-color-error)';

/** Media types with the extensions they are chosen by: `{ 'application/pdf': ['.pdf'] }` (react-dropzone's form). */
export type DropzoneAccept = Readonly<Record<string, readonly string[]>>;

/** An Excel workbook: the spreadsheets the portal imports (address book, bulk orders). */
export const XLSX_ACCEPT: DropzoneAccept = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export interface FileDropzoneProps {
  /** The field's name, shown above the zone and naming its file input. */
  label: string;
  locale: Locale;
  accept: DropzoneAccept;
  /** The largest file accepted, in bytes. */
  maxSize: number;
  /** More than 1: files are added to the list up to this count; 1: a new file replaces the chosen one. */
  maxFiles?: number;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** What the field is for, under its label. */
  hint?: string;
  /** The field's own error (the form's or the server's violation), already translated. */
  error?: ReactNode;
  /** The error of the chosen file at `index` (a violation at `attachments[1]`), already translated. */
  fileError?: (index: number) => string | undefined;
  disabled?: boolean;
  /** The file input's name. */
  name?: string;
  /** On the field's wrapper. */
  'data-testid'?: string;
  /** On the file input (end-to-end tests choose files there with `setInputFiles`). */
  inputTestId?: string;
}

interface Refusal {
  name: string;
  reason: RefusalReason;
}

/** The same file chosen again (by dialog or drop) is listed once. */
const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

/** react-dropzone's first reason, most telling first: a wrong type matters more than its size. */
function reasonOf({ errors }: FileRejection): RefusalReason {
  const codes = errors.map((error) => error.code);
  if (codes.includes(ErrorCode.FileInvalidType)) return 'type';
  if (codes.includes(ErrorCode.FileTooLarge)) return 'tooLarge';
  if (codes.includes(ErrorCode.FileTooSmall)) return 'empty';
  return 'tooMany';
}

/** ".xlsx", ".pdf, .png": the extensions of `accept`, as the limits line names them. */
function typesOf(accept: DropzoneAccept): string {
  return [...new Set(Object.values(accept).flat())].join(', ');
}

/**
 * A drop zone for files (issue 40 item 7), built on react-dropzone: drag files onto it or choose
 * them with its button (a real button: Tab and Enter or Space open the browser's file dialog). It
 * states the accepted types and the size limit, lists the chosen files with their sizes in the
 * interface's language and a remove button each, says beside the field which files it did not add
 * and why (type, too large, empty, too many), and shows the field's and each file's errors from the
 * form or the API. The file input stays in the page, labelled with the field's label, so assistive
 * technology and tests (`setInputFiles`, `user.upload`) reach it as they reach a plain one.
 */
export function FileDropzone({
  label,
  locale,
  accept,
  maxSize,
  maxFiles = 1,
  files,
  onChange,
  hint,
  error,
  fileError,
  disabled = false,
  name,
  'data-testid': testId,
  inputTestId,
}: FileDropzoneProps) {
  const texts = DROPZONE_TEXTS[locale];
  const id = useId();
  const multiple = maxFiles > 1;
  const [refused, setRefused] = useState<Refusal[]>([]);
  const size = formatFileSize(maxSize, locale);

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    const refusals: Refusal[] = rejections.map((rejection) => ({
      name: rejection.file.name,
      reason: reasonOf(rejection),
    }));
    if (multiple) {
      const fresh = accepted.filter((file) => !files.some((other) => fileKey(other) === fileKey(file)));
      const room = Math.max(0, maxFiles - files.length);
      for (const file of fresh.slice(room)) refusals.push({ name: file.name, reason: 'tooMany' });
      if (fresh.length > 0 && room > 0) onChange([...files, ...fresh.slice(0, room)]);
    } else if (accepted[0]) {
      onChange([accepted[0]]);
    }
    setRefused(refusals);
  };

  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    onDrop,
    // react-dropzone's type is mutable; it only reads it.
    accept: accept as Record<string, string[]>,
    maxSize,
    minSize: 1,
    multiple,
    disabled,
    // The zone's button is its keyboard control, so the zone itself takes no focus.
    noKeyboard: true,
  });

  const hintId = `${id}-hint`;
  const limitsId = `${id}-limits`;
  const errorId = `${id}-error`;
  const refusedId = `${id}-refused`;
  const describedBy = [hint && hintId, limitsId, refused.length > 0 && refusedId, error && errorId]
    .filter(Boolean)
    .join(' ');
  const borderColor = isDragReject
    ? ERROR_COLOR
    : isDragActive
      ? 'var(--mantine-color-blue-6)'
      : // Dark enough to see the zone's edge (3:1 against white).
        'var(--mantine-color-gray-6)';

  return (
    <Stack gap={4} data-testid={testId}>
      {/* Mantine's input label, description and error: the zone reads like the form's other fields. */}
      <Input.Label htmlFor={`${id}-input`}>{label}</Input.Label>
      {hint && (
        // Darker than Mantine's dimmed description: its grey fails colour contrast on white (axe).
        <Input.Description id={hintId} c="gray.7">
          {hint}
        </Input.Description>
      )}
      <Paper
        {...getRootProps()}
        p="md"
        radius="md"
        data-testid="dropzone"
        data-drag-active={isDragActive || undefined}
        style={{
          border: `2px dashed ${borderColor}`,
          background: isDragActive ? 'var(--mantine-color-blue-0)' : undefined,
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.6 : undefined,
        }}
      >
        <input
          {...getInputProps({
            id: `${id}-input`,
            name,
            // react-dropzone names the input "file upload"; the field's label names it here.
            'aria-label': undefined,
            'aria-describedby': describedBy,
            'aria-invalid': error ? true : undefined,
          })}
          data-testid={inputTestId}
        />
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Text size="sm" fw={500}>
              {isDragActive ? texts.dropNow(multiple) : texts.instructions(multiple)}
            </Text>
            <Text id={limitsId} size="sm" c="gray.7">
              {texts.limits(typesOf(accept), size, maxFiles)}
            </Text>
          </Stack>
          {/* Its click reaches the zone, which opens the file dialog (once). */}
          <Button type="button" variant="default" disabled={disabled} aria-describedby={describedBy}>
            {texts.choose(multiple)}
          </Button>
        </Group>
      </Paper>
      {refused.length > 0 && (
        <Box id={refusedId} role="alert" data-testid="dropzone-refused">
          <Text size="sm" style={{ color: ERROR_COLOR }}>
            {texts.refused(label)}
          </Text>
          <Box component="ul" m={0} pl="md">
            {refused.map((refusal, index) => (
              // The same name may be refused twice in one drop (two folders' "scan.pdf").
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
              <Text component="li" key={index} size="sm" style={{ color: ERROR_COLOR, overflowWrap: 'anywhere' }}>
                {refusal.name}: {texts.reason(refusal.reason, size, maxFiles)}
              </Text>
            ))}
          </Box>
        </Box>
      )}
      {error && (
        <Input.Error id={errorId} role="alert" data-testid="dropzone-error">
          {error}
        </Input.Error>
      )}
      {files.length > 0 && (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={texts.chosen(label)}>
          {files.map((file, index) => {
            const problem = fileError?.(index);
            return (
              <li key={fileKey(file)} data-testid="chosen-file">
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name} ({formatFileSize(file.size, locale)})
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={disabled}
                    aria-label={texts.removeFile(file.name)}
                    onClick={() => {
                      setRefused([]);
                      onChange(files.filter((_, other) => other !== index));
                    }}
                  >
                    {texts.remove}
                  </Button>
                </Group>
                {problem && (
                  <Text size="sm" role="alert" style={{ color: ERROR_COLOR }} data-testid="file-error">
                    {problem}
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
