/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { makeS10 } from '@portal/shared-contracts/s10';
import { bearer, startTestApp, type TestApp } from '../../api/test/helpers';
import { listQueries, pathOf, seedOrders } from './orders-seed';
import {
  NATIONAL_EVENTS_PER_DAY,
  SERIAL_OFFSET,
  seedTrackingEvents,
  storageGrowth,
  trackingStorage,
} from './tracking-seed';

/**
 * The bench's smoke mode (issue 41): its COPY seeds and the parts measured on them run here at tiny
 * sizes, on PGlite and (with DATABASE_URL) PostgreSQL, so that they do not rot between the runs of
 * `npm run bench`. Only what the data is and what the figures are made of is checked, never a time.
 */
const SHIPMENTS = 60;
const ORDERS = 400;

let testApp: TestApp;
const quiet = jest.spyOn(console, 'log');

beforeAll(async () => {
  quiet.mockImplementation(() => undefined);
  testApp = await startTestApp();
}, 60_000);
afterAll(async () => {
  quiet.mockRestore();
  await testApp?.close();
});

describe('the tracking seed', () => {
  it('copies ten scans a shipment, spread over a year of month partitions, and a lookup finds them', async () => {
    const seeded = await seedTrackingEvents(testApp.db, performance.now(), SHIPMENTS);
    expect(seeded).toBe(SHIPMENTS * 10);
    const { rows } = (await testApp.db.orm.execute(
      `select count(distinct tableoid)::int as months, count(*)::int as events from tracking_events
       where source = 'bench-seed'`,
    )) as unknown as { rows: { months: number; events: number }[] };
    expect(rows[0]?.events).toBe(SHIPMENTS * 10);
    // 360 days of first scans land in twelve or thirteen months, none in the default partition.
    expect(rows[0]?.months).toBeGreaterThanOrEqual(12);
    const { rows: inDefault } = (await testApp.db.orm.execute(
      'select count(*)::int as n from tracking_events_default',
    )) as unknown as { rows: { n: number }[] };
    expect(inDefault[0]?.n).toBe(0);

    // The oldest shipment and the newest, as the bench's lookups ask for them.
    for (const serial of [SERIAL_OFFSET + 1, SERIAL_OFFSET + SHIPMENTS]) {
      const answer = await testApp.app.inject({ method: 'GET', url: `/api/public/tracking/${makeS10('BE', serial)}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('DELIVERED');
    }
  });

  it('measures the events on disk: bytes per million and a day at the stated national volume', async () => {
    const storage = await trackingStorage(testApp.db);
    expect(storage.events).toBeGreaterThanOrEqual(SHIPMENTS * 10);
    expect(storage.partitions).toBeGreaterThanOrEqual(12);
    expect(storage.bytes).toBeGreaterThan(0);
    const growth = storageGrowth(storage);
    expect(growth.perMillion).toBeGreaterThan(0);
    expect(growth.perDay).toBeCloseTo((growth.perMillion * NATIONAL_EVENTS_PER_DAY) / 1_000_000);
  });
});

describe('the orders seed', () => {
  it('copies orders and lines, all of them the company’s, and my orders answers every filter of the bench', async () => {
    const seeded = await seedOrders(testApp.db, performance.now(), ORDERS, 1);
    expect(seeded.benchOrders).toBe(ORDERS);
    // One order in ten has a second line.
    expect(seeded.benchLines).toBeGreaterThan(ORDERS);
    expect(seeded.benchLines).toBeLessThan(ORDERS * 1.3);

    const headers = bearer({ sub: 'dev-company' });
    const me = await testApp.app.inject({ method: 'POST', url: '/api/my-user', headers });
    const company = (me.json() as { userAccounts: { account: { id: number; type: string } }[] }).userAccounts.find(
      (link) => link.account.type === 'company',
    );
    expect(company).toBeDefined();
    const signedIn = { ...headers, 'x-account-id': String(company?.account.id) };
    const list = async (query: Record<string, string>) => {
      const answer = await testApp.app.inject({ method: 'GET', url: pathOf(query), headers: signedIn });
      expect(answer.statusCode).toBe(200);
      return answer.json() as { 'hydra:totalItems': number; 'hydra:member': { barcode: string | null }[] };
    };
    expect((await list({}))['hydra:totalItems']).toBe(seeded.benchLines);
    const withNumber = (await list({ status: 'delivered', rowsPerPage: '1' }))['hydra:member'][0]?.barcode;
    expect(withNumber).toMatch(/^CE\d{9}LV$/);
    for (const { name, query } of listQueries(withNumber ?? '')) {
      // Every filter set the bench times finds lines at this size too, or its figure would be of nothing.
      const found = (await list(query))['hydra:totalItems'];
      expect({ name, found: found > 0 }).toEqual({ name, found: true });
    }
  });
});
