import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type JobWithMetadata, type PGliteLike, PgBoss } from 'pg-boss';

type IDatabase = ReturnType<typeof fromPglite>;
type Row = Record<string, unknown>;

import type { Database } from '../../db';
import { JOB_KINDS, JOB_POLICIES, type JobKind, type RetryPolicy } from './policies';

/** pg-boss keeps its tables in a schema of their own: none of them belongs to a module. */
/** pg-boss' start tries (1, 2, 4, 8 s apart): enough for another instance to finish installing. */
const START_ATTEMPTS = 5;
const STOP_GRACE_MS = 5_000;
/** How long a stop may take in all (a running pass, then pg-boss' own stop). */
const STOP_LIMIT_MS = 8_000;
const SCHEMA = 'pgboss';
/** Jobs one fetch takes of a kind; they run together. */
const BATCH = 20;
/** How often a working instance looks for due jobs besides being woken by a commit (retries come due meanwhile). */
const POLL_MS = 2_000;
/** drainJobs gives up after this many rounds: a job that fails for ever with `includeDelayed` would loop. */
const MAX_DRAIN_ROUNDS = 1_000;

/** The attempt a handler runs: the last one of its policy tells the module to record the job as given up. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/** A transaction of the producer (Drizzle's, on PGlite or PostgreSQL): the job commits with its change. */
export interface ProducerTx {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

export interface JobEngineLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What /metrics tells of one kind (http/metrics.ts). */
export interface JobKindStats {
  kind: JobKind;
  /** Jobs waiting: created or waiting for a retry, due or not. */
  waiting: number;
  /** Age of the oldest waiting job, seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

/** Told of every attempt's end: the metrics count failures and retries per kind. */
export type AttemptObserver = (kind: JobKind, outcome: 'completed' | 'retrying' | 'failed') => void;

/**
 * A queue of one scheduled job (scheduler.ts): at most one job of it queued or running at a time
 * (pg-boss' `exclusive` policy), never tried again (the next slot is the retry).
 */
export interface ScheduledQueue {
  expireInSeconds: number;
  /** How long pg-boss keeps a finished run (the jobs' history, JOB_HISTORY_DAYS). */
  deleteAfterSeconds: number;
}

/** The handlers' queues: the kinds of JOB_POLICIES, and the scheduled jobs' (`scheduled.<name>`). */
export type QueueName = JobKind | `scheduled.${string}`;

type StoredQueue = Awaited<ReturnType<PgBoss['getQueues']>>[number];
type QueuePolicy = 'key_strict_fifo' | 'exclusive';
/** The settings of a queue the portal sets (the rest are pg-boss' defaults). */
type QueueSettings = Partial<
  Pick<
    StoredQueue,
    'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'deleteAfterSeconds'
  >
>;

/** Whether a stored queue has another value for any setting given (an absent one is left as it is, as updateQueue does). */
const differs = (stored: StoredQueue, settings: QueueSettings): boolean =>
  Object.entries(settings).some(
    ([name, value]) => value !== undefined && (stored as unknown as Record<string, unknown>)[name] !== value,
  );

/**
 * The one job engine (issue 37 item 2): pg-boss on the portal's own database, PGlite or PostgreSQL
 * (api/README.md "Jobs and the outbox" says why pg-boss). Producers write jobs with `enqueue` in
 * their own transaction, so a job exists exactly when the change that caused it committed; each
 * kind's handler is given by the module that owns the work, and its retry policy is JOB_POLICIES'.
 * A working instance fetches due jobs (`FOR UPDATE SKIP LOCKED`: several instances share the work)
 * every few seconds and whenever a commit wakes it; tests call `drainJobs` instead.
 */
export class JobEngine {
  readonly kinds: readonly JobKind[] = JOB_KINDS;
  private readonly handlers = new Map<QueueName, JobHandler<never>>();
  private readonly policies = new Map<QueueName, RetryPolicy>(Object.entries(JOB_POLICIES) as [JobKind, RetryPolicy][]);
  private observer: AttemptObserver | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  /**
   * Set by `stop`: the background pass ends after the batch it is running instead of working the
   * backlog off first (with thousands due, that outlasted STOP_LIMIT_MS: the engine was left behind
   * and its batch's completions failed on the closed pool, to run again after they expired).
   */
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly adapter: IDatabase,
    /** The queues as they were when this instance started (`ensureQueue`). */
    private readonly queuesAtStart: ReadonlyMap<string, StoredQueue>,
    private readonly log?: JobEngineLog,
  ) {}

