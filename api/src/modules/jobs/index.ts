// The one job engine (issue 37 item 2, pg-boss on the portal's database) with every kind's retry
// policy, and the scheduled jobs once per interval for the whole deployment (issue 35), which run on
// the same engine: the composition root makes one of each per instance and hands them to the modules.

export {
  type AttemptObserver,
  type JobAttempt,
  JobEngine,
  type JobEngineLog,
  type JobHandler,
  type JobKindStats,
  type ProducerTx,
  type QueueName,
  type ScheduledQueue,
} from './engine';
export { earliestRetryAt, JOB_KINDS, JOB_POLICIES, type JobKind, type RetryPolicy } from './policies';
export {
  checkEveryMs,
  JobScheduler,
  runIdOf,
  type ScheduledJob,
  type ScheduledRun,
  type ScheduledTurn,
  type SchedulerLog,
  type SlotCheck,
  slotOf,
} from './scheduler';
