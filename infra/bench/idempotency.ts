// Issue 38's idempotency figures, printed by `npm run bench` (`BENCH_ONLY=idempotency` alone):
//   - an idempotent replay (POST /api/orders again with the same Idempotency-Key and body: the
//     stored answer, `Idempotent-Replayed: true`) answers in under 5 ms p99 at one connection;
//   - creating an order with an Idempotency-Key costs under 10 % more than without (p50 compared).
// Both over HTTP against the production gateway (as `npm run serve` starts it) on a fresh PGlite
// folder with the API's seed data, signed in as the demo company user (orders.ts). Timed here
// with performance.now() around each request, one request at a time (one connection, keep-alive):
// the with-key and without-key creations alternate in blocks of BLOCK requests, so that whatever
// else the two shared cores do at that moment weighs on both alike. The load average is printed
// beside. Beside the clock, the gateway's own CPU time per request (/proc/<pid>/stat, the API and
// its PGlite being that one process): what the call costs, which other people's work on the
// machine does not lengthen as it lengthens the wall-clock figures.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, openDatabase } from '@portal/api';
import { loadAverage, startGateway, stopGateway } from './gateway';
import { CREATE_WORKFLOW, orderBody, type Session, signIn } from './orders';

/** Targets of issue 38 ("Performance"). */
export const IDEMPOTENCY_TARGETS = { replayP99Ms: 5, keyOverheadShare: 0.1 } as const;
const REPLAYS = Number(process.env.BENCH_IDEMPOTENCY_REPLAYS ?? 2000);
const CREATIONS = Number(process.env.BENCH_IDEMPOTENCY_CREATIONS ?? 500);
const WARM_UP = 50;
const BLOCK = 25;
/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The process's CPU time so far (user + system), in ms; null where /proc is not there. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU ms per request of a measured phase, or a note that it could not be read. */
const perRequest = (cpuMs: number | null, requests: number) =>
  cpuMs === null ? 'CPU time unknown' : `gateway CPU ${(cpuMs / requests).toFixed(2)} ms per request`;

