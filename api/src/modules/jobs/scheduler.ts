import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { type JobTurn, reportJobTurn } from '../../db';
import { jobRuns } from './schema';

/** A job the scheduler runs once per interval across every API instance on the database. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  pass: () => Promise<unknown>;
}

export interface SchedulerLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  debug: (object: object, message: string) => void;
}

/** What one instance did with one job at one check. */
export interface JobTurnInSlot {
  job: string;
  slot: Date;
  outcome: JobTurn['outcome'];
}

/** How often an instance checks for a slot nobody has claimed: a tenth of the interval, 1 s to 60 s. */
export const checkEveryMs = (intervalMs: number) => Math.min(60_000, Math.max(1_000, Math.floor(intervalMs / 10)));

/** The start of the interval `at` falls in (intervals counted from 1970-01-01 UTC). */
export const slotOf = (at: Date, intervalMs: number) => new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);

/**
 * Scheduled work once per interval for the whole deployment, whatever the instances' start times
 * (issue 35; a timer per instance ran the job once per instance). Each check, every job's current
 * slot is claimed by inserting its `job_runs` row (`on conflict do nothing`, committed at once): the
 * instance whose insert made the row runs the pass, every other finds it taken and skips. A slot is
 * spent once claimed: a failed pass (or an instance that died in it) is tried again in the next
 * slot. Within an instance a job's passes never overlap.
 */
export class JobScheduler {
  private readonly jobs: ScheduledJob[] = [];
  private readonly running = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly db: Database,
    private readonly options: { log: SchedulerLog; now?: () => Date },
  ) {}

  add(job: ScheduledJob): void {
    this.jobs.push(job);
  }

  /**
   * Checks every job now: claims and runs those whose current slot no instance has claimed. The
   * timer calls it; tests call it with their clock.
   */
  async runDue(): Promise<JobTurnInSlot[]> {
    const now = this.options.now?.() ?? new Date();
    return Promise.all(this.jobs.map((job) => this.turn(job, now)));
  }

  /** Checks at once and then at every job's check period (the shortest), until `stop`. */
  start(): void {
    if (this.timer || this.jobs.length === 0) return;
    const every = Math.min(...this.jobs.map((job) => checkEveryMs(job.intervalMs)));
    const check = () =>
      void this.runDue().catch((error: unknown) => this.options.log.warn({ err: error }, 'jobs: check failed'));
    this.timer = setInterval(check, every);
    this.timer.unref();
    setImmediate(check);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async turn(job: ScheduledJob, now: Date): Promise<JobTurnInSlot> {
    const slot = slotOf(now, job.intervalMs);
    if (this.running.has(job.name)) return this.told(job, slot, 'skipped', 0);
    this.running.add(job.name);
    try {
      const claimed = await this.db.orm
        .insert(jobRuns)
        .values({ job: job.name, slot, instance: this.instance, startedAt: now })
        .onConflictDoNothing()
        .returning({ job: jobRuns.job });
      if (claimed.length === 0) {
        this.options.log.debug({ job: job.name, slot }, 'job: slot already taken by another instance');
        return this.told(job, slot, 'skipped', 0);
      }
      const started = performance.now();
      let outcome: 'ran' | 'failed' = 'ran';
      try {
        const result = await job.pass();
        this.options.log.info({ job: job.name, slot, result }, 'job ran');
      } catch (error) {
        outcome = 'failed';
        this.options.log.warn({ job: job.name, slot, err: error }, 'job failed; the next slot tries again');
      }
      await this.db.orm
        .update(jobRuns)
        .set({ finishedAt: this.options.now?.() ?? new Date(), outcome })
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.slot, slot)));
      return this.told(job, slot, outcome, (performance.now() - started) / 1000);
    } finally {
      this.running.delete(job.name);
    }
  }

  private told(job: ScheduledJob, slot: Date, outcome: JobTurn['outcome'], seconds: number): JobTurnInSlot {
    reportJobTurn(this.db, { job: job.name, outcome, seconds });
    return { job: job.name, slot, outcome };
  }
}
