// CPU-heavy work (PDF and XLSX files, reading uploaded workbooks, the development provider's
// password hashes) runs on worker threads so that the event loop keeps answering every other
// request (issues 19 and 36). One small pool per kind of work, started on first use. Each pool has
// a queue limit: work beyond it is refused at once (503 BUSY with Retry-After) instead of waiting
// behind a flood, so a flood stays with the flooder. A worker entry written in TypeScript (development,
// tests) runs with the process's `--import tsx` (or gets it: jest's workers have no loader); the
// production image runs compiled JavaScript (infra/build/server-build.mjs) and no loader at all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ApiError } from '../http/problem';

export interface WorkerPool<Task, Result> {
  /** Runs a task; 503 BUSY at once when the queue is full; `signal` aborts it (and ends its worker). */
  run(task: Task, options?: { signal?: AbortSignal; transferList?: Transferable[] }): Promise<Result>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** Tasks waiting for a thread, beyond those running; more are refused at once. Default 16 per thread. */
  maxQueue?: number;
  /** Heap limits of each worker: a task over them ends its worker, not the process. */
  resourceLimits?: ResourceLimits;
}

/** Seconds a refused caller is asked to wait (Retry-After) when a pool's queue is full. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const BUSY_MESSAGE = 'The server is busy with other work. Please try again in a few seconds.';

/** 503 with Retry-After: a pool's queue is full. */
export const busyError = () =>
  new ApiError(503, BUSY_MESSAGE, [{ propertyPath: '', message: BUSY_MESSAGE, code: 'BUSY' }], {
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  });

/** Why a task failed, when its pool (not the task's own code) ended it. */
export type PoolFailure = 'busy' | 'timeout' | 'memory' | null;

export function poolFailureOf(error: unknown): PoolFailure {
  if (error instanceof ApiError && error.status === 503) return 'busy';
  // Node's own errors (a worker out of memory) may come from another realm (jest): by name and code.
  const { name, code } = (typeof error === 'object' && error !== null ? error : {}) as { name?: string; code?: string };
  if (name === 'AbortError') return 'timeout';
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  return null;
}

/** Piscina's refusals when every thread is busy and the queue is full (its errors have no codes). */
const POOL_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

/**
 * The file of the worker entry `name` (e.g. `'./render'`) beside the calling module, with the
 * caller's own extension: `render.ts` when the sources run under tsx, `render.js` once compiled.
 * The server build (infra/build/server-build.mjs) finds these calls and compiles the entries too.
 */
export function workerModule(callerUrl: string, name: string): string {
  const caller = fileURLToPath(callerUrl);
  return path.resolve(path.dirname(caller), `${name}${path.extname(caller)}`);
}

/** The process's flags for a worker: a TypeScript entry needs tsx's loader, which jest's workers lack. */
function workerExecArgv(workerFile: string): string[] {
  const own = process.execArgv;
  if (!/\.(c|m)?ts$/.test(workerFile)) return own;
  return own.some((flag) => flag.includes('tsx')) ? own : [...own, '--import', 'tsx'];
}

/** A pool of up to `threads` workers running `workerFile`'s default export. */
export function workerPool<Task, Result>(
  workerFile: string,
  threads: number,
  options: WorkerPoolOptions = {},
): WorkerPool<Task, Result> {
  let pool: Piscina | null = null;
  const maxQueue = options.maxQueue ?? threads * 16;
  return {
    run: async (task, runOptions = {}) => {
      pool ??= new Piscina({
        filename: workerFile,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: 60_000,
        maxQueue,
        execArgv: workerExecArgv(workerFile),
        ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      });
      try {
        return (await pool.run(task, runOptions as Parameters<Piscina['run']>[1])) as Result;
      } catch (error) {
        // Piscina refuses a task at once when the queue is full: the caller gets the API's 503.
        if (POOL_FULL.has((error as { message?: string } | null)?.message ?? '')) throw busyError();
        throw error;
      }
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
