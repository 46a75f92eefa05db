import type { Config } from './config';
import type { Database } from './db';
import type { JobScheduler } from './modules/jobs';
import { pseudonymiseArchivedOrders } from './modules/orders';
import { trimWebhookHistory } from './modules/webhooks';

const DAY_MS = 86_400_000;

/**
 * The deployment's housekeeping, each once per interval across the instances (modules/jobs):
 * personal data of long-archived orders pseudonymised (orders/archive.ts), and the histories that
 * grow with use trimmed after their retention (issue 41). Part of the composition: each pass calls
 * the function its owner module exports for its own tables.
 */
export function scheduleHousekeeping(jobs: JobScheduler, db: Database, config: Config, now?: () => Date): void {
  const daysAgo = (days: number) => new Date((now?.() ?? new Date()).getTime() - days * DAY_MS);
  jobs.add({
    name: 'orders-pseudonymise',
    intervalMs: config.jobs.pseudonymiseIntervalSeconds * 1000,
    pass: () => pseudonymiseArchivedOrders(db.orm, daysAgo(config.personalDataRetentionDays), now?.() ?? new Date()),
  });
  const { retention } = config;
  jobs.add({
    name: 'retention',
    intervalMs: retention.intervalSeconds * 1000,
    // The scheduled jobs' own runs are pg-boss' jobs: it deletes them after JOB_HISTORY_DAYS itself.
    pass: async () => ({
      webhookDeliveries: await trimWebhookHistory(db.orm, daysAgo(retention.webhookHistoryDays)),
    }),
  });
}
