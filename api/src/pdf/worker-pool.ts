// CPU-heavy documents (PDF, XLSX) are written on worker threads so that the event loop keeps
// answering every other request (issue 19). One small pool per kind of document, started on first
// use; the workers inherit the process's `--import tsx`, so they load the same TypeScript sources.
import { Piscina } from 'piscina';

export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  close(): Promise<void>;
}

/** A pool of up to `threads` workers running `workerFile`'s default export. */
export function workerPool<Task, Result>(workerFile: string, threads: number): WorkerPool<Task, Result> {
  let pool: Piscina | null = null;
  return {
    run: async (task: Task) => {
      pool ??= new Piscina({ filename: workerFile, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
      return (await pool.run(task)) as Result;
    },
    close: async () => {
      await pool?.destroy();
    },
  };
}

/** Bytes that crossed from a worker thread arrive as a Uint8Array: the same memory as a Buffer. */
export function asBuffer(bytes: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
