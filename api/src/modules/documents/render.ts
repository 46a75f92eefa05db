// The documents of a paid shipment written off the event loop (issue 19): this file is both the
// in-process renderer and the entry point of the worker threads (`documentRenderer(threads)`).
import { asBuffer, workerModule, workerPool } from '../../pdf/worker-pool';
import { renderCustomsDeclaration } from './customs';
import { renderLabels } from './label-formats';
import type { LabelFormat, PrintableShipment } from './model';

export type DocumentTask =
  | { kind: 'labels'; shipments: PrintableShipment[]; format: LabelFormat }
  | { kind: 'customs'; shipment: PrintableShipment };

export type DocumentRenderer = (task: DocumentTask) => Promise<Buffer>;

export async function renderDocument(task: DocumentTask): Promise<Buffer> {
  return task.kind === 'labels'
    ? renderLabels(task.shipments, { format: task.format })
    : renderCustomsDeclaration(task.shipment);
}

// Piscina calls a worker file's default export.
export default renderDocument;

const WORKER_FILE = workerModule(import.meta.url, './render');

/** Up to `threads` worker threads writing the documents; 0: in the caller's thread. */
export function documentRenderer(threads: number): { render: DocumentRenderer; close: () => Promise<void> } {
  if (threads <= 0) return { render: renderDocument, close: async () => {} };
  const pool = workerPool<DocumentTask, Buffer | Uint8Array>(WORKER_FILE, threads);
  return { render: async (task) => asBuffer(await pool.run(task)), close: pool.close };
}
