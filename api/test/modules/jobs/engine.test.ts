/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../src/db';
import { JOB_POLICIES, type JobAttempt, JobEngine } from '../../../src/modules/jobs';
import { onServer, withDatabaseName } from '../../templates/templates';

// The one job engine (issue 37 item 2) on the database the run uses: PGlite, or PostgreSQL when
// DATABASE_URL is set. No timer is waited on: every job runs through drainJobs.

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(__dirname, '../../../..');

/** A database of its own, empty (the engine needs none of the portal's tables), and how to reach it from another process. */
async function emptyDatabase(): Promise<{
  open: () => Promise<Database>;
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}> {
  if (serverUrl) {
    const name = `${process.env.TEST_DATABASE_PREFIX ?? 'portal'}_jobs_${process.pid}_${Date.now().toString(36)}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = withDatabaseName(serverUrl, name);
    return {
      open: () => openDatabase({ url, migrate: false }),
      env: { DATABASE_URL: url },
      drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));
  return {
    open: () => openDatabase({ dataDir, migrate: false }),
    env: { PGLITE_DIR: dataDir, DATABASE_URL: '' },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Runs commit-then-die.ts until it says it committed, then kills it with SIGKILL. */
function commitThenDie(env: NodeJS.ProcessEnv, marker: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/modules/jobs/commit-then-die.ts'], {
    cwd: root,
    env: { ...process.env, ...env, MARKER: marker },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`committed ${marker}`)) {
        child.kill('SIGKILL');
        child.once('exit', () => resolve());
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the producer ended by itself (${code}):\n${output}`));
    });
  });
}

describe('the job engine', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let db: Database;
  let engine: JobEngine;

  // A file-backed PGlite made and given pg-boss' schema: about 5 s on an idle machine, once over 60 s
  // on one busy with other work (a CI run failed on the hook's limit): the limit only guards a hang.
  beforeAll(async () => {
    database = await emptyDatabase();
    db = await database.open();
    engine = await JobEngine.open(db);
  }, 240_000);
  afterAll(async () => {
    await engine?.stop();
    await db?.close();
    await database?.drop();
  });

  it('runs a job only if the transaction that wrote it committed, and then once', async () => {
    const seen: string[] = [];
    engine.handle<{ marker: string }>('webhooks.deliver', async ({ marker }) => {
      seen.push(marker);
    });
    await expect(
      db.orm.transaction(async (tx) => {
        await engine.enqueue(tx, 'webhooks.deliver', [{ marker: 'rolled back' }], () => 'a');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', [{ marker: 'committed' }], () => 'a'));
    expect(await engine.drainJobs()).toBe(1);
    expect(await engine.drainJobs({ includeDelayed: true })).toBe(0);
    expect(seen).toEqual(['committed']);
  });

  it('tries a failing job again as its kind declares, then gives it up', async () => {
    const policy = JOB_POLICIES['webhooks.deliver'];
    const attempts: JobAttempt[] = [];
    engine.handle('webhooks.deliver', async (_data, attempt) => {
      attempts.push(attempt);
      throw new Error('the receiver is down');
    });
    await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', [{ marker: 'failing' }], () => 'b'));
    expect(await engine.drainJobs()).toBe(1);
    // Each wait: the declared delay doubled per failure, at most the declared maximum, plus the
    // engine's jitter (up to as much again, never past the maximum).
    for (let failures = 1; failures <= policy.retryLimit; failures += 1) {
      const [job] = (await engine.jobsOf('webhooks.deliver')).filter((candidate) => candidate.state === 'retry');
      expect(job).toMatchObject({ retryCount: failures - 1 });
      const least = Math.min(policy.retryDelayMaxSeconds, policy.retryDelaySeconds * 2 ** (failures - 1));
      const waits = (job!.startAfter.getTime() - Date.now()) / 1000;
      expect(waits).toBeGreaterThan(least - 10);
      expect(waits).toBeLessThanOrEqual(Math.min(policy.retryDelayMaxSeconds, 2 * least) + 1);
      // Not due before its wait is over.
      expect(await engine.drainJobs()).toBe(0);
      expect(await engine.drainJobs({ includeDelayed: true })).toBe(1);
    }
    expect(attempts).toHaveLength(policy.retryLimit + 1);
    expect(attempts.map((attempt) => attempt.lastAttempt)).toEqual([
      ...Array.from({ length: policy.retryLimit }, () => false),
      true,
    ]);
    // Given up: a keyed kind's job is completed with its failure, so that it holds no later job of its key.
    expect((await engine.jobsOf('webhooks.deliver')).map((job) => job.state)).toEqual(['completed', 'completed']);
    expect(await engine.drainJobs({ includeDelayed: true })).toBe(0);
  }, 60_000);

  it('on a later start writes only the queues whose settings changed, and brings those back to their policy', async () => {
    const queues = async () =>
      (
        (await db.orm.execute(
          sql`select name, retry_limit, updated_on from pgboss.queue order by name`,
        )) as unknown as {
          rows: { name: string; retry_limit: number; updated_on: Date | string }[];
        }
      ).rows;
    await db.orm.execute(sql`update pgboss.queue set retry_limit = 99 where name = 'webhooks.deliver'`);
    const before = await queues();
    expect(before.length).toBeGreaterThan(1);

    const again = await JobEngine.open(db);
    await again.stop();

    const after = await queues();
    const changed = after.filter(
      (queue) => String(queue.updated_on) !== String(before.find(({ name }) => name === queue.name)?.updated_on),
    );
    expect(changed.map(({ name }) => name)).toEqual(['webhooks.deliver']);
    expect(Number(changed[0]?.retry_limit)).toBe(JOB_POLICIES['webhooks.deliver'].retryLimit);
  });

  it('stops after the batch it is running when more jobs are due, and leaves them queued for the next instance', async () => {
    const seen: number[] = [];
    let stopping: Promise<void> | undefined;
    let stopAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      stopAsked = resolve;
    });
    // The first job asks the engine to stop, as a pod's termination would while a backlog is due.
    engine.handle<{ n: number }>('webhooks.deliver', async ({ n }) => {
      seen.push(n);
      if (!stopping) {
        stopping = engine.stop();
        stopAsked();
      }
    });
    const due = Array.from({ length: 60 }, (_, n) => ({ n }));
    await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', due, (job) => `stop-${job.n}`));
    engine.work();
    await asked;
    await stopping;
    // One batch (the engine fetches 20 of a kind at a time), not the whole backlog.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(20);
    const next = await JobEngine.open(db);
    engine = next;
    const rest: number[] = [];
    next.handle<{ n: number }>('webhooks.deliver', async ({ n }) => {
      rest.push(n);
    });
    expect(await next.drainJobs()).toBe(60 - seen.length);
    expect([...seen, ...rest].sort((a, b) => a - b)).toEqual(due.map(({ n }) => n));
  });

  it('delivers once a job whose producer was killed (kill -9) right after the commit', async () => {
    const marker = `killed-${Date.now()}`;
    if (!serverUrl) {
      // PGlite is one process's at a time (its folder lock): the producer has it, then the survivor.
      await engine.stop();
      await db.close();
    }
    await commitThenDie(database.env, marker);
    if (!serverUrl) {
      db = await database.open();
      engine = await JobEngine.open(db);
    }
    const seen: string[] = [];
    engine.handle<{ marker: string }>('webhooks.deliver', async (data) => {
      seen.push(data.marker);
    });
    expect(await engine.drainJobs()).toBe(1);
    expect(await engine.drainJobs({ includeDelayed: true })).toBe(0);
    expect(seen).toEqual([marker]);
  }, 120_000);
});
