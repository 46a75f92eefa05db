import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { ApiError } from '../../src/http/problem';
import { BUSY_RETRY_AFTER_SECONDS, poolFailureOf, type WorkerPool, workerPool } from '../../src/pdf/worker-pool';

// The bounded pools of CPU-heavy work (issue 36 item 4): a full queue refuses at once with a 503
// BUSY that asks to come back; an aborted task ends its worker and the pool goes on.

const HOLD_WORKER = fileURLToPath(new URL('./hold-worker.ts', import.meta.url));

type Pool = WorkerPool<{ port: MessagePort }, string>;

/** A held task: started (resolves when the worker runs it), release(), and its result. */
function held(pool: Pool, signal?: AbortSignal) {
  const { port1, port2 } = new MessageChannel();
  const started = once(port1, 'message');
  const result = pool.run({ port: port2 }, { transferList: [port2], ...(signal ? { signal } : {}) });
  return {
    started,
    result,
    release: (word: string) => port1.postMessage(word),
    close: () => port1.close(),
  };
}

describe('worker pools', () => {
  let pool: Pool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('refuses a task at once with 503 BUSY and Retry-After when its one thread is busy and its queue is full', async () => {
    pool = workerPool(HOLD_WORKER, 1, { maxQueue: 1 });
    const first = held(pool);
    await first.started;
    const second = held(pool);
    const third = held(pool);
    const refusal = await third.result.then(
      () => null,
      (error: unknown) => error,
    );
    third.close();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 503,
      headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
      violations: [{ propertyPath: '', code: 'BUSY' }],
    });
    expect(poolFailureOf(refusal)).toBe('busy');

    // The work already accepted is done, in order; then the pool takes work again.
    first.release('one');
    expect(await first.result).toBe('released: one');
    await second.started;
    second.release('two');
    expect(await second.result).toBe('released: two');
    first.close();
    second.close();
    const fourth = held(pool);
    await fourth.started;
    fourth.release('four');
    expect(await fourth.result).toBe('released: four');
    fourth.close();
  });

  it('ends a task that is aborted (its time limit) and goes on with the next one on a new worker', async () => {
    pool = workerPool(HOLD_WORKER, 1, { maxQueue: 1 });
    const controller = new AbortController();
    const stuck = held(pool, controller.signal);
    await stuck.started;
    controller.abort();
    const failure = await stuck.result.then(
      () => null,
      (error: unknown) => poolFailureOf(error),
    );
    stuck.close();
    expect(failure).toBe('timeout');
    const next = held(pool);
    await next.started;
    next.release('after');
    expect(await next.result).toBe('released: after');
    next.close();
  });
});
