/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

let testApp: TestApp;
const request = requester(() => testApp);
const user = verifiedUser('in-progress-sender');
const sortingSystem = bearer({ sub: 'sorting-system', scope: TRACKING_INGEST_SCOPE });
let parcelWorkflow: number;

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

async function paidShipment(): Promise<string> {
  const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
  const started = await request('POST', `${created.body['@id']}/payments`, user, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', created.body['@id'], user);
  return order.body.orderLines[0].barcode as string;
}

const scan = (shipmentNumber: string, code: string, occurredAt: string) => ({
  eventId: `${shipmentNumber}-${code}`,
  shipmentNumber,
  code,
  occurredAt,
  location: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
});

describe('GET /api/tracking/in-progress', () => {
  it('is for the network systems only', async () => {
    expect((await request('GET', '/api/tracking/in-progress')).status).toBe(401);
    expect((await request('GET', '/api/tracking/in-progress', user)).status).toBe(403);
    expect((await request('GET', '/api/public/tracking/in-progress')).status).toBe(401);
  });

  it('lists paid shipments with their hand-over and last scan until they are delivered', async () => {
    const number = await paidShipment();
    const listed = async () => {
      const answer = await request('GET', `/api/tracking/in-progress?number=${number}`, sortingSystem);
      expect(answer.status).toBe(200);
      return answer.body['hydra:member'];
    };
    expect(await listed()).toEqual([
      expect.objectContaining({
        number,
        status: 'paid',
        destinationCountryCode: 'LV',
        transferType: 'postOffice',
        receivingType: 'postOffice',
        receiverCity: 'Cēsis',
        lastEventCode: null,
        eventCount: 0,
      }),
    ]);
    const all = await request('GET', '/api/tracking/in-progress?limit=500', sortingSystem);
    expect(all.body['hydra:member'].map((shipment: { number: string }) => shipment.number)).toContain(number);

    const post = (events: unknown[]) => request('POST', '/api/tracking/events', sortingSystem, { events });
    expect((await post([scan(number, 'ACCEPTED_POST_OFFICE', '2026-11-23T08:00:00Z')])).status).toBe(200);
    // A scan that breaks the table is stored and flagged; it is not the shipment's last step.
    expect((await post([scan(number, 'DELIVERED', '2026-11-23T09:00:00Z')])).body.flagged).toHaveLength(1);
    expect(await listed()).toEqual([
      expect.objectContaining({ status: 'transferred', lastEventCode: 'ACCEPTED_POST_OFFICE', eventCount: 1 }),
    ]);

    await post([
      scan(number, 'SORTED', '2026-11-23T10:00:00Z'),
      scan(number, 'READY_FOR_PICK_UP', '2026-11-24T09:00:00Z'),
    ]);
    // The flagged DELIVERED (09:00) now sits before SORTED: still flagged; a real one finishes the journey.
    await post([{ ...scan(number, 'DELIVERED', '2026-11-24T15:00:00Z'), eventId: `${number}-delivered-2` }]);
    expect(await listed()).toEqual([]);
  });

  it('checks the number and the limit', async () => {
    const badNumber = await request('GET', '/api/tracking/in-progress?number=AB123', sortingSystem);
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.violations[0]).toMatchObject({ propertyPath: 'number', code: 'INVALID_S10' });
    expect((await request('GET', '/api/tracking/in-progress?limit=0', sortingSystem)).status).toBe(400);
    expect((await request('GET', '/api/tracking/in-progress?limit=abc', sortingSystem)).status).toBe(400);
    expect((await request('GET', '/api/tracking/in-progress?extra=1', sortingSystem)).status).toBe(400);
  });
});
