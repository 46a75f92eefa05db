import type { Config } from './config';
import type { Database } from './db';
import { trimApiKeyUses } from './modules/api-keys';
import { archiveAuditTrail } from './modules/audit';
import { shipmentsOfOpenComplaints } from './modules/complaints';
import { trimDomainEvents } from './modules/events';
import { trimPhoneCodes } from './modules/identity';
import type { JobScheduler } from './modules/jobs';
import { trimNotifications } from './modules/notifications';
import { pseudonymiseArchivedOrders } from './modules/orders';
import { rotateTrackingPartitions } from './modules/tracking';
import { trimWebhookHistory } from './modules/webhooks';

const DAY_MS = 86_400_000;

/**
 * The deployment's housekeeping, each once per interval across the instances (modules/jobs):
 * personal data of long-archived orders pseudonymised (orders/archive.ts), the histories that grow
 * with use trimmed after their retention, and the audit trail archived (issue 41; README.md "Data
 * retention"). Part of the composition: each pass calls the function its owner module exports for
 * its own tables.
 */
export function scheduleHousekeeping(jobs: JobScheduler, db: Database, config: Config, now?: () => Date): void {
  const current = () => now?.() ?? new Date();
  const daysAgo = (days: number) => new Date(current().getTime() - days * DAY_MS);
  jobs.add({
    name: 'orders-pseudonymise',
    intervalMs: config.jobs.pseudonymiseIntervalSeconds * 1000,
    pass: () => pseudonymiseArchivedOrders(db.orm, daysAgo(config.personalDataRetentionDays), current()),
  });
  const { retention } = config;
  jobs.add({
    name: 'retention',
    intervalMs: retention.intervalSeconds * 1000,
    // The scheduled jobs' own runs are pg-boss' jobs: it deletes them after JOB_HISTORY_DAYS itself.
    // The domain events are the consumers' jobs' origin: kept as long as those jobs' history.
    pass: async () => ({
      domainEvents: await trimDomainEvents(db.orm, daysAgo(retention.jobHistoryDays)),
      webhookDeliveries: await trimWebhookHistory(db.orm, daysAgo(retention.webhookHistoryDays)),
      apiKeyUses: await trimApiKeyUses(db.orm, daysAgo(retention.apiKeyUsesDays)),
      notifications: await trimNotifications(db.orm, daysAgo(retention.notificationDays)),
      phoneCodes: await trimPhoneCodes(db.orm, daysAgo(retention.phoneCodeDays), current()),
      auditArchived: await archiveAuditTrail(db.orm, daysAgo(retention.auditArchiveAfterDays), current()),
    }),
  });
  // The tracking events' months: created ahead, dropped past the retention (tracking/partitions.ts);
  // the scans of shipments with an open complaint outlive their month (complaints tells which).
  jobs.add({
    name: 'tracking-partitions',
    intervalMs: retention.intervalSeconds * 1000,
    pass: async () =>
      rotateTrackingPartitions(db.orm, {
        now: current(),
        monthsAhead: retention.trackingPartitionsAhead,
        retentionDays: retention.trackingEventsDays,
        keepShipments: await shipmentsOfOpenComplaints(db.orm),
      }),
  });
}