  /** Installs (or upgrades) pg-boss' schema and a queue per kind with its policy. */
  static async open(db: Database, options: { log?: JobEngineLog; supervise?: boolean } = {}): Promise<JobEngine> {
    const adapter =
      db.driver === 'pglite'
        ? fromPglite((db.orm as unknown as { $client: PGliteLike }).$client)
        : fromDrizzle(db.orm as unknown as Parameters<typeof fromDrizzle>[0], sql);
    const boss = new PgBoss({
      db: adapter,
      schema: SCHEMA,
      backend: db.driver === 'pglite' ? 'pglite' : 'postgres',
      // Fetching is this class's (`work`, `drainJobs`). pg-boss' supervision (taking back the jobs of
      // an instance that died, deleting old ones) runs where jobs are worked, not in the tests.
      supervise: options.supervise ?? false,
      schedule: false,
      useListenNotify: false,
    });
    boss.on('error', (error: unknown) => options.log?.error({ err: error }, 'jobs: the engine reported an error'));
    // Instances starting together on a new database both find pg-boss' schema missing and install
    // it; the second fails on a type the first just created, and succeeds on a later attempt.
    await boss.start({ attempts: START_ATTEMPTS });
    // Every queue's settings in one read: a queue is then written only when it is new or its settings
    // changed (a getQueue and an updateQueue for each of some 17 queues were most of an app's start on
    // PGlite in the tests, 0.3 s a test file).
    const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
    const engine = new JobEngine(boss, adapter, queues, options.log);
    for (const kind of JOB_KINDS) {
      const policy: RetryPolicy = JOB_POLICIES[kind];
      await engine.ensureQueue(kind, policy.keyed ? 'key_strict_fifo' : undefined, {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: policy.retryDelayMaxSeconds,
        expireInSeconds: policy.expireInSeconds,
      });
    }
    return engine;
  }

  /**
   * Creates the queue with `settings`, or brings an existing one's settings to them where they differ
   * (its ordering policy is fixed once created: pg-boss). Two instances may create it at once: the
   * loser finds it made.
   */
  private async ensureQueue(name: QueueName, policy: QueuePolicy | undefined, settings: QueueSettings): Promise<void> {
    const existing = this.queuesAtStart.get(name);
    if (!existing) {
      await this.boss
        .createQueue(name, { ...(policy ? { policy } : {}), ...settings })
        .catch(async (error: unknown) => {
          if (!(await this.boss.getQueue(name))) throw error;
        });
    } else if (differs(existing, settings)) await this.boss.updateQueue(name, settings);
  }

  /** The module that owns a kind of work says how to do one job of it. */
  handle<T>(kind: JobKind, handler: JobHandler<T>): void {
    this.handlers.set(kind, handler as JobHandler<never>);
  }

  /**
   * Makes (or updates) a scheduled job's queue and says how to run its jobs. At most one job of it
   * is queued or running at a time across the instances (`exclusive`), so a pass that outlasts its
   * interval is never joined by the next slot's; a failed run is not retried.
   */
  async handleScheduled(
    queue: `scheduled.${string}`,
    options: ScheduledQueue,
    handler: JobHandler<never>,
  ): Promise<void> {
    const settings = {
      retryLimit: 0,
      expireInSeconds: options.expireInSeconds,
      deleteAfterSeconds: options.deleteAfterSeconds,
    };
    await this.ensureQueue(queue, 'exclusive', settings);
    this.policies.set(queue, { ...settings, retryDelaySeconds: 0, retryDelayMaxSeconds: 0 });
    this.handlers.set(queue, handler);
  }

  /**
   * Writes the job with this id unless a job with it exists, or one of the queue is still queued or
   * running (a scheduled queue's `exclusive` policy): true when it was written. Jobs with the same
   * id are the same job, whichever instance writes them (the scheduler's slots).
   */
  async sendOnce(queue: `scheduled.${string}`, id: string, data: object): Promise<boolean> {
    const ids = await this.boss.insert(queue, [{ id, data }], { returnId: true });
    return (ids?.length ?? 0) > 0;
  }

  observeAttempts(observer: AttemptObserver): void {
    this.observer = observer;
  }

