// Writing a contacts workbook (exceljs) off the event loop (issue 19): this file is both the
// in-process writer and the entry point of the worker threads. Reading an upload has a worker of
// its own with heap and time limits (src/spreadsheet/xlsx.ts, issue 36).
import { asBuffer, workerModule, workerPool } from '../../pdf/worker-pool';
import { type SpreadsheetLocale, type SpreadsheetRow, writeContactsWorkbook } from './spreadsheet';

export interface WorkbookTask {
  rows: SpreadsheetRow[];
  locale: SpreadsheetLocale;
}

export type WorkbookWriter = (task: WorkbookTask) => Promise<Buffer>;

export function writeWorkbook({ rows, locale }: WorkbookTask): Promise<Buffer> {
  return writeContactsWorkbook(rows, locale);
}

// Piscina calls a worker file's default export.
export default writeWorkbook;

const WORKER_FILE = workerModule(import.meta.url, './workbook-writer');

/** Up to `threads` worker threads writing workbooks; 0: in the caller's thread. */
export function workbookWriter(threads: number): { write: WorkbookWriter; close: () => Promise<void> } {
  if (threads <= 0) return { write: writeWorkbook, close: async () => {} };
  const pool = workerPool<WorkbookTask, Buffer | Uint8Array>(WORKER_FILE, threads);
  return { write: async (task) => asBuffer(await pool.run(task)), close: pool.close };
}
