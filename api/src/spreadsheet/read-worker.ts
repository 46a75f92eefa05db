// The entry of the worker threads that read uploaded workbooks (xlsx.ts `sheetReader`): the real
// unpacked sizes, then exceljs, under the pool's heap limit. Piscina calls the default export.
import { ApiError } from '../http/problem';
import { asBuffer } from '../pdf/worker-pool';
import { readSheetHere, type SheetOutcome, type SheetTask } from './xlsx';

export default async function readSheetInWorker({ file, spec, budget, started }: SheetTask): Promise<SheetOutcome> {
  started?.postMessage('started');
  started?.close();
  try {
    return { ok: true, sheet: await readSheetHere(asBuffer(file), spec, budget) };
  } catch (error) {
    if (error instanceof ApiError) {
      return { ok: false, status: error.status, message: error.message, violations: error.violations };
    }
    throw error;
  }
}
