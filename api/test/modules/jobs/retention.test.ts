/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryStatus } from '@portal/shared-contracts/webhooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { apiKeys, apiKeyUses } from '../../../src/modules/api-keys/schema';
import { adminAudit, adminAuditArchive } from '../../../src/modules/audit/schema';
import { domainEvents } from '../../../src/modules/events/schema';
import { idempotencyKeys } from '../../../src/modules/idempotency/schema';
import { accounts, phoneVerifications, users } from '../../../src/modules/identity/schema';
import { notifications } from '../../../src/modules/notifications/schema';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../src/modules/webhooks/schema';
import { drainJobs, runScheduledJob, startTestApp, type TestApp } from '../../helpers';
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
    API_KEY_USES_DAYS: '90',
    NOTIFICATION_HISTORY_DAYS: '365',
    PHONE_CODE_HISTORY_DAYS: '30',
    AUDIT_ARCHIVE_AFTER_DAYS: '1826',
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

describe('the other histories (issue 41 item 1)', () => {
  // Each table gets a row a minute past its retention and one a minute within it: the job deletes
  // (or, for the audit trail, archives) exactly the first. The clock is another hour's slot.
  const AT = NOW + 20 * 3_600_000;
  const before = (days: number, minutes: number) => new Date(AT - days * DAY + minutes * 60_000);
  const past = (days: number) => before(days, -1);
  const within = (days: number) => before(days, 1);

  async function seed() {
    const [user] = await test.db.orm
      .insert(users)
      .values({ subject: 'retention-user', email: 'retention-user@company.test' })
      .returning({ id: users.id });
    const [account] = await test.db.orm
      .insert(accounts)
      .values({ type: 'company', email: 'histories@company.test', companyName: 'SIA Histories' })
      .returning({ id: accounts.id });
    const userId = user?.id ?? 0;
    const accountId = account?.id ?? 0;
    const [key] = await test.db.orm
      .insert(apiKeys)
      .values({ accountId, name: 'shop', scopes: ['read'], publicId: 'a1b2c3d4e5f60718', keyHash: 'h' })
      .returning({ id: apiKeys.id });
    await test.db.orm.insert(apiKeyUses).values([
      { apiKeyId: key?.id ?? 0, method: 'GET', route: '/api/orders', status: 200, usedAt: past(90) },
      { apiKeyId: key?.id ?? 0, method: 'GET', route: '/api/orders/:key', status: 200, usedAt: within(90) },
    ]);
    const notification = (shipmentNumber: string, createdAt: Date) => ({
      userId,
      shipmentNumber,
      status: 'delivered',
      previousStatus: 'in_transit',
      statusDate: createdAt,
      createdAt,
    });
    await test.db.orm
      .insert(notifications)
      .values([notification('RA100000001LV', past(365)), notification('RA100000002LV', within(365))]);
    const code = (phone: string, createdAt: Date, expiresAt: Date, spentAt: Date | null) => ({
      accountId,
      userId,
      phonePrefix: '371',
      phone,
      codeHash: 'h',
      createdAt,
      expiresAt,
      resendAvailableAt: createdAt,
      spentAt,
    });
    const tenMinutes = 600_000;
    await test.db.orm.insert(phoneVerifications).values([
      // Past the retention: spent, or expired unspent.
      code('20000001', past(30), new Date(past(30).getTime() + tenMinutes), past(30)),
      code('20000002', past(30), new Date(past(30).getTime() + tenMinutes), null),
      // Within it, spent.
      code('20000003', within(30), new Date(within(30).getTime() + tenMinutes), within(30)),
      // Old but still open (a code that would still be typed): never trimmed.
      code('20000004', past(30), new Date(AT + tenMinutes), null),
    ]);
    const audit = (entityId: string, at: Date) => ({
      userId,
      at,
      method: 'PUT',
      route: '/api/admin/cms_blocks/:id',
      path: `/api/admin/cms_blocks/${entityId}`,
      status: 200,
      entityType: 'cms_blocks',
      entityId,
      before: { text: 'old' },
      after: { text: 'new' },
    });
    const event = (aggregateId: string, occurredAt: Date) => ({
      id: randomUUID(),
      type: 'order.paid',
      aggregateId,
      payload: {},
      occurredAt,
    });
    await test.db.orm.insert(domainEvents).values([event('old', past(90)), event('kept', within(90))]);
    const auditRows = await test.db.orm
      .insert(adminAudit)
      .values([audit('old', past(1826)), audit('kept', within(1826))])
      .returning();
    return { auditRows };
  }

  it('trims API keys’ uses, notifications, spent phone codes and domain events past their retention, and archives the old audit trail', async () => {
    const { auditRows } = await seed();
    clock = AT;
    expect(await runScheduledJob(test, 'retention')).toBe('ran');

    const uses = await test.db.orm.select({ route: apiKeyUses.route }).from(apiKeyUses);
    expect(uses.map((row) => row.route)).toEqual(['/api/orders/:key']);
    const left = await test.db.orm.select({ shipmentNumber: notifications.shipmentNumber }).from(notifications);
    expect(left.map((row) => row.shipmentNumber)).toEqual(['RA100000002LV']);
    const codes = await test.db.orm.select({ phone: phoneVerifications.phone }).from(phoneVerifications);
    expect(codes.map((row) => row.phone).sort()).toEqual(['20000003', '20000004']);
    // Domain events: kept as long as their consumers' jobs (JOB_HISTORY_DAYS).
    const events = await test.db.orm.select({ aggregateId: domainEvents.aggregateId }).from(domainEvents);
    expect(events.map((row) => row.aggregateId)).toEqual(['kept']);

    // The audit trail: the old row moved whole (same id and values) with the time it moved, the
    // recent one still in the live table; nothing lost.
    const live = await test.db.orm.select({ entityId: adminAudit.entityId }).from(adminAudit);
    expect(live.map((row) => row.entityId)).toEqual(['kept']);
    const archived = await test.db.orm.select().from(adminAuditArchive);
    const old = auditRows.find((row) => row.entityId === 'old');
    expect(archived).toEqual([{ ...old, archivedAt: new Date(AT) }]);

    // A year later the kept row is archived too, beside the first; nothing is ever deleted.
    clock = AT + 366 * DAY;
    expect(await runScheduledJob(test, 'retention')).toBe('ran');
    expect(await test.db.orm.select().from(adminAudit)).toHaveLength(0);
    const all = await test.db.orm.select({ entityId: adminAuditArchive.entityId }).from(adminAuditArchive);
    expect(all.map((row) => row.entityId).sort()).toEqual(['kept', 'old']);
  });
});
