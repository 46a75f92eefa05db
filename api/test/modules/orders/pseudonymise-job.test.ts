/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { orderLines, orders } from '../../../src/modules/orders/schema';
import { runScheduledJob, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 41 item 1: the orders of a deleted account lose their parties' personal data through the
// API's own scheduled job (`orders-pseudonymise`, once per PSEUDONYMISE_INTERVAL_SECONDS for the
// deployment), not only through `npm run orders:pseudonymise`. The app's clock is moved across the
// retention period (PERSONAL_DATA_RETENTION_DAYS); the scheduler's turns are played with runScheduledJob (its check, then drainJobs).

const DAY = 86_400_000;
const START = Date.parse('2027-03-01T09:00:00Z');
let clock = START;

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('leaving-by-job');
const request = requester(() => testApp);

beforeAll(async () => {
  const config = loadConfig({
    ...testConfigSettings(),
    JOBS: 'off',
    PERSONAL_DATA_RETENTION_DAYS: '1826',
    PSEUDONYMISE_INTERVAL_SECONDS: '86400',
  });
  testApp = await startTestApp({ config, now: () => new Date(clock) });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

function pseudonymiseTurn() {
  return runScheduledJob(testApp, 'orders-pseudonymise');
}

it('pseudonymises a deleted account’s paid order in the scheduled job once the retention has passed, and not before', async () => {
  const account = await request('POST', '/api/accounts', user, { type: 'private' });
  expect(account.status).toBe(201);
  const paid = (await request('POST', '/api/orders', user, completed(parcelWorkflow))).body;
  const started = await request('POST', `${paid['@id']}/payments`, user, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  expect((await request('DELETE', account.body['@id'], user)).status).toBe(204);
  const [order] = await testApp.db.orm.select().from(orders).where(eq(orders.key, paid.key));
  expect(order?.archivedAt).toEqual(new Date(START));
  const lineOf = async () =>
    (await testApp.db.orm.select().from(orderLines).where(eq(orderLines.orderId, order!.id)))[0];
  const receiverName = (await lineOf())?.receiverName;
  expect(receiverName).toBeTruthy();

  // A day before the retention ends the job runs and changes nothing.
  clock = START + 1825 * DAY;
  expect(await pseudonymiseTurn()).toBe('ran');
  expect((await lineOf())?.receiverName).toBe(receiverName);

  // The first daily slot after it: the job removes the parties' personal data.
  clock = START + 1826 * DAY + 3_600_000;
  expect(await pseudonymiseTurn()).toBe('ran');
  const line = await lineOf();
  expect(line?.receiverName).toBeNull();
  expect(line?.receiver).toEqual({ address: { countryCode: 'LV', postCode: 'LV-4101' } });
  expect(line?.sender).toEqual({ address: { countryCode: 'LV', postCode: 'LV-1010' } });
  const [after] = await testApp.db.orm.select().from(orders).where(eq(orders.id, order!.id));
  expect(after?.pseudonymisedAt).toEqual(new Date(clock));
  expect(line?.barcode).toMatch(/^[A-Z]{2}\d{9}[A-Z]{2}$/);
});
