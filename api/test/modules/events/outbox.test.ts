/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { DomainEvents, type NewDomainEvent } from '../../../src/modules/events';
import { domainEvents } from '../../../src/modules/events/schema';
import { handovers } from '../../../src/modules/handover/schema';
import { earliestRetryAt, JOB_POLICIES } from '../../../src/modules/jobs';
import { orders } from '../../../src/modules/orders/schema';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// Issue 37 item 2: a domain event is written once, to one outbox (`domain_events`), in the
// producer's transaction, with a job for each consumer that subscribed to its type; each consumer
// gets it as a job of its own kind, retried as JOB_POLICIES says, apart from the others.

let testApp: TestApp;
const request = requester(() => testApp);
const owner = verifiedUser('events-owner');

beforeAll(async () => {
  testApp = await startTestApp({ config: loadConfig(testConfigSettings()) });
  expect((await request('POST', '/api/accounts', owner, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const eventsOf = (aggregateId: string) =>
  testApp.db.orm
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'order.paid'), eq(domainEvents.aggregateId, aggregateId)));

/** The jobs of a consumer's kind that carry this event. */
async function jobsFor(kind: Parameters<TestApp['app']['jobEngine']['jobsOf']>[0], eventId: string) {
  const jobs = await testApp.app.jobEngine.jobsOf(kind);
  return jobs.filter((job) => (job.data as { event: { id: string } }).event.id === eventId);
}

const paid = (orderId: number): NewDomainEvent => ({
  type: 'order.paid',
  aggregateId: String(orderId),
  data: {
    orderId,
    key: `key-${orderId}`,
    userId: null,
    barcodes: ['RR000000001LV'],
    paidAt: '2026-12-06T10:00:00.000Z',
    testMode: false,
  },
});

describe('a paid order', () => {
  it('publishes `order.paid` once with the payment, a job for each of its consumers, which do their work', async () => {
    const workflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
    const created = await request('POST', '/api/orders', owner, completed(workflow));
    const started = await request('POST', `${created.body['@id']}/payments`, owner, {});
    expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
    const key = created.body['@id'].split('/').pop();
    const [order] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
    const orderId = order?.id ?? -1;

    const [event, ...more] = await eventsOf(String(orderId));
    expect(more).toHaveLength(0);
    expect(event?.occurredAt).toEqual(order?.paidAt);
    expect(event?.payload).toMatchObject({ orderId, key, testMode: false, barcodes: [expect.any(String)] });
    // One job per consumer of `order.paid`, none for the consumers of other types.
    for (const kind of ['webhooks.events', 'ebay.order-paid', 'handover.order-paid'] as const) {
      expect(await jobsFor(kind, event?.id ?? '')).toHaveLength(1);
    }
    expect(await jobsFor('notifications.status-changed', event?.id ?? '')).toHaveLength(0);
    // The webhooks' consumer is keyed by order: an order's events reach it in order.
    const [webhookJob] = await jobsFor('webhooks.events', event?.id ?? '');
    expect((await testApp.app.jobEngine.job('webhooks.events', webhookJob?.id ?? ''))?.singletonKey).toBe(
      `order:${orderId}`,
    );

    // The hand-over's consumer writes the record when its job runs.
    expect(await testApp.db.orm.select().from(handovers).where(eq(handovers.orderId, orderId))).toHaveLength(0);
    await drainJobs(testApp);
    expect(await testApp.db.orm.select().from(handovers).where(eq(handovers.orderId, orderId))).toHaveLength(1);
    // A repeated settlement (the provider's callback again) publishes nothing more.
    expect(await eventsOf(String(orderId))).toHaveLength(1);
  });
});

// The consumers below replace the app's on their kinds (the engine has one handler per kind): the
// last tests of the file.
describe('publish', () => {
  it('writes the event in the producer’s transaction: rolled back with it, committed with it and heard once', async () => {
    const events = new DomainEvents(testApp.app.jobEngine);
    const heard: unknown[] = [];
    events.subscribe({
      kind: 'handover.order-paid',
      on: {
        'order.paid': async (event) => {
          heard.push(event.data);
        },
      },
    });

    await expect(
      testApp.db.orm.transaction(async (tx) => {
        await events.publish(tx, paid(9001));
        throw new Error('the producer failed after publishing');
      }),
    ).rejects.toThrow('the producer failed');
    expect(await eventsOf('9001')).toHaveLength(0);
    expect(await drainJobs(testApp)).toBe(0);
    expect(heard).toEqual([]);

    await testApp.db.orm.transaction((tx) => events.publish(tx, paid(9001)));
    const [row, ...more] = await eventsOf('9001');
    expect(more).toHaveLength(0);
    expect(row?.payload).toEqual(paid(9001).data);
    expect(await drainJobs(testApp)).toBe(1);
    expect(heard).toEqual([paid(9001).data]);
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(0);
  });

  it('retries a failing consumer as its policy says, and leaves the others alone', async () => {
    const events = new DomainEvents(testApp.app.jobEngine);
    const tries = { ebay: 0, handover: 0 };
    const ebayAttempts: number[] = [];
    events.subscribe({
      kind: 'ebay.order-paid',
      on: {
        'order.paid': async (_event, attempt) => {
          tries.ebay += 1;
          ebayAttempts.push(attempt.retryCount);
          if (attempt.retryCount === 0) throw new Error('eBay consumer down');
        },
      },
    });
    events.subscribe({
      kind: 'handover.order-paid',
      on: {
        'order.paid': async () => {
          tries.handover += 1;
        },
      },
    });
    // A consumer that does not hear a type gets no job for it.
    events.subscribe({
      kind: 'notifications.status-changed',
      keyOf: (event) => event.aggregateId,
      on: {
        'shipment.status_changed': async () => {
          throw new Error('not for order.paid');
        },
      },
    });

    const before = new Date();
    await testApp.db.orm.transaction((tx) => events.publish(tx, paid(9002)));
    const [row] = await eventsOf('9002');
    expect(await drainJobs(testApp)).toBe(2);
    expect(tries).toEqual({ ebay: 1, handover: 1 });

    const [failed] = await jobsFor('ebay.order-paid', row?.id ?? '');
    const job = await testApp.app.jobEngine.job('ebay.order-paid', failed?.id ?? '');
    const policy = JOB_POLICIES['ebay.order-paid'];
    expect(job).toMatchObject({ state: 'retry', retryLimit: policy.retryLimit });
    // Not before the policy's first delay (pg-boss' jitter adds up to as much again).
    expect(failed?.startAfter.getTime()).toBeGreaterThanOrEqual(
      earliestRetryAt('ebay.order-paid', 0, before).getTime(),
    );
    expect(failed?.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 2 * policy.retryDelaySeconds * 1000 + 1000);
    const [done] = await jobsFor('handover.order-paid', row?.id ?? '');
    expect(done?.state).toBe('completed');
    expect(await jobsFor('notifications.status-changed', row?.id ?? '')).toHaveLength(0);

    // Not due yet: nothing runs; once its back-off has passed, only the failed consumer runs again.
    expect(await drainJobs(testApp)).toBe(0);
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(1);
    expect(tries).toEqual({ ebay: 2, handover: 1 });
    expect(ebayAttempts).toEqual([0, 1]);
    expect((await testApp.app.jobEngine.job('ebay.order-paid', failed?.id ?? ''))?.state).toBe('completed');
  });

  it('refuses a consumer of a keyed kind without a key, and two consumers of one kind', () => {
    const events = new DomainEvents(testApp.app.jobEngine);
    expect(() => events.subscribe({ kind: 'webhooks.events', on: { 'order.paid': async () => {} } })).toThrow(
      'needs keyOf',
    );
    events.subscribe({ kind: 'ebay.order-paid', on: {} });
    expect(() => events.subscribe({ kind: 'ebay.order-paid', on: {} })).toThrow('has a consumer already');
  });

  it('refuses an event its kind’s schema does not allow, writing nothing', async () => {
    const events = new DomainEvents(testApp.app.jobEngine);
    const bad = { ...paid(9003), data: { ...paid(9003).data, paidAt: '06.12.2026' } } as NewDomainEvent;
    await expect(testApp.db.orm.transaction((tx) => events.publish(tx, bad))).rejects.toThrow();
    expect(await eventsOf('9003')).toHaveLength(0);
  });
});
