import {
  ATTACHMENT_CONTENT_TYPES,
  type ComplaintFileField,
  complaintFilePath,
  MAX_ATTACHMENT_BYTES,
  MAX_COMPLAINT_ATTACHMENTS,
} from '@portal/shared-contracts/complaints';
import { usePlatform } from '@portal/shared-contracts/react';
import { Skeleton } from '@portal/shared-contracts/ui';
import type { DropzoneAccept } from '@portal/shared-contracts/ui/dropzone';
import { lazy, Suspense } from 'react';

// This remote's pages come in one piece; the drop zone (a shared entry, ~11 KB gzip) loads when the
// complaint form shows it, not with every page of the account.
const FileDropzone = lazy(() =>
  import('@portal/shared-contracts/ui/dropzone').then((module) => ({ default: module.FileDropzone })),
);

/** SPEC §5 Uploads' types as the drop zone takes them: each extension under the media type browsers give it. */
const ATTACHMENT_DROP_ACCEPT: DropzoneAccept = Object.entries(ATTACHMENT_CONTENT_TYPES).reduce<
  Record<string, string[]>
>((accept, [extension, [type = 'application/octet-stream']]) => {
  accept[type] = [...(accept[type] ?? []), `.${extension}`];
  return accept;
}, {});

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
 * One of the complaint's file fields as the portal's drop zone: the chosen files listed with their
 * sizes, a remove button and each its own error (SPEC §5 Uploads: the API names a refused file by
 * its place, `attachments[1]`); the zone refuses a wrong type or a file over 30 MB when chosen.
 */
export function FileField({ field, label, hint, multiple, files, onChange, errorOf }: FileFieldProps) {
  const { locale } = usePlatform();
  return (
    <Suspense fallback={<Skeleton height={150} radius="md" />}>
      <FileDropzone
        data-testid={`complaint-${field}`}
        name={field}
        label={label}
        hint={hint}
        locale={locale}
        accept={ATTACHMENT_DROP_ACCEPT}
        maxSize={MAX_ATTACHMENT_BYTES}
        maxFiles={multiple ? MAX_COMPLAINT_ATTACHMENTS : 1}
        files={files}
        onChange={onChange}
        error={errorOf(field)}
        fileError={(index) => errorOf(complaintFilePath(field, index))}
      />
    </Suspense>
  );
}
