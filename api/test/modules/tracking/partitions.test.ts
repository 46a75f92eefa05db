/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { complaints } from '../../../src/modules/complaints/schema';
import { trackingPartitions } from '../../../src/modules/tracking';
import { trackingEvents } from '../../../src/modules/tracking/schema';
import { runScheduledJob, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';

// Issue 41 item 1: tracking events are partitioned by month (PostgreSQL declarative partitions, the
// same code on PGlite and PostgreSQL). The `tracking-partitions` job creates the months ahead,
// moves events that arrived before their month existed out of the default partition, and drops a
// month once all of it is past TRACKING_EVENTS_RETENTION_DAYS — keeping the scans of a shipment
// whose complaint is still open until it is answered. The app's clock travels; nothing waits.

const DAY = 86_400_000;
let clock = Date.parse('2031-01-15T10:00:00Z');

let test: TestApp;
beforeAll(async () => {
  const config = loadConfig({
    ...testConfigSettings(),
    JOBS: 'off',
    RETENTION_INTERVAL_SECONDS: '86400',
    TRACKING_EVENTS_RETENTION_DAYS: '365',
    TRACKING_PARTITIONS_AHEAD: '2',
  });
  test = await startTestApp({ config, now: () => new Date(clock) });
}, 120_000);
afterAll(async () => {
  await test?.close();
});

function partitionTurn() {
  return runScheduledJob(test, 'tracking-partitions');
}

async function event(eventId: string, shipmentNumber: string, occurredAt: string) {
  await test.db.orm.insert(trackingEvents).values({
    source: 'partition-test',
    eventId,
    shipmentNumber,
    code: 'EMA',
    status: 'transferred',
    occurredAt: new Date(occurredAt),
    location: { name: 'Rīga', countryCode: 'LV' },
  });
}

/** Where each event is stored: its partition's name, by event id. */
async function placement(): Promise<Record<string, string>> {
  const rows = (
    (await test.db.orm.execute(
      sql`select event_id as "eventId", tableoid::regclass::text as partition from tracking_events where source = 'partition-test'`,
    )) as unknown as { rows: { eventId: string; partition: string }[] }
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.eventId, row.partition]));
}

const monthNames = async () => (await trackingPartitions(test.db.orm)).map(({ name }) => name);

it('creates the months ahead, moves early events into them, and drops a month past the retention but for an open complaint’s scans', async () => {
  // Events of months no partition covers yet land in the default partition.
  await event('a-jan', 'RA200000001LV', '2031-01-10T08:00:00Z');
  await event('b-jan', 'RA200000002LV', '2031-01-31T23:59:59Z');
  await event('b-mar', 'RA200000002LV', '2031-03-05T12:00:00Z');
  await event('c-jun', 'RA200000003LV', '2031-06-01T00:00:00Z');
  expect(await placement()).toEqual({
    'a-jan': 'tracking_events_default',
    'b-jan': 'tracking_events_default',
    'b-mar': 'tracking_events_default',
    'c-jun': 'tracking_events_default',
  });

  // The job makes January to March (two months ahead) and moves their events in; June stays out.
  expect(await partitionTurn()).toBe('ran');
  expect(await monthNames()).toEqual(
    expect.arrayContaining(['tracking_events_y2031m01', 'tracking_events_y2031m02', 'tracking_events_y2031m03']),
  );
  expect(await monthNames()).not.toContain('tracking_events_y2031m04');
  expect(await placement()).toEqual({
    'a-jan': 'tracking_events_y2031m01',
    'b-jan': 'tracking_events_y2031m01',
    'b-mar': 'tracking_events_y2031m03',
    'c-jun': 'tracking_events_default',
  });
  // The unique key still refuses the same event twice (source, event id and time: the partition key).
  await expect(event('a-jan', 'RA200000001LV', '2031-01-10T08:00:00Z')).rejects.toThrow();

  // A's complaint is open.
  const [complaint] = await test.db.orm
    .insert(complaints)
    .values({
      type: 'complaint',
      fullName: 'Anna Bērziņa',
      email: 'anna@example.lv',
      shipmentNumber: 'RA200000001LV',
      complainant: 'sender',
      damageType: 'lost',
      description: 'Not delivered',
      refundIban: 'LV80BANK0000435195001',
    })
    .returning({ id: complaints.id });

  // 2032-01-31: January 2031 ends 2031-02-01, only 364 days before; it stays.
  clock = Date.parse('2032-01-31T10:00:00Z');
  expect(await partitionTurn()).toBe('ran');
  expect(await monthNames()).toContain('tracking_events_y2031m01');

  // 2032-02-02: all of January 2031 is past the 365 days: the month goes, but for A's scan.
  clock = Date.parse('2032-02-02T10:00:00Z');
  expect(await partitionTurn()).toBe('ran');
  const names = await monthNames();
  expect(names).not.toContain('tracking_events_y2031m01');
  expect(names).toEqual(
    expect.arrayContaining(['tracking_events_y2031m02', 'tracking_events_y2032m02', 'tracking_events_y2032m04']),
  );
  expect(await placement()).toEqual({
    'a-jan': 'tracking_events_default',
    'b-mar': 'tracking_events_y2031m03',
    'c-jun': 'tracking_events_default',
  });

  // Once the complaint is answered, the next day's turn lets A's scan go as well.
  await test.db.orm
    .update(complaints)
    .set({ status: 'answered' })
    .where(eq(complaints.id, complaint?.id ?? 0));
  clock += DAY;
  expect(await partitionTurn()).toBe('ran');
  expect(await placement()).toEqual({ 'b-mar': 'tracking_events_y2031m03', 'c-jun': 'tracking_events_default' });

  // Later still, March and the default partition's June scan pass their retention too. March was
  // left detached by a turn that stopped there (a crash between detaching and dropping): the next
  // turn finishes it.
  await test.db.orm.execute(sql`alter table tracking_events detach partition tracking_events_y2031m03`);
  clock = Date.parse('2032-07-02T10:00:00Z');
  expect(await partitionTurn()).toBe('ran');
  expect(await placement()).toEqual({});
  const leftOver = (
    (await test.db.orm.execute(
      sql`select relname from pg_class where relname in ('tracking_events_y2031m03', 'tracking_events_y2031m01')`,
    )) as unknown as { rows: unknown[] }
  ).rows;
  expect(leftOver).toEqual([]);
  expect(await monthNames()).toEqual(
    expect.arrayContaining(['tracking_events_y2032m07', 'tracking_events_y2032m08', 'tracking_events_y2032m09']),
  );
});
