import { type RuleViolation, violation } from '../rules/violations';
import {
  COMPLAINT_ATTACHMENT_EXTENSIONS,
  COMPLAINT_CODES,
  COMPLAINT_MESSAGES,
  hasAcceptedAttachmentExtension,
  MAX_ATTACHMENT_BYTES,
} from './rules';

// SPEC §3 Complaint has two file fields, "attachment" and "proof of value document", and SPEC §5
// Uploads their types and limit. The form checks names and sizes with these functions before it
// sends anything; the API runs the same checks and then the one only it can make, the content.

/** The multipart field names of a complaint's files (SPEC §3: attachment, proof of value document). */
export const COMPLAINT_FILE_FIELDS = ['attachments', 'proofOfValue'] as const;
export type ComplaintFileField = (typeof COMPLAINT_FILE_FIELDS)[number];

/** Files one complaint may carry, both fields together: enough photos and papers, bounded work per request. */
export const MAX_COMPLAINT_ATTACHMENTS = 5;

export type AttachmentExtension = (typeof COMPLAINT_ATTACHMENT_EXTENSIONS)[number];

/**
 * The media types each accepted extension's content may be, as magic-byte detection names them.
 * `doc` is an OLE compound file: recognised as Word by its root CLSID, or unrecognised when a tool
 * left the CLSID empty (an installer, `.msi`, is recognised as one and refused). `edoc` is Latvia's
 * e-signature container, an ETSI ASiC-E zip.
 */
export const ATTACHMENT_CONTENT_TYPES: Readonly<Record<AttachmentExtension, readonly string[]>> = {
  doc: ['application/msword', 'application/x-cfb'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  png: ['image/png'],
  pdf: ['application/pdf'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  edoc: ['application/vnd.etsi.asic-e+zip'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  heic: ['image/heic', 'image/heif'],
  webp: ['image/webp'],
};

/** The file input's `accept`: the extensions (browsers do not know every media type above). */
export const ATTACHMENT_ACCEPT = COMPLAINT_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The accepted extension of a file name, lower case, or null. */
export function attachmentExtension(fileName: string): AttachmentExtension | null {
  if (!hasAcceptedAttachmentExtension(fileName)) return null;
  return (fileName.split('.').pop() ?? '').toLowerCase() as AttachmentExtension;
}

/**
 * Does the content's detected media type fit the file's name? An executable renamed to `.pdf`
 * detects as something else (or as nothing) and is refused; so is a real PNG named `.pdf`, which
 * would open in the wrong program at the post.
 */
export function contentMatchesName(fileName: string, detectedType: string | null | undefined): boolean {
  const extension = attachmentExtension(fileName);
  return extension !== null && !!detectedType && ATTACHMENT_CONTENT_TYPES[extension].includes(detectedType);
}

/** One chosen file as the form or the API knows it before reading its content. */
export interface ComplaintFile {
  field: ComplaintFileField;
  name: string;
  size: number;
}

/** Where a file's violations are shown: `attachments[1]`, `proofOfValue[0]`. */
export const complaintFilePath = (field: ComplaintFileField, index: number) => `${field}[${index}]`;

/**
 * The name, size and count rules of SPEC §5 Uploads for a complaint's files (not their content).
 * `index` numbers each field's files from 0 in the order they were chosen.
 */
export function complaintFileViolations(files: readonly ComplaintFile[]): RuleViolation[] {
  const found: RuleViolation[] = [];
  const seen: Record<ComplaintFileField, number> = { attachments: 0, proofOfValue: 0 };
  for (const file of files) {
    const path = complaintFilePath(file.field, seen[file.field]++);
    found.push(...singleFileViolations(path, file));
  }
  if (files.length > MAX_COMPLAINT_ATTACHMENTS) {
    found.push(violation('attachments', COMPLAINT_MESSAGES.attachmentCount, COMPLAINT_CODES.attachmentCount));
  }
  return found;
}

/** One file's name and size rules, at `path`. */
export function singleFileViolations(path: string, file: { name: string; size: number }): RuleViolation[] {
  if (!hasAcceptedAttachmentExtension(file.name)) {
    return [violation(path, COMPLAINT_MESSAGES.attachmentType, COMPLAINT_CODES.attachmentType)];
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return [violation(path, COMPLAINT_MESSAGES.attachmentSize, COMPLAINT_CODES.attachmentSize)];
  }
  if (file.size === 0) return [violation(path, COMPLAINT_MESSAGES.attachmentEmpty, COMPLAINT_CODES.attachmentEmpty)];
  return [];
}
