/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { makeS10 } from '@portal/shared-contracts/s10';
import { asc, eq } from 'drizzle-orm';
import { orderLines } from '../../../src/modules/orders/schema';
import { serviceLocations } from '../../../src/modules/service-locations/schema';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { trackingEvents } from '../../../src/modules/tracking/schema';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { completed, type Headers, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

let testApp: TestApp;
const request = requester(() => testApp);
const user = verifiedUser('tracked-sender');
const sortingSystem = bearer({ sub: 'sorting-system', scope: `openid ${TRACKING_INGEST_SCOPE}` });
let parcelWorkflow: number;

beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

/** A domestic parcel ordered and paid by the test user: its S10 number. */
async function paidShipment(): Promise<string> {
  const created = await request('POST', '/api/orders', user, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, user, {});
  expect(started.status).toBe(201);
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', created.body['@id'], user);
  return order.body.orderLines[0].barcode as string;
}

let eventCounter = 0;
const scan = (shipmentNumber: string, code: string, occurredAt: string, overrides: Record<string, unknown> = {}) => ({
  eventId: `e-${++eventCounter}`,
  shipmentNumber,
  code,
  occurredAt,
  location: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
  ...overrides,
});

const post = (events: unknown[], headers: Headers = sortingSystem) =>
  request('POST', '/api/tracking/events', headers, { events });

async function lineOf(number: string) {
  const [line] = await testApp.db.orm.select().from(orderLines).where(eq(orderLines.barcode, number));
  return line;
}

describe('POST /api/tracking/events', () => {
  it('counts what it receives by result for the metrics (issue 35: the feed-stall alert)', async () => {
    const counts = async () => {
      const body = (await testApp.app.inject({ url: '/metrics' })).body;
      const count = (result: string) =>
        Number(
          new RegExp(`^portal_tracking_events_ingested_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(body)?.[1],
        );
      return {
        stored: count('stored'),
        flagged: count('flagged'),
        duplicate: count('duplicate'),
        rejected: count('rejected'),
      };
    };
    const before = await counts();
    const number = await paidShipment();
    const accepted = scan(number, 'ACCEPTED_PARCEL_LOCKER', '2026-11-23T08:00:00Z');
    const unknown = scan(makeS10('CC', 7), 'SORTED', '2026-11-23T08:00:00Z');
    const ingested = await post([accepted, unknown, { eventId: 'malformed' }]);
    expect(ingested.status).toBe(200);
    expect(ingested.body).toMatchObject({ stored: 2, duplicates: 0, flagged: [{ eventId: unknown.eventId }] });
    expect((await post([accepted])).status).toBe(200);
    expect(await counts()).toEqual({
      stored: before.stored + 1,
      flagged: before.flagged + 1,
      duplicate: before.duplicate + 1,
      rejected: before.rejected + 1,
    });
  });

  it('is refused to visitors, to users without the ingest scope and on the public twin', async () => {
    const batch = [scan(makeS10('CC', 1), 'SORTED', '2026-11-23T08:00:00Z')];
    expect((await post(batch, {})).status).toBe(401);
    expect((await post(batch, user)).status).toBe(403);
    expect((await request('POST', '/api/public/tracking/events', {}, { events: batch })).status).toBe(401);
    expect(
      (await request('POST', '/api/tracking/events', bearer({ sub: 'x' }, { expiresIn: -60 }), { events: batch }))
        .status,
    ).toBe(401);
  });

  it('moves a shipment through its journey from events given out of order, once per event id', async () => {
    const number = await paidShipment();
    const journey = [
      scan(number, 'DELIVERED', '2026-11-24T14:00:00Z'),
      scan(number, 'ACCEPTED_PARCEL_LOCKER', '2026-11-23T08:00:00Z'),
      scan(number, 'READY_FOR_PICK_UP', '2026-11-24T09:00:00Z'),
      scan(number, 'SORTED', '2026-11-23T20:00:00Z'),
    ];
    const first = await post(journey.slice(0, 2));
    expect(first.status).toBe(200);
    // DELIVERED before the shipment was sorted breaks the table until the missing scans arrive.
    expect(first.body).toMatchObject({ stored: 2, duplicates: 0, rejected: [] });
    expect(first.body.flagged).toEqual([
      { index: 0, eventId: journey[0]?.eventId, reason: 'A shipment cannot move from transferred to delivered.' },
    ]);
    expect((await lineOf(number))?.status).toBe('transferred');

    const second = await post([...journey.slice(2), journey[1]]);
    expect(second.body).toMatchObject({ stored: 2, duplicates: 1, flagged: [], rejected: [] });
    const line = await lineOf(number);
    expect(line).toMatchObject({ status: 'delivered' });
    expect(line?.statusDate.toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(line?.transferredAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    // The delivery scan is in place now: no event of the shipment is flagged any more.
    const stored = await testApp.db.orm.select().from(trackingEvents).where(eq(trackingEvents.shipmentNumber, number));
    expect(stored.map((event) => event.violation)).toEqual([null, null, null, null]);
  });

  it('stores the good rows of a batch and reports each bad row by its index', async () => {
    const number = await paidShipment();
    const answer = await post([
      scan(number, 'ACCEPTED_POST_OFFICE', '2026-11-23T08:00:00Z'),
      scan('RR123456784LV', 'SORTED', '2026-11-23T09:00:00Z'),
      scan(number, 'SORTED', 'yesterday'),
      { eventId: "'; DROP TABLE tracking_events; --", shipmentNumber: 'x'.repeat(10_000) },
      scan(makeS10('CC', 99_999_999), 'SORTED', '2026-11-23T09:00:00Z'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.stored).toBe(2);
    expect(answer.body.rejected.map((row: { index: number }) => row.index)).toEqual([1, 2, 3]);
    expect(answer.body.rejected[0].violations).toEqual([
      {
        propertyPath: 'events[1].shipmentNumber',
        message: 'This shipment number is not valid: please check it for typing errors.',
        code: 'INVALID_S10',
      },
    ]);
    // A scan of a number the portal never issued is kept, flagged.
    expect(answer.body.flagged).toEqual([
      { index: 4, eventId: expect.any(String), reason: 'No shipment with this number was paid on the portal.' },
    ]);
    expect((await lineOf(number))?.status).toBe('transferred');
  });

  it('refuses a batch without one good row, and malformed envelopes, with 4xx', async () => {
    const allBad = await post([{ eventId: 1 }, 'row']);
    expect(allBad.status).toBe(422);
    expect(allBad.body.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toContain(
      'events[1]',
    );
    expect((await post([])).status).toBe(422);
    expect((await request('POST', '/api/tracking/events', sortingSystem, { events: 'all' })).status).toBe(422);
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/tracking/events',
      headers: { ...sortingSystem, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('GET /api/tracking/{number}', () => {
  it('answers the journey newest first in the caller’s language, on both twins', async () => {
    const number = await paidShipment();
    await post([
      scan(number, 'ACCEPTED_PARCEL_LOCKER', '2026-11-23T08:00:00Z'),
      scan(number, 'SORTED', '2026-11-23T12:00:00Z', { note: 'Sorted by hand' }),
    ]);
    const english = await request('GET', `/api/public/tracking/${number.toLowerCase()}`);
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({
      '@id': `/api/tracking/${number}`,
      number,
      status: 'processed',
      statusDate: '2026-11-23T12:00:00.000Z',
      shipmentType: 'parcel',
      destinationCountryCode: 'LV',
      // One working day within Latvia from the hand-over (Monday → Tuesday).
      expectedDelivery: '2026-11-24',
      deliveryPlace: null,
      returnBarcode: null,
    });
    // Issue 36 item 5: an anonymous caller learns what the shipment's receiver needs and nothing
    // more: no sender, receiver, address, weight, price or order. Issue 40 item 1 adds the number
    // of the shipment's return, once made (null here), for the customer who sends it back, and
    // for a return's own number the shipment it returns (`returnOf`, null here).
    expect(english.body.returnOf).toBeNull();
    expect(Object.keys(english.body).sort()).toEqual(
      [
        '@id',
        '@type',
        'deliveryPlace',
        'destinationCountryCode',
        'events',
        'expectedDelivery',
        'number',
        'returnBarcode',
        'returnOf',
        'shipmentType',
        'status',
        'statusDate',
      ].sort(),
    );
    expect(english.body.events.map((event: { text: string }) => event.text)).toEqual([
      'Sorted at a sorting centre',
      'Accepted at a parcel locker',
    ]);
    expect(english.body.events[0]).toMatchObject({
      code: 'SORTED',
      status: 'processed',
      note: 'Sorted by hand',
      place: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
    });

    const latvian = await request('GET', `/api/tracking/${number}`, { ...user, 'accept-language': 'lv-LV,lv;q=0.9' });
    expect(latvian.status).toBe(200);
    expect(latvian.body.events.map((event: { text: string }) => event.text)).toEqual([
      'Apstrādāts šķirošanas centrā',
      'Pieņemts pakomātā',
    ]);
  });

  it('names the parcel locker or post office the receiver collects from, and leaves flagged scans out', async () => {
    const number = await paidShipment();
    const [place] = await testApp.db.orm
      .select({ id: serviceLocations.id, name: serviceLocations.name, address: serviceLocations.address })
      .from(serviceLocations)
      .orderBy(asc(serviceLocations.id))
      .limit(1);
    expect(place).toBeDefined();
    const line = await lineOf(number);
    const receiver = line?.receiver as { address: Record<string, unknown> };
    await testApp.db.orm
      .update(orderLines)
      .set({ receiver: { ...receiver, address: { ...receiver.address, serviceLocationId: place?.id } } })
      .where(eq(orderLines.barcode, number));
    // Delivered before it was handed over: stored and flagged, never shown.
    await post([
      scan(number, 'DELIVERED', '2026-11-23T07:00:00Z'),
      scan(number, 'ACCEPTED_POST_OFFICE', '2026-11-23T08:00:00Z'),
    ]);
    const answer = await request('GET', `/api/public/tracking/${number}`);
    expect(answer.status).toBe(200);
    expect(answer.body.deliveryPlace).toEqual({
      name: place?.name,
      address: place?.address,
      countryCode: expect.stringMatching(/^[A-Z]{2}$/),
    });
    expect(answer.body.status).toBe('transferred');
    expect(answer.body.events).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        code: 'ACCEPTED_POST_OFFICE',
        status: 'transferred',
        text: 'Accepted at a post office',
        occurredAt: '2026-11-23T08:00:00.000Z',
        place: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
        note: null,
      },
    ]);
    // A new scan shows at once (the lookup keeps no answers).
    await post([scan(number, 'SORTED', '2026-11-23T09:00:00Z')]);
    const again = await request('GET', `/api/public/tracking/${number}`);
    expect(again.body.status).toBe('processed');
    expect(again.body.events.map((event: { code: string }) => event.code)).toEqual(['SORTED', 'ACCEPTED_POST_OFFICE']);
  });

  it('checks the number before any lookup and says when it does not exist', async () => {
    const wrong = await request('GET', '/api/public/tracking/RR123456784LV');
    expect(wrong.status).toBe(400);
    expect(wrong.body.violations).toEqual([
      {
        propertyPath: 'number',
        message: 'This shipment number is not valid: please check it for typing errors.',
        code: 'INVALID_S10',
      },
    ]);
    for (const input of ["1' OR '1'='1", 'x'.repeat(10_000), '%00', 'AB00000000LV']) {
      const answer = await request('GET', `/api/public/tracking/${encodeURIComponent(input)}`);
      expect([400, 404, 414]).toContain(answer.status);
    }
    const unknown = await request('GET', `/api/public/tracking/${makeS10('CC', 77_777_777)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body['hydra:description']).toBe('Shipment not found.');
  });

  it('looks up to ten numbers at once and names the ones not found', async () => {
    const first = await paidShipment();
    const missing = makeS10('CC', 55_555_555);
    const answer = await request('GET', `/api/public/tracking?numbers=${first},${missing}`);
    expect(answer.status).toBe(200);
    expect(answer.body['hydra:member'].map((item: { number: string }) => item.number)).toEqual([first]);
    expect(answer.body.notFound).toEqual([missing]);
    const eleven = Array.from({ length: 11 }, (_, index) => makeS10('CC', index + 1)).join(',');
    expect((await request('GET', `/api/public/tracking?numbers=${eleven}`)).status).toBe(400);
    expect((await request('GET', `/api/public/tracking?numbers=${first},nonsense`)).body.violations[0]).toMatchObject({
      propertyPath: 'numbers[1]',
      code: 'INVALID_S10',
    });
    expect((await request('GET', '/api/public/tracking?numbers=')).status).toBe(400);
    expect((await request('GET', '/api/public/tracking?other=1')).status).toBe(400);
  });
});