/** The value at `share` (0.5, 0.99) of sorted latencies: nearest rank. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))] ?? Number.NaN;
}

/** How much more the with-key p50 is than the without-key one (0.05 = 5 % more). */
export function overhead(withKeyP50: number, withoutKeyP50: number): number {
  return withKeyP50 / withoutKeyP50 - 1;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const summary = (values: number[]) => {
  const all = sorted(values);
  return `p50 ${ms(percentile(all, 0.5))}, p99 ${ms(percentile(all, 0.99))}, max ${ms(all.at(-1) ?? Number.NaN)} (${all.length} requests)`;
};

/** DATABASE_URL: the bench seeds and serves that PostgreSQL database (the gateway inherits it). */
const databaseUrl = process.env.DATABASE_URL;

async function workflowIdOf(dataDir: string): Promise<number> {
  const db = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  try {
    // The modules seed workflows, tariffs, countries and the demo users while the app is built.
    const app = await buildApp({ db, logger: false });
    await app.close();
    const result = (await db.orm.execute(
      `select id from work_flows where seed_key = '${CREATE_WORKFLOW}'`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error(`no workflow ${CREATE_WORKFLOW}`);
    return id;
  } finally {
    await db.close();
  }
}

/** One POST /api/orders, timed to the last byte of its answer. */
async function create(base: string, session: Session, body: string, key: string | null) {
  const started = performance.now();
  const answer = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: {
      ...session.headers,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body,
  });
  const text = await answer.text();
  const elapsed = performance.now() - started;
  if (answer.status !== 201) throw new Error(`POST /api/orders answered ${answer.status}: ${text.slice(0, 300)}`);
  return { elapsed, replayed: answer.headers.get('idempotent-replayed') === 'true', text };
}

export async function benchIdempotency(port: number): Promise<void> {
  console.log('\nidempotency (issue 38): POST /api/orders with Idempotency-Key, one connection');
  console.log(`  database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite, in the gateway’s own thread'}`);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-idempotency-'));
  try {
    const workflowId = await workflowIdOf(dataDir);
    const gateway = await startGateway(port, dataDir);
    try {
      const session = await signIn(base, workflowId);
      let n = 0;
      // Warm-up: JIT, the workflow catalogue, PGlite's caches, both paths.
      for (let index = 0; index < WARM_UP; index++) {
        await create(base, session, JSON.stringify(orderBody(session, n++)), null);
        await create(base, session, JSON.stringify(orderBody(session, n++)), randomUUID());
      }

      // The replay: one order made with a key, then the same call again and again.
      const key = randomUUID();
      const body = JSON.stringify(orderBody(session, n++));
      const first = await create(base, session, body, key);
      if (first.replayed) throw new Error('the first call with a new key was answered as a replay');
      const replays: number[] = [];
      const replayLoad = loadAverage();
      const replayCpuBefore = cpuMsOf(gateway.pid);
      for (let index = 0; index < REPLAYS; index++) {
        const replay = await create(base, session, body, key);
        if (!replay.replayed || replay.text !== first.text) {
          throw new Error('a repeated call was not answered with the stored answer (Idempotent-Replayed: true)');
        }
        replays.push(replay.elapsed);
      }
      const replayCpuAfter = cpuMsOf(gateway.pid);
      const replayCpu = replayCpuBefore === null || replayCpuAfter === null ? null : replayCpuAfter - replayCpuBefore;
      const replayP99 = percentile(sorted(replays), 0.99);
      console.log(
        `  replay of a stored answer: ${summary(replays)}, ${perRequest(replayCpu, REPLAYS)};` +
          ` target p99 < ${IDEMPOTENCY_TARGETS.replayP99Ms} ms:` +
          ` ${replayP99 < IDEMPOTENCY_TARGETS.replayP99Ms ? 'met' : 'NOT met'} (${replayLoad}, before)`,
      );

      // Creation with and without a key, alternating block by block.
      const withKey: number[] = [];
      const withoutKey: number[] = [];
      let withKeyCpu: number | null = 0;
      let withoutKeyCpu: number | null = 0;
      const add = (total: number | null, before: number | null, after: number | null) =>
        total === null || before === null || after === null ? null : total + (after - before);
      const creationLoad = loadAverage();
      for (let done = 0; done < CREATIONS; done += BLOCK) {
        const size = Math.min(BLOCK, CREATIONS - done);
        let before = cpuMsOf(gateway.pid);
        for (let index = 0; index < size; index++) {
          withoutKey.push((await create(base, session, JSON.stringify(orderBody(session, n++)), null)).elapsed);
        }
        let after = cpuMsOf(gateway.pid);
        withoutKeyCpu = add(withoutKeyCpu, before, after);
        before = after;
        for (let index = 0; index < size; index++) {
          const keyed = await create(base, session, JSON.stringify(orderBody(session, n++)), randomUUID());
          if (keyed.replayed) throw new Error('a new key was answered as a replay');
          withKey.push(keyed.elapsed);
        }
        after = cpuMsOf(gateway.pid);
        withKeyCpu = add(withKeyCpu, before, after);
      }
      const withP50 = percentile(sorted(withKey), 0.5);
      const withoutP50 = percentile(sorted(withoutKey), 0.5);
      const extra = overhead(withP50, withoutP50);
      console.log(`  create without a key:      ${summary(withoutKey)}, ${perRequest(withoutKeyCpu, CREATIONS)}`);
      console.log(`  create with a new key:     ${summary(withKey)}, ${perRequest(withKeyCpu, CREATIONS)}`);
      if (withKeyCpu !== null && withoutKeyCpu !== null) {
        console.log(`  a key costs ${(overhead(withKeyCpu, withoutKeyCpu) * 100).toFixed(1)} % more gateway CPU time`);
      }
      console.log(
        `  a key costs ${(extra * 100).toFixed(1)} % more at p50 (${ms(withP50)} against ${ms(withoutP50)});` +
          ` target < ${IDEMPOTENCY_TARGETS.keyOverheadShare * 100} %:` +
          ` ${extra < IDEMPOTENCY_TARGETS.keyOverheadShare ? 'met' : 'NOT met'} (${creationLoad}, before; ${loadAverage()}, after)`,
      );
    } finally {
      await stopGateway(gateway);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
