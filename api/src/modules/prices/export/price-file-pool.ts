import { asBuffer, workerModule, workerPool } from '../../../pdf/worker-pool';
import type { PriceFileTask, PriceFileWriter } from './price-file';

/** The worker entry: price-file.ts. */
const WORKER_FILE = workerModule(import.meta.url, './price-file');

/** Price files written by up to `threads` worker threads; `close` ends them. */
export function priceFilePool(threads: number): { write: PriceFileWriter; close: () => Promise<void> } {
  const pool = workerPool<PriceFileTask, Buffer | Uint8Array>(WORKER_FILE, threads);
  return { write: async (task) => asBuffer(await pool.run(task)), close: pool.close };
}
