/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import type { WebhookDeliveryStatus } from '@portal/shared-contracts/webhooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { idempotencyKeys } from '../../../src/modules/idempotency/schema';
import { accounts } from '../../../src/modules/identity/schema';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../src/modules/webhooks/schema';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';

// Issue 41 item 1: the histories that grow with use have a retention and a job that keeps it. The
// `retention` job (once per interval for the deployment, RETENTION_INTERVAL_SECONDS) deletes
// finished webhook deliveries older than WEBHOOK_HISTORY_DAYS with their attempts, never a pending
// one (the scheduled jobs' own runs are pg-boss jobs, deleted by pg-boss after JOB_HISTORY_DAYS).
// The test moves the app's clock and runs the jobs with drainJobs; nothing waits.

const DAY = 86_400_000;
const NOW = Date.parse('2031-06-15T03:00:00Z');
let clock = NOW;
const daysAgo = (days: number) => new Date(NOW - days * DAY);

let test: TestApp;
beforeAll(async () => {
  const config = loadConfig({
    ...testConfigSettings(),
    JOBS: 'off',
    RETENTION_INTERVAL_SECONDS: '3600',
    WEBHOOK_HISTORY_DAYS: '30',
    JOB_HISTORY_DAYS: '90',
  });
  test = await startTestApp({ config, now: () => new Date(clock) });
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function delivery(endpointId: number, status: WebhookDeliveryStatus, age: number, shipmentNumber: string) {
  const createdAt = daysAgo(age);
  const [row] = await test.db.orm
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId: `evt_${shipmentNumber}`,
      eventType: 'shipment.status_changed',
      shipmentNumber,
      payload: {
        id: `evt_${shipmentNumber}`,
        type: 'shipment.status_changed',
        createdAt: createdAt.toISOString(),
        data: { shipmentNumber, status: 'delivered', statusDate: '2031-01-01', orderKey: 'key' },
      },
      status,
      createdAt,
      nextAttemptAt: createdAt,
      deliveredAt: status === 'delivered' ? createdAt : null,
    })
    .returning({ id: webhookDeliveries.id });
  await test.db.orm.insert(webhookAttempts).values({ deliveryId: row?.id ?? 0, at: createdAt, durationMs: 12 });
  return row?.id ?? 0;
}

it('trims finished webhook deliveries past their retention, and nothing else', async () => {
  const [account] = await test.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'retention@company.test', companyName: 'SIA Retention' })
    .returning({ id: accounts.id });
  const [endpoint] = await test.db.orm
    .insert(webhookEndpoints)
    .values({
      accountId: account?.id ?? 0,
      url: 'https://shop.example/hooks',
      events: ['shipment.status_changed'],
      secret: 's',
    })
    .returning({ id: webhookEndpoints.id });
  const endpointId = endpoint?.id ?? 0;
  const oldDelivered = await delivery(endpointId, 'delivered', 31, 'RA000000001LV');
  const oldFailed = await delivery(endpointId, 'failed', 45, 'RA000000002LV');
  const oldPending = await delivery(endpointId, 'pending', 60, 'RA000000003LV');
  const recentDelivered = await delivery(endpointId, 'delivered', 29, 'RA000000004LV');
  const recentFailed = await delivery(endpointId, 'failed', 2, 'RA000000005LV');

  clock = NOW;
  expect((await test.app.jobs.check()).find((check) => check.job === 'retention')?.queued).toBe(true);
  await drainJobs(test);

  const deliveries = await test.db.orm.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
  expect(deliveries.map((row) => row.id).sort((a, b) => a - b)).toEqual(
    [oldPending, recentDelivered, recentFailed].sort((a, b) => a - b),
  );
  const attempts = await test.db.orm.select({ deliveryId: webhookAttempts.deliveryId }).from(webhookAttempts);
  expect(attempts.map((row) => row.deliveryId)).not.toContain(oldDelivered);
  expect(attempts.map((row) => row.deliveryId)).not.toContain(oldFailed);
  expect(attempts).toHaveLength(3);
  // The scheduled jobs' runs are kept for JOB_HISTORY_DAYS (pg-boss deletes them after that).
  const [run] = await test.app.jobEngine.jobsOf('scheduled.retention');
  expect(run?.state).toBe('completed');
  const { rows } = (await test.db.orm.execute(
    sql`select deletion_seconds from pgboss.queue where name = 'scheduled.retention'`,
  )) as unknown as { rows: { deletion_seconds: number }[] };
  expect(Number(rows[0]?.deletion_seconds)).toBe(90 * 86_400);

  // Within the same hour's slot the job does not run again; the next slot does (and finds nothing).
  clock = NOW + 60_000;
  expect((await test.app.jobs.check()).find((check) => check.job === 'retention')?.queued).toBe(false);
  clock = NOW + 3_600_000;
  expect((await test.app.jobs.check()).find((check) => check.job === 'retention')?.queued).toBe(true);
  await drainJobs(test);
  expect(await test.db.orm.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).toHaveLength(3);
  expect((await test.app.jobEngine.jobsOf('scheduled.retention')).map((job) => job.state)).toEqual([
    'completed',
    'completed',
  ]);
});

it('deletes expired idempotency keys in the scheduler’s hourly job, and keeps those still within their day', async () => {
  const key = (name: string, expiresAt: Date) => ({
    scope: 'account:1',
    key: name,
    method: 'POST',
    path: '/api/orders',
    fingerprint: 'f',
    status: 201,
    lockedUntil: expiresAt,
    createdAt: new Date(expiresAt.getTime() - DAY),
    expiresAt,
  });
  clock = NOW + 10 * 3_600_000;
  await test.db.orm
    .insert(idempotencyKeys)
    .values([key('expired', new Date(clock - 1000)), key('current', new Date(clock + 3_600_000))]);

  expect((await test.app.jobs.check()).find((check) => check.job === 'idempotency-keys-trim')?.queued).toBe(true);
  await drainJobs(test);
  const left = await test.db.orm.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
  expect(left.map((row) => row.key)).toEqual(['current']);
});
