import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ComplaintFileField } from '@portal/shared-contracts/complaints';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db';
import { notFound } from '../../http/problem';
import type { FileStorage, StoredFile } from '../../storage';
import { complaintAttachments } from './schema';
import type { SpooledFile } from './upload';

export type AttachmentRow = typeof complaintAttachments.$inferSelect;
/** A file put in storage whose row is not written yet. */
export type KeptFile = Omit<typeof complaintAttachments.$inferInsert, 'complaintId'> & { storageKey: string };

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/**
 * The files of complaints in the file storage (local folder or S3: api/src/storage) and their rows.
 * Files are put in storage before the complaint's transaction and taken out again if it fails, so
 * the transaction never waits on storage and nothing is left of a complaint that was not filed.
 */
export class ComplaintAttachmentStore {
  constructor(
    private readonly orm: Orm,
    private readonly storage: FileStorage,
    private readonly onError: (error: unknown, message: string) => void,
  ) {}

  /** Puts every file in storage under a fresh key; on a failure, removes those already put. */
  async keep(files: readonly SpooledFile[]): Promise<KeptFile[]> {
    const kept: KeptFile[] = [];
    try {
      for (const file of files) {
        const storageKey = `complaints/${randomUUID()}`;
        const contentType = file.contentType ?? 'application/octet-stream';
        await this.storage.put(storageKey, createReadStream(file.tempPath), { size: file.size, contentType });
        kept.push({
          storageKey,
          field: file.field,
          fileName: storedName(file.name),
          contentType,
          sizeBytes: file.size,
        });
      }
      return kept;
    } catch (error) {
      await this.forget(kept);
      throw error;
    }
  }

  /** Removes files whose complaint was not filed; a failure is logged (the file is then an orphan). */
  async forget(kept: readonly KeptFile[]): Promise<void> {
    for (const file of kept) {
      await this.storage.delete(file.storageKey).catch((error) => this.onError(error, 'orphan attachment not removed'));
    }
  }

  /** The attachments of these complaints, by complaint, oldest first. */
  async listFor(complaintIds: readonly number[]): Promise<Map<number, AttachmentRow[]>> {
    const byComplaint = new Map<number, AttachmentRow[]>();
    if (complaintIds.length === 0) return byComplaint;
    const rows = await this.orm
      .select()
      .from(complaintAttachments)
      .where(inArray(complaintAttachments.complaintId, [...complaintIds]))
      .orderBy(asc(complaintAttachments.id));
    for (const row of rows) byComplaint.set(row.complaintId, [...(byComplaint.get(row.complaintId) ?? []), row]);
    return byComplaint;
  }

  /** One attachment of a complaint the caller may already see, with its bytes; 404 otherwise. */
  async open(complaintId: number, attachmentId: number): Promise<{ row: AttachmentRow; file: StoredFile }> {
    const [row] = await this.orm
      .select()
      .from(complaintAttachments)
      .where(and(eq(complaintAttachments.id, attachmentId), eq(complaintAttachments.complaintId, complaintId)));
    if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
    const file = await this.storage.get(row.storageKey);
    if (!file) {
      this.onError(new Error(`attachment ${row.id}: no file under ${row.storageKey}`), 'attachment file missing');
      throw notFound(ATTACHMENT_NOT_FOUND);
    }
    return { row, file };
  }
}

/** The name kept for the download: at most 200 characters, the extension kept. */
function storedName(name: string): string {
  const limit = 200;
  if (name.length <= limit) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  return name.slice(0, limit - extension.length) + extension;
}

export function attachmentResource(complaintId: number, row: AttachmentRow, base = '/api/complaints') {
  return {
    '@id': `${base}/${complaintId}/attachments/${row.id}`,
    '@type': 'ComplaintAttachment' as const,
    id: row.id,
    field: row.field as ComplaintFileField,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
  };
}