  /**
   * Writes jobs in the producer's transaction (one statement): they commit with its change or not
   * at all. A keyed kind (JOB_POLICIES) needs `keyOf`: jobs of one key run in the order written.
   */
  async enqueue<T extends object>(
    tx: ProducerTx,
    kind: JobKind,
    jobs: readonly T[],
    keyOf?: (job: T) => string,
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      kind,
      jobs.map((data) => ({ data, ...(keyOf ? { singletonKey: keyOf(data) } : {}) })),
      { db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) },
    );
  }

  /** A producer committed: look for due jobs now rather than at the next poll (no-op unless working). */
  wake(): void {
    if (this.timer) this.runInBackground();
  }

  /** Fetches due jobs every few seconds and when woken, until `stop`. */
  work(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => this.runInBackground(), POLL_MS);
    this.timer.unref();
    this.runInBackground();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const stopped = (async () => {
      while (this.running) await this.running;
      // A job still running gets STOP_GRACE_MS to finish (it is at-least-once: another instance takes
      // it again); pg-boss' default 30 s would outlast a pod's termination grace with the drain.
      await this.boss.stop({ graceful: true, close: false, timeout: STOP_GRACE_MS });
    })();
    // A fetch stuck on a connection the database dropped (seen after a PostgreSQL restart) must not
    // hold the instance's exit: past the limit the engine is left, its claimed jobs expire and are
    // taken again by another instance.
    let limit: NodeJS.Timeout | undefined;
    const gaveUp = await Promise.race([
      stopped.then(() => false),
      new Promise<boolean>((resolve) => {
        limit = setTimeout(() => resolve(true), STOP_LIMIT_MS);
        limit.unref();
      }),
    ]);
    clearTimeout(limit);
    if (gaveUp) this.log?.error({ limitMs: STOP_LIMIT_MS }, 'jobs: the engine did not stop in time; left behind');
  }

  /**
   * Runs every due job to completion, and the jobs those create, until none is due: the tests' one
   * way to run background work (no timer, no polling). `includeDelayed`: also the jobs waiting for a
   * later attempt, as if their back-off had passed (each round runs each such job once more).
   */
  async drainJobs(options: { includeDelayed?: boolean } = {}): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      const ran = await this.runDueOnce(options.includeDelayed ?? false);
      if (ran === 0) return total;
      total += ran;
      if (options.includeDelayed) return total + (await this.drainJobs());
    }
    throw new Error(`drainJobs: jobs still due after ${MAX_DRAIN_ROUNDS} rounds`);
  }

  /** A job as the engine holds it (tests read its state, retries and next attempt). */
  async job(kind: JobKind, id: string): Promise<JobWithMetadata | null> {
    return this.boss.getJobById(kind, id);
  }

  /** The jobs of a kind in the order written (tests find theirs by data). */
  async jobsOf(
    kind: QueueName,
  ): Promise<{ id: string; state: string; retryCount: number; startAfter: Date; data: unknown }[]> {
    const { rows } = await this.adapter.executeSql(
      `select id, state, retry_count as "retryCount", start_after as "startAfter", data from ${SCHEMA}.job where name = $1 order by created_on, id`,
      [kind],
    );
    return (rows as Row[]).map((row) => ({
      id: String(row.id),
      state: String(row.state),
      retryCount: Number(row.retryCount),
      startAfter: new Date(String(row.startAfter)),
      data: row.data,
    }));
  }

  /** Queue depth and the oldest waiting job per kind (the metrics read them at each scrape). */
  async stats(): Promise<JobKindStats[]> {
    const { rows } = await this.adapter.executeSql(
      `select name, count(*)::int as waiting,
         coalesce(extract(epoch from (now() - min(created_on))), 0)::float8 as oldest
       from ${SCHEMA}.job where state in ('created', 'retry') group by name`,
    );
    const byKind = new Map((rows as Row[]).map((row) => [String(row.name), row]));
    return JOB_KINDS.map((kind) => ({
      kind,
      waiting: Number(byKind.get(kind)?.waiting ?? 0),
      oldestWaitingSeconds: Number(byKind.get(kind)?.oldest ?? 0),
    }));
  }

  private runInBackground(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopping && (await this.runDueOnce(false)) > 0) {
            // A batch ran: there may be more due.
          }
        } while (this.again && !this.stopping);
      } catch (error) {
        this.log?.error({ err: error }, 'jobs: a pass failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** One batch of each handled kind: fetched (claimed), run, each completed or failed. How many ran. */
  private async runDueOnce(ignoreStartAfter: boolean): Promise<number> {
    let ran = 0;
    for (const [kind, handler] of this.handlers) {
      // Stopping: the kinds not yet fetched wait for the next instance (their jobs stay queued).
      if (this.stopping) break;
      const jobs = await this.boss.fetch<never>(kind, { batchSize: BATCH, includeMetadata: true, ignoreStartAfter });
      ran += jobs.length;
      const done = await Promise.all(jobs.map((job) => this.runOne(kind, handler, job)));
      // The batch's successes completed in one statement (a failure was settled on its own).
      const completed = jobs.filter((_job, index) => done[index]).map((job) => job.id);
      if (completed.length > 0) await this.boss.complete(kind, completed);
      if (isKind(kind)) for (const _id of completed) this.observer?.(kind, 'completed');
    }
    return ran;
  }

  /** Runs one job: true when it succeeded (its caller completes it), false once its failure is settled. */
  private async runOne(kind: QueueName, handler: JobHandler<never>, job: JobWithMetadata<never>): Promise<boolean> {
    const lastAttempt = job.retryCount >= job.retryLimit;
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount, lastAttempt });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isKind(kind)) this.observer?.(kind, lastAttempt ? 'failed' : 'retrying');
      if (lastAttempt) this.log?.warn({ kind, jobId: job.id, err: error }, 'jobs: a job failed its last attempt');
      const policy = this.policies.get(kind);
      // A failed keyed job would hold its key (pg-boss keeps it in the key's way): completed, with why.
      if (lastAttempt && policy?.keyed) await this.boss.complete(kind, job.id, { gaveUp: message });
      else await this.boss.fail(kind, job.id, { message });
      return false;
    }
  }
}

/** A kind of JOB_POLICIES (the metrics count their attempts; scheduled jobs count turns instead). */
function isKind(queue: QueueName): queue is JobKind {
  return queue in JOB_POLICIES;
}
