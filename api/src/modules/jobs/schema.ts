import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Scheduled jobs, once per interval for the whole deployment (issue 35): each interval of a job is a
// slot (its start, the interval's multiple since 1970 UTC), and the instance that inserts the
// (job, slot) row first is the one that runs it; every other instance's insert finds the row and
// skips. The rows are also the jobs' history: who ran which slot, when it ended and how.
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** The instance that claimed the slot (host name, process id and a random part). */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** `ran` or `failed` once the pass has ended; null while it runs (or if its instance died). */
    outcome: text('outcome'),
  },
  (table) => [primaryKey({ columns: [table.job, table.slot] })],
);
