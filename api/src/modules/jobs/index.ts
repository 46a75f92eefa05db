// Scheduled jobs once per interval for the whole deployment (issue 35): the composition root makes
// one scheduler per instance; modules add their jobs to it (locations sync, pseudonymisation, eBay's import).

export { trimJobHistory } from './retention';
export {
  checkEveryMs,
  JobScheduler,
  type JobTurnInSlot,
  type ScheduledJob,
  type SchedulerLog,
  slotOf,
} from './scheduler';
