// The one job engine (issue 37 item 2, pg-boss on the portal's database) with every kind's retry
// policy, and the scheduled jobs once per interval for the whole deployment (issue 35): the
// composition root makes one of each per instance and hands them to the modules.

export {
  type AttemptObserver,
  type JobAttempt,
  JobEngine,
  type JobEngineLog,
  type JobHandler,
  type JobKindStats,
  type ProducerTx,
} from './engine';
export { earliestRetryAt, JOB_KINDS, JOB_POLICIES, type JobKind, type RetryPolicy } from './policies';
export { trimJobHistory } from './retention';
export {
  checkEveryMs,
  JobScheduler,
  type JobTurnInSlot,
  type ScheduledJob,
  type SchedulerLog,
  slotOf,
} from './scheduler';
