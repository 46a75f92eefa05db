// Writing workbooks off the event loop (issues 19 and 36): this file is both the writer the
// composition root hands to every module that exports a workbook and the entry point of its worker
// threads. A module describes its file (workbook-plan.ts); a worker writes it with exceljs. Reading
// an upload has a worker of its own with heap and time limits (xlsx.ts `sheetReader`).
import { asBuffer, workerModule, workerPool } from '../pdf/worker-pool';
import { type WorkbookPlan, writeWorkbookPlan } from './workbook-plan';

/** Writes the workbook a plan describes; 503 BUSY at once when the writers' queue is full. */
export type WorkbookWriter = (plan: WorkbookPlan) => Promise<Buffer>;

// Piscina calls a worker file's default export.
export default writeWorkbookPlan;

const WORKER_FILE = workerModule(import.meta.url, './workbook-writer');

/** The API's workbook writers: `write` for the modules, `close` for the app's shutdown. */
export interface WorkbookWriters {
  write: WorkbookWriter;
  close(): Promise<void>;
}

/** Up to `threads` worker threads writing workbooks; 0: in the caller's thread (tests, tiny deployments). */
export function workbookWriter(threads: number): WorkbookWriters {
  if (threads <= 0) return { write: writeWorkbookPlan, close: async () => {} };
  const pool = workerPool<WorkbookPlan, Buffer | Uint8Array>(WORKER_FILE, threads);
  return { write: async (plan) => asBuffer(await pool.run(plan)), close: pool.close };
}
