import { createHash } from 'node:crypto';
import type { JobEngine } from './engine';

/** One run of a scheduled job: the slot it is for (the start of its interval). */
export interface ScheduledRun {
  slot: Date;
}

/** A job the scheduler runs once per interval across every API instance on the database. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  pass: (run: ScheduledRun) => Promise<unknown>;
}

export interface SchedulerLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  debug: (object: object, message: string) => void;
}

/** What one instance's check did with one job: whether it queued the slot's run or found it taken. */
export interface SlotCheck {
  job: string;
  slot: Date;
  queued: boolean;
}

/** One turn of a scheduled job as operators count it (the metrics): run, left to another, or failed. */
export interface ScheduledTurn {
  job: string;
  outcome: 'ran' | 'skipped' | 'failed';
  /** How long the pass ran; 0 when skipped. */
  seconds: number;
}

/** How often an instance checks for a slot nobody has queued: a tenth of the interval, 1 s to 60 s. */
export const checkEveryMs = (intervalMs: number) => Math.min(60_000, Math.max(1_000, Math.floor(intervalMs / 10)));

/** The start of the interval `at` falls in (intervals counted from 1970-01-01 UTC). */
export const slotOf = (at: Date, intervalMs: number) => new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);

/** A running pass is taken back (counted failed) after this, at the least: an instance that died in it. */
const MIN_EXPIRY_S = 15 * 60;
/** pg-boss' longest expiry. */
const MAX_EXPIRY_S = 24 * 3600;

/**
 * The id of a job's run in a slot: the same in every instance, so that the engine keeps one run per
 * slot (a second insert of the id is a conflict that writes nothing). A UUID's shape, since pg-boss'
 * ids are UUIDs: a SHA-256 of name and slot with the version nibble of a name-based UUID (8).
 */
export function runIdOf(job: string, slot: Date): string {
  const hex = createHash('sha256').update(`${job}@${slot.toISOString()}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Scheduled work once per interval for the whole deployment (issues 35 and 37), on the job engine:
 * every job has a pg-boss queue of its own (`scheduled.<name>`), and at each check every instance
 * writes the job's run for the current slot with an id made of the name and the slot. pg-boss
 * writes it once, whichever instance comes first; the others' inserts are conflicts (`skipped`).
 * The run is then fetched by whichever instance works jobs next, like any job (`drainJobs` in the
 * tests). The queue is `exclusive`: while a run is queued or running, no other slot's is written,
 * so a pass that outlasts its interval is never run twice at once, within an instance or across.
 * A failed pass is not retried: the next slot is its retry.
 */
export class JobScheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly ready = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private observer: ((turn: ScheduledTurn) => void) | undefined;

  constructor(
    private readonly engine: JobEngine,
    private readonly options: { log: SchedulerLog; now?: () => Date; historyDays?: number },
  ) {}

  add(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`jobs: a scheduled job named ${job.name} exists`);
    this.jobs.set(job.name, job);
  }

  /** Tells `observer` of every turn of every job (the metrics). */
  observeTurns(observer: (turn: ScheduledTurn) => void): void {
    this.observer = observer;
  }

  /**
   * Writes the current slot's run of every job, unless another instance (or an earlier check) has:
   * the timer calls it; tests call it with their clock and then run the jobs with `drainJobs`.
   */
  async check(): Promise<SlotCheck[]> {
    const now = this.options.now?.() ?? new Date();
    const checks = await Promise.all([...this.jobs.values()].map((job) => this.queue(job, now)));
    if (checks.some((check) => check.queued)) this.engine.wake();
    return checks;
  }

  /** Checks at once and then at every job's check period (the shortest), until `stop`. */
  start(): void {
    if (this.timer || this.jobs.size === 0) return;
    const every = Math.min(...[...this.jobs.values()].map((job) => checkEveryMs(job.intervalMs)));
    const check = () =>
      void this.check().catch((error: unknown) => this.options.log.warn({ err: error }, 'jobs: check failed'));
    this.timer = setInterval(check, every);
    this.timer.unref();
    setImmediate(check);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async queue(job: ScheduledJob, now: Date): Promise<SlotCheck> {
    await this.prepare(job);
    const slot = slotOf(now, job.intervalMs);
    const queued = await this.engine.sendOnce(queueOf(job.name), runIdOf(job.name, slot), {
      slot: slot.toISOString(),
    });
    if (!queued) {
      this.options.log.debug({ job: job.name, slot }, 'job: slot already queued, or a run still under way');
      this.observer?.({ job: job.name, outcome: 'skipped', seconds: 0 });
    }
    return { job: job.name, slot, queued };
  }

  /** The job's queue, made once per instance (at its first check), with the handler that runs its pass. */
  private async prepare(job: ScheduledJob): Promise<void> {
    if (this.ready.has(job.name)) return;
    const expireInSeconds = Math.min(MAX_EXPIRY_S, Math.max(MIN_EXPIRY_S, Math.ceil((2 * job.intervalMs) / 1000)));
    const deleteAfterSeconds = (this.options.historyDays ?? 90) * 86_400;
    await this.engine.handleScheduled(queueOf(job.name), { expireInSeconds, deleteAfterSeconds }, (data) =>
      this.run(job, new Date((data as { slot: string }).slot)),
    );
    this.ready.add(job.name);
  }

  private async run(job: ScheduledJob, slot: Date): Promise<void> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await job.pass({ slot });
      this.options.log.info({ job: job.name, slot, result }, 'job ran');
      this.observer?.({ job: job.name, outcome: 'ran', seconds: seconds() });
    } catch (error) {
      this.options.log.warn({ job: job.name, slot, err: error }, 'job failed; the next slot tries again');
      this.observer?.({ job: job.name, outcome: 'failed', seconds: seconds() });
      throw error;
    }
  }
}

const queueOf = (name: string) => `scheduled.${name}` as const;
