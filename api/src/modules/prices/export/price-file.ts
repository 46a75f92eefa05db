// Writing a price table as a file (PDF or XLSX): CPU-heavy, so the API hands it to a pool of
// worker threads (issue 19: 60 PDF exports at once held the event loop for five seconds and every
// other request with it). This file is both the in-process writer and the workers' entry point.
import { writePricePdf } from './price-pdf';
import type { PriceTable } from './price-table';
import { writePriceXlsx } from './price-xlsx';

export interface PriceFileTask {
  format: 'pdf' | 'xlsx';
  table: PriceTable;
  /** ISO time the file is dated with. */
  createdAt: string;
}

/** Writes the file; `Uint8Array` when it crossed from a worker thread. */
export type PriceFileWriter = (task: PriceFileTask) => Promise<Buffer | Uint8Array>;

export async function writePriceFile({ format, table, createdAt }: PriceFileTask): Promise<Buffer> {
  const date = new Date(createdAt);
  return format === 'pdf' ? writePricePdf(table, date) : writePriceXlsx(table, date);
}

// Piscina calls a worker file's default export.
export default writePriceFile;
