import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeText, UNSAFE_TEXT_CODE, UNSAFE_TEXT_MESSAGE } from '@portal/shared-contracts';
import {
  COMPLAINT_CODES,
  COMPLAINT_FILE_FIELDS,
  COMPLAINT_MESSAGES,
  type ComplaintFileField,
  complaintFilePath,
  complaintFileViolations,
  contentMatchesName,
  MAX_ATTACHMENT_BYTES,
  MAX_COMPLAINT_ATTACHMENTS,
} from '@portal/shared-contracts/complaints';
import type { FastifyRequest } from 'fastify';
import { ApiError, type Violation } from '../../http/problem';
import { unsafeTextViolations } from '../../http/safe-text';
import { UNEXPECTED_FIELD_MESSAGE } from '../../http/violations';
import { detectContentType } from './file-content';

/** The multipart field that carries the complaint's fields as JSON (the same body as the JSON route). */
export const COMPLAINT_FIELD = 'complaint';

/**
 * The limits handed to the multipart parser (@fastify/multipart, busboy). A file is cut at the SPEC
 * §5 limit and marked truncated, which the size rule then refuses. Files beyond the allowed count
 * are read past (never written), so the count rule can say so beside the field, up to twice the
 * count; a request with more than that is no form's and the parser answers 413.
 */
const MAX_FIELDS = 4;
const MAX_FILES = MAX_COMPLAINT_ATTACHMENTS * 2;
export const UPLOAD_LIMITS = {
  fileSize: MAX_ATTACHMENT_BYTES,
  files: MAX_FILES,
  fields: MAX_FIELDS,
  fieldSize: 64 * 1024,
  parts: MAX_FILES + MAX_FIELDS,
};

/** A file of the upload, written to the request's temporary folder while it arrived. */
export interface SpooledFile {
  field: ComplaintFileField;
  /** Where violations about it are reported: `attachments[0]`. */
  path: string;
  name: string;
  size: number;
  /** On disk until the request ends. */
  tempPath: string;
  /** Detected from the content once the name and size rules passed. */
  contentType: string | null;
}

export interface ComplaintUpload {
  /** The parsed `complaint` field ({} without one: the complaint rules then name every missing field). */
  body: unknown;
  files: SpooledFile[];
  /** The files' violations (name, size, count, content) and those of unexpected fields. */
  violations: Violation[];
  /** Removes the temporary files; called whatever happens to the request. */
  dispose(): Promise<void>;
}

const isFileField = (name: string): name is ComplaintFileField =>
  (COMPLAINT_FILE_FIELDS as readonly string[]).includes(name);

/** Reads the rest of a part nobody keeps, so the parser moves on to the next one. */
async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise<void>((resolve, reject) => stream.once('end', resolve).once('error', reject));
}

/**
 * Reads a multipart complaint as it streams in: the `complaint` JSON field and up to
 * MAX_COMPLAINT_ATTACHMENTS files in `attachments` and `proofOfValue`, each written to a temporary
 * folder (never held in memory) and cut at the size limit. Then the SPEC §5 rules: name, size and
 * count (the shared rules the form runs), and the content's real type by its magic bytes. Nothing
 * here is stored: the caller keeps the files only if everything passes, and disposes of the folder.
 */
export async function readComplaintUpload(request: FastifyRequest): Promise<ComplaintUpload> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-complaint-'));
  const upload: ComplaintUpload = {
    body: {},
    files: [],
    violations: [],
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
  try {
    let complaintSeen = false;
    const perField: Record<ComplaintFileField, number> = { attachments: 0, proofOfValue: 0 };
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== COMPLAINT_FIELD || complaintSeen) {
          upload.violations.push(unexpected(part.fieldname));
        } else {
          complaintSeen = true;
          upload.body = parseComplaintField(part.value, part.valueTruncated);
        }
        continue;
      }
      if (!isFileField(part.fieldname)) {
        await discard(part.file);
        upload.violations.push(unexpected(part.fieldname));
        continue;
      }
      const field = part.fieldname;
      const tempPath = join(folder, String(upload.files.length));
      if (upload.files.length >= MAX_COMPLAINT_ATTACHMENTS) {
        // One too many: counted (the count rule refuses it), never written.
        await discard(part.file);
      } else {
        await pipeline(part.file, createWriteStream(tempPath, { mode: 0o600 }));
      }
      const size = part.file.truncated ? MAX_ATTACHMENT_BYTES + 1 : part.file.bytesRead;
      // A file input left empty is sent as a nameless, empty part: no file.
      if (size === 0 && part.filename === '') continue;
      upload.files.push({
        field,
        path: complaintFilePath(field, perField[field]++),
        name: part.filename,
        size,
        tempPath,
        contentType: null,
      });
    }
    upload.violations.push(...(await fileViolations(upload.files)));
    return upload;
  } catch (error) {
    await upload.dispose();
    throw error;
  }
}

function unexpected(fieldName: string): Violation {
  const name = isSafeText(fieldName) ? fieldName : JSON.stringify(fieldName).slice(1, -1);
  return { propertyPath: name, message: UNEXPECTED_FIELD_MESSAGE, code: 'UNEXPECTED_FIELD' };
}

/** The `complaint` field: JSON text, checked by the text rule like every JSON body. */
function parseComplaintField(value: unknown, truncated: boolean): unknown {
  if (truncated || typeof value !== 'string') throw new ApiError(413, 'The complaint field is too large.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ApiError(400, 'Malformed JSON in request body');
  }
  const unsafe = unsafeTextViolations(parsed);
  if (unsafe.length > 0) throw new ApiError(422, unsafe.map((v) => v.message).join('\n'), unsafe);
  return parsed;
}

/** Name, size and count by the shared rules; then, for each file that passed, its content. */
async function fileViolations(files: SpooledFile[]): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const file of files) {
    if (!isSafeText(file.name)) {
      found.push({ propertyPath: file.path, message: UNSAFE_TEXT_MESSAGE, code: UNSAFE_TEXT_CODE });
    }
  }
  const named = complaintFileViolations(files.map(({ field, name, size }) => ({ field, name, size })));
  found.push(...named);
  const refused = new Set(found.map((violation) => violation.propertyPath));
  for (const file of files.slice(0, MAX_COMPLAINT_ATTACHMENTS)) {
    if (refused.has(file.path)) continue;
    file.contentType = await detectContentType(file.tempPath);
    if (!contentMatchesName(file.name, file.contentType)) {
      found.push({
        propertyPath: file.path,
        message: COMPLAINT_MESSAGES.attachmentContent,
        code: COMPLAINT_CODES.attachmentContent,
      });
    }
  }
  return found;
}
