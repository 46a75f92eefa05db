// Issue 37 item 2's outbox figures, printed by `npm run bench` (`BENCH_ONLY=outbox` alone):
//   - written: jobs written each in a transaction of its own (as a producer writes them), by
//     BENCH_OUTBOX_PRODUCERS concurrent producers (requests of the portal run side by side);
//   - delivered: the written jobs run by drainJobs, each a POST to a local receiver;
//   - written and delivered: the same number written by the producers while the engine works them
//     with its own loop (`work`, woken by each commit as the modules wake it), timed from the first
//     write to the last delivery: the end-to-end figure; goal at least 2,000/s on PostgreSQL
//     (DATABASE_URL), PGlite printed for comparison;
//   - the cost of writing a job inside a transaction: p50 of a small writing transaction (one row
//     inserted, committed: order payment writes its rows and then its jobs in one transaction) with
//     and without `enqueue`; goal under 1 ms;
//   - for scale, a one-row insert transaction into a plain table by the same producers: what this
//     machine commits per second at all.
// On an empty database of its own (PGlite in a temporary folder, or the DATABASE_URL database with
// pg-boss' schema added to it). The load average is printed beside the figures (2-core machine
// shared with other work: figures move with it).

import { readFileSync } from 'node:fs';
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
const PRODUCERS = Number(process.env.BENCH_OUTBOX_PRODUCERS ?? 8);

const loadAverage = () => `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;

/** Runs `write(n)` for n = from … from + count - 1 on `producers` concurrent lanes. */
async function produce(count: number, from: number, producers: number, write: (n: number) => Promise<void>) {
  let next = from;
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (next < from + count) {
        const n = next;
        next += 1;
        await write(n);
      }
    }),
  );
}

/** This process' CPU time (user + system) as a share of `seconds` of wall time: 1.0 is one core busy all along. */
const cpuShare = (since: NodeJS.CpuUsage, seconds: number) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6 / seconds;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchOutbox(port = 0): Promise<void> {
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
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const engine = await JobEngine.open(db);
    engine.handle<{ n: number }>('webhooks.deliver', async ({ n }) => {
      const answer = await fetch(url, { method: 'POST', body: JSON.stringify({ n }) });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    });

    // A plain table beside pg-boss' (dropped at the end): the transactions the jobs are compared with.
    await db.orm.execute('create table if not exists bench_outbox_rows (id serial primary key, n int not null)');
    // A number of the bench's own, written into the statement (the transaction's `execute` takes text).
    const plainWrite = (tx: { execute: (query: string) => Promise<unknown> }, n: number) =>
      tx.execute(`insert into bench_outbox_rows (n) values (${Math.trunc(n)})`);
    const write = async (n: number) => {
      await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', [{ n }], () => `shipment-${n}`));
    };
    const loadBefore = loadAverage();
    let cpu = process.cpuUsage();
    const written = performance.now();
    await produce(EVENTS, 0, PRODUCERS, write);
    const writeSeconds = (performance.now() - written) / 1000;
    const writeCpu = cpuShare(cpu, writeSeconds);
    cpu = process.cpuUsage();
    const delivering = performance.now();
    await engine.drainJobs();
    const deliverSeconds = (performance.now() - delivering) / 1000;
    const perSecond = received / deliverSeconds;
    const deliverCpu = cpuShare(cpu, deliverSeconds);
    const drained = received;

    const baselineStarted = performance.now();
    await produce(EVENTS, 0, PRODUCERS, (n) => db.orm.transaction((tx) => plainWrite(tx, n)).then(() => undefined));
    const baselinePerSecond = EVENTS / ((performance.now() - baselineStarted) / 1000);

    const plain: number[] = [];
    const withJob: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      let started = performance.now();
      await db.orm.transaction(async (tx) => {
        await plainWrite(tx, sample);
      });
      plain.push(performance.now() - started);
      started = performance.now();
      await db.orm.transaction(async (tx) => {
        await plainWrite(tx, sample);
        await engine.enqueue(tx, 'webhooks.deliver', [{ n: sample }], () => `sample-${sample}`);
      });
      withJob.push(performance.now() - started);
    }

    // The samples' jobs delivered first: the end-to-end figure counts its own events only.
    await engine.drainJobs();

    // End to end: the producers write while the engine's own loop works, woken by each commit.
    let allDelivered: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => {
      allDelivered = resolve;
    });
    const target = received + EVENTS;
    const watch = setInterval(() => {
      if (received >= target) allDelivered();
    }, 5);
    cpu = process.cpuUsage();
    const endToEnd = performance.now();
    engine.work();
    await produce(EVENTS, EVENTS, PRODUCERS, async (n) => {
      await write(n);
      engine.wake();
    });
    await delivered;
    clearInterval(watch);
    const endToEndSeconds = (performance.now() - endToEnd) / 1000;
    const endToEndPerSecond = EVENTS / endToEndSeconds;
    const endToEndCpu = cpuShare(cpu, endToEndSeconds);
    await engine.stop();

    const added = median(withJob) - median(plain);
    const driver = db.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `\noutbox on ${driver} (${EVENTS} events, ${PRODUCERS} producers; ${loadBefore} before, ${loadAverage()} after):`,
    );
    // The bench's process (producers, engine, HTTP client and receiver on one event loop): a share
    // near 1.0 says that one thread is what limits the figure, not the database.
    const share = (value: number) => `this process ${(value * 100).toFixed(0)} % of a core`;
    console.log(`  written: ${(EVENTS / writeSeconds).toFixed(0)}/s, one transaction each (${share(writeCpu)})`);
    console.log(
      `  for scale, a one-row insert into a plain table, one transaction each: ${baselinePerSecond.toFixed(0)}/s`,
    );
    console.log(
      `  delivered (drainJobs): ${perSecond.toFixed(0)}/s to a local receiver (${drained} received; ${share(deliverCpu)})`,
    );
    console.log(
      `  written and delivered (the engine's own loop): ${endToEndPerSecond.toFixed(0)}/s (${share(endToEndCpu)}; goal ≥ ${OUTBOX_TARGETS.deliveredPerSecond}/s on PostgreSQL: ${met(endToEndPerSecond >= OUTBOX_TARGETS.deliveredPerSecond)})`,
    );
    console.log(
      `  a job written inside a transaction adds ${added.toFixed(3)} ms p50 (${median(plain).toFixed(3)} → ${median(withJob).toFixed(3)} ms; goal < ${OUTBOX_TARGETS.enqueueP50Ms} ms: ${met(added < OUTBOX_TARGETS.enqueueP50Ms)})`,
    );
  } finally {
    await db.orm.execute('drop table if exists bench_outbox_rows').catch(() => undefined);
    receiver.close();
    await db.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
