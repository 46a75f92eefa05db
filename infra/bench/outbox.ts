// Issue 37 item 2's outbox figures, printed by `npm run bench` (`BENCH_ONLY=outbox` alone):
//   - throughput: jobs written (each in a transaction of its own, as a producer writes them) and
//     delivered (a POST to a local receiver each, by the job engine's own fetch-run-complete loop)
//     per second; goal at least 2,000/s on PostgreSQL (DATABASE_URL), PGlite printed for comparison;
//   - the cost of writing a job inside a transaction: p50 of a small transaction with and without
//     `enqueue` (order payment writes its rows and then its jobs the same way); goal under 1 ms.
// On an empty database of its own (PGlite in a temporary folder, or the DATABASE_URL database with
// pg-boss' schema added to it).

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JobEngine, openDatabase } from '@portal/api';

export const OUTBOX_TARGETS = { deliveredPerSecond: 2000, enqueueP50Ms: 1 } as const;
const EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? 5000);
const SAMPLES = Number(process.env.BENCH_OUTBOX_SAMPLES ?? 1000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchOutbox(): Promise<void> {
  const dataDir = process.env.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), 'bench-outbox-'));
  const db = await openDatabase(
    dataDir ? { dataDir, migrate: false } : { url: process.env.DATABASE_URL, migrate: false },
  );
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const engine = await JobEngine.open(db);
    engine.handle<{ n: number }>('webhooks.deliver', async ({ n }) => {
      const answer = await fetch(url, { method: 'POST', body: JSON.stringify({ n }) });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    });

    const written = performance.now();
    for (let n = 0; n < EVENTS; n += 1) {
      await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', [{ n }], () => `shipment-${n}`));
    }
    const writeSeconds = (performance.now() - written) / 1000;
    const delivering = performance.now();
    await engine.drainJobs();
    const deliverSeconds = (performance.now() - delivering) / 1000;
    const perSecond = received / deliverSeconds;

    const plain: number[] = [];
    const withJob: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      let started = performance.now();
      await db.orm.transaction(async (tx) => {
        await tx.execute('select 1');
      });
      plain.push(performance.now() - started);
      started = performance.now();
      await db.orm.transaction(async (tx) => {
        await tx.execute('select 1');
        await engine.enqueue(tx, 'webhooks.deliver', [{ n: sample }], () => `sample-${sample}`);
      });
      withJob.push(performance.now() - started);
    }
    const added = median(withJob) - median(plain);
    await engine.stop();
    const driver = db.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(`\noutbox on ${driver} (${EVENTS} events):`);
    console.log(`  written: ${(EVENTS / writeSeconds).toFixed(0)}/s, one transaction each`);
    console.log(
      `  delivered: ${perSecond.toFixed(0)}/s to a local receiver (${received} received; goal ≥ ${OUTBOX_TARGETS.deliveredPerSecond}/s on PostgreSQL: ${perSecond >= OUTBOX_TARGETS.deliveredPerSecond ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  a job written inside a transaction adds ${added.toFixed(3)} ms p50 (goal < ${OUTBOX_TARGETS.enqueueP50Ms} ms: ${added < OUTBOX_TARGETS.enqueueP50Ms ? 'met' : 'NOT met'})`,
    );
  } finally {
    receiver.close();
    await db.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
