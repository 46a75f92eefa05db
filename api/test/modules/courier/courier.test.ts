/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import fc from 'fast-check';
import { COURIER_PICK_UPS_PER_AREA_PER_DAY } from '../../../src/modules/courier';
import { BEARER, startTestApp, type TestApp } from '../../helpers';
import { latvianReceiver, requester, sender, verifiedUser, workflowId } from '../orders/order-fixtures';

// The courier's calendar depends on "now": the whole API runs on a clock the tests set.
// Monday 16 November 2026, 10:30 in Riga (UTC+2); Wednesday 18 November is a public holiday (proclamation day), 21–22 November a weekend.
const MONDAY_10_30 = new Date('2026-11-16T08:30:00Z');
let now = MONDAY_10_30;
const at = (rigaTime: string, day = '2026-11-16') => new Date(`${day}T${rigaTime}:00+02:00`);

let testApp: TestApp;
let parcelWorkflow: number;
const user = verifiedUser('courier-tester');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => now });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  await request('POST', '/api/accounts', user, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());
beforeEach(() => {
  now = MONDAY_10_30;
});

const request = requester(() => testApp);
const availability = (query: string, headers = {}) =>
  request('GET', `/api/public/courier_pick_up/availability?${query}`, headers);

const pickUp = (date: string, from = '10:00', till = '12:00') => ({ pickUpTime: { date, from, till } });
const senderIn = (postCode: string) => ({ ...sender, address: { ...sender.address, postCode } });

/** A domestic parcel with a courier pick-up; `lines` pick-ups in one order. */
const orderWithPickUp = (
  date: string,
  options: { postCode?: string; from?: string; till?: string; lines?: number } = {},
) => ({
  step: 3,
  orderLines: Array.from({ length: options.lines ?? 1 }, () => ({
    workFlow: `/api/work_flows/${parcelWorkflow}`,
    attributes: { weight: 1000, countryCode: 'LV' },
    services: { courierPickUp: pickUp(date, options.from, options.till) },
    sender: senderIn(options.postCode ?? 'LV-1010'),
    receiver: latvianReceiver,
  })),
  termsAccepted: true,
  privacyAccepted: true,
  eNotification: 'agree',
});

const NOT_AVAILABLE = (line = 0) => ({
  propertyPath: `orderLines[${line}].services.courierPickUp.pickUpTime.date`,
  message: 'The courier is not available on the chosen date.',
  code: 'COURIER_NOT_AVAILABLE',
});

describe('GET /api/courier_pick_up/availability', () => {
  it('answers a working day with the whole window and the free pick-ups of the area', async () => {
    const answer = await availability('date=2026-11-17&postCode=LV-1010');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/ld+json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      '@context': '/api/contexts/CourierAvailability',
      '@id': '/api/courier_pick_up/availability?date=2026-11-17&postCode=LV-1010',
      '@type': 'CourierAvailability',
      date: '2026-11-17',
      postCode: 'LV-1010',
      area: '10',
      available: true,
      reason: null,
      possiblePickUpTimesFrom: '09:00',
      possiblePickUpTimesTill: '18:00',
      sameDayCutOff: '14:00',
      capacity: COURIER_PICK_UPS_PER_AREA_PER_DAY,
      booked: 0,
      remaining: COURIER_PICK_UPS_PER_AREA_PER_DAY,
    });
  });

  it('answers without a post code too, leaving the capacity unknown', async () => {
    const answer = await availability('date=2026-11-17&postCode=');
    expect(answer.body).toMatchObject({ available: true, area: null, capacity: null, booked: null, remaining: null });
  });

  it.each([
    ['a public holiday', '2026-11-18', 'notWorkingDay'],
    ['a Saturday', '2026-11-21', 'notWorkingDay'],
    ['a Sunday', '2026-11-22', 'notWorkingDay'],
    ['a past day', '2026-11-13', 'pastDate'],
  ])('says the courier does not come on %s', async (_, date, reason) => {
    const answer = await availability(`date=${date}&postCode=LV-1010`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      date,
      available: false,
      reason,
      possiblePickUpTimesFrom: null,
      possiblePickUpTimesTill: null,
    });
  });

  it('takes same-day pick-ups until the 14:00 cut-off in Riga, from the next full hour', async () => {
    expect((await availability('date=2026-11-16')).body).toMatchObject({
      available: true,
      possiblePickUpTimesFrom: '11:00',
      possiblePickUpTimesTill: '18:00',
    });
    now = at('08:15');
    expect((await availability('date=2026-11-16')).body).toMatchObject({ possiblePickUpTimesFrom: '09:00' });
    now = at('13:59');
    expect((await availability('date=2026-11-16')).body).toMatchObject({
      available: true,
      possiblePickUpTimesFrom: '14:00',
    });
    now = at('14:00');
    expect((await availability('date=2026-11-16')).body).toMatchObject({ available: false, reason: 'afterCutOff' });
    // Tomorrow is still open at any hour today.
    now = at('23:30');
    expect((await availability('date=2026-11-17')).body).toMatchObject({
      available: true,
      possiblePickUpTimesFrom: '09:00',
    });
  });

  it('uses the Riga day, not the UTC day', async () => {
    // 23:30 UTC on Monday is already Tuesday 01:30 in Riga: Monday is past.
    now = new Date('2026-11-16T23:30:00Z');
    expect((await availability('date=2026-11-16')).body).toMatchObject({ available: false, reason: 'pastDate' });
    expect((await availability('date=2026-11-17')).body).toMatchObject({
      available: true,
      possiblePickUpTimesFrom: '09:00',
    });
  });

  it('answers 422 with violations for a bad date or post code', async () => {
    const cases: [string, { propertyPath: string; code: string }[]][] = [
      ['', [{ propertyPath: 'date', code: 'NOT_BLANK' }]],
      ['date=', [{ propertyPath: 'date', code: 'NOT_BLANK' }]],
      ['date=2026-02-30', [{ propertyPath: 'date', code: 'INVALID_DATE' }]],
      ['date=17.11.2026', [{ propertyPath: 'date', code: 'INVALID_DATE' }]],
      ["date=2026-11-17'%20or%201=1--", [{ propertyPath: 'date', code: 'INVALID_DATE' }]],
      ['date=2026-11-17&postCode=LV-12', [{ propertyPath: 'postCode', code: 'INVALID_POST_CODE' }]],
      ['date=2026-11-17&postCode=EE-1234', [{ propertyPath: 'postCode', code: 'INVALID_POST_CODE' }]],
      [
        'date=tomorrow&postCode=1010',
        [
          { propertyPath: 'date', code: 'INVALID_DATE' },
          { propertyPath: 'postCode', code: 'INVALID_POST_CODE' },
        ],
      ],
    ];
    for (const [query, violations] of cases) {
      const answer = await availability(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 422 });
      expect(answer.body.violations).toEqual(violations.map((item) => expect.objectContaining(item)));
    }
    // A malformed request (unknown or repeated parameter) is 400, as in every module.
    expect((await availability('date=2026-11-17&area=10')).status).toBe(400);
    expect((await availability('date=2026-11-17&date=2026-11-18')).status).toBe(400);
  });

  it('never answers 500, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (date, postCode) => {
        const query = new URLSearchParams({ date, postCode }).toString();
        const answer = await availability(query);
        expect([200, 422]).toContain(answer.status);
      }),
      { numRuns: 60 },
    );
  });

  it('needs a signed-in caller on /api and none on /api/public', async () => {
    expect((await request('GET', '/api/courier_pick_up/availability?date=2026-11-17')).status).toBe(401);
    expect((await request('GET', '/api/courier_pick_up/availability?date=2026-11-17', BEARER)).status).toBe(200);
  });
});

describe('order validation with the courier availability', () => {
  it('refuses a window outside the possible pick-up times, and a same-day pick-up after the cut-off', async () => {
    const early = await request(
      'POST',
      '/api/orders/validate',
      user,
      orderWithPickUp('2026-11-17', { from: '07:00', till: '10:00' }),
    );
    expect(early.status).toBe(422);
    expect(early.body.violations).toEqual([NOT_AVAILABLE()]);
    const late = await request(
      'POST',
      '/api/orders/validate',
      user,
      orderWithPickUp('2026-11-17', { from: '17:00', till: '19:00' }),
    );
    expect(late.body.violations).toEqual([NOT_AVAILABLE()]);

    // Same day: 11:00 is the earliest at 10:30; after 14:00 the day is closed.
    const beforeNextHour = await request(
      'POST',
      '/api/orders/validate',
      user,
      orderWithPickUp('2026-11-16', { from: '10:00', till: '12:00' }),
    );
    expect(beforeNextHour.body.violations).toEqual([NOT_AVAILABLE()]);
    const sameDay = orderWithPickUp('2026-11-16', { from: '15:00', till: '17:00' });
    expect((await request('POST', '/api/orders/validate', user, sameDay)).status).toBe(200);
    now = at('14:05');
    const afterCutOff = await request('POST', '/api/orders/validate', user, sameDay);
    expect(afterCutOff.status).toBe(422);
    expect(afterCutOff.body.violations).toEqual([NOT_AVAILABLE()]);
  });

  it('keeps the calendar violations of holidays, weekends and past days', async () => {
    for (const [date, code] of [
      ['2026-11-18', 'COURIER_NOT_AVAILABLE'],
      ['2026-11-21', 'COURIER_NOT_AVAILABLE'],
      ['2026-11-13', 'PICK_UP_DATE_PAST'],
    ]) {
      const answer = await request('POST', '/api/orders/validate', user, orderWithPickUp(date as string));
      expect(answer.body.violations).toEqual([
        expect.objectContaining({ code, propertyPath: NOT_AVAILABLE().propertyPath }),
      ]);
    }
  });

  it('books the capacity of an area, then refuses the next pick-up in availability and in the order rules', async () => {
    const day = '2026-11-19';
    const keys: string[] = [];
    for (let index = 0; index < COURIER_PICK_UPS_PER_AREA_PER_DAY; index++) {
      // Drafts hold their pick-up as soon as they are saved; any post code of area 10 counts.
      const created = await request(
        'POST',
        '/api/orders',
        user,
        orderWithPickUp(day, { postCode: index % 2 ? 'LV-1050' : 'LV-1010' }),
      );
      expect(created.status).toBe(201);
      keys.push(created.body['@id']);
    }
    const full = await availability(`date=${day}&postCode=LV-1099`);
    expect(full.body).toMatchObject({
      available: false,
      reason: 'full',
      booked: COURIER_PICK_UPS_PER_AREA_PER_DAY,
      remaining: 0,
    });
    // The window is still told: the day is a working day, only full.
    expect(full.body).toMatchObject({ possiblePickUpTimesFrom: '09:00', possiblePickUpTimesTill: '18:00' });

    const next = orderWithPickUp(day);
    const validated = await request('POST', '/api/orders/validate', user, next);
    expect(validated.status).toBe(422);
    expect(validated.body.violations).toEqual([NOT_AVAILABLE()]);
    const created = await request('POST', '/api/orders', user, next);
    expect(created.status).toBe(422);
    expect(created.body.violations).toEqual([NOT_AVAILABLE()]);

    // Another area and another day are not affected.
    expect((await availability(`date=${day}&postCode=LV-4101`)).body).toMatchObject({ available: true, booked: 0 });
    expect(
      (await request('POST', '/api/orders/validate', user, orderWithPickUp(day, { postCode: 'LV-4101' }))).status,
    ).toBe(200);
    expect((await request('POST', '/api/orders/validate', user, orderWithPickUp('2026-11-20'))).status).toBe(200);

    // An order holding one of the pick-ups can still be saved and paid: its own booking is not another's.
    const [lastKey] = keys.slice(-1);
    const last = await request('GET', lastKey as string, user);
    // Validated as a new version of that saved order (?order=), its pick-up is its own.
    const ownKey = last.body.key as string;
    const asItself = await request('POST', `/api/orders/validate?order=${ownKey}`, user, orderWithPickUp(day));
    expect(asItself.status).toBe(200);
    // Naming someone else's order, or none that exists, is refused as not found (a key never
    // reveals whether an order exists), not a way round the limit.
    const stranger = verifiedUser('courier-stranger');
    expect((await request('POST', '/api/accounts', stranger, { type: 'private' })).status).toBe(201);
    expect((await request('POST', `/api/orders/validate?order=${ownKey}`, stranger, orderWithPickUp(day))).status).toBe(
      404,
    );
    expect(
      (await request('POST', `/api/orders/validate?order=${'x'.repeat(24)}`, user, orderWithPickUp(day))).status,
    ).toBe(404);
    const saved = await request('PUT', lastKey as string, user, {
      ...orderWithPickUp(day),
      version: last.body.version,
    });
    expect(saved.status).toBe(200);
    const payment = await request('POST', `${lastKey}/payments`, user, {});
    expect(payment.status).toBe(201);

    // Cancelling a draft frees its pick-up; one order cannot take two when one is left.
    expect((await request('POST', `${keys[0]}/cancel`, user)).status).toBe(200);
    expect((await availability(`date=${day}&postCode=LV-1010`)).body).toMatchObject({ available: true, remaining: 1 });
    const two = await request('POST', '/api/orders/validate', user, orderWithPickUp(day, { lines: 2 }));
    expect(two.status).toBe(422);
    expect(two.body.violations).toEqual([NOT_AVAILABLE(1)]);
    expect((await request('POST', '/api/orders/validate', user, orderWithPickUp(day))).status).toBe(200);
  }, 60_000);
});

describe('in the whole API (buildApp)', () => {
  let wholeApp: TestApp;
  beforeAll(async () => {
    wholeApp = await startTestApp();
  }, 60_000);
  afterAll(() => wholeApp?.close());

  it('serves the availability call on both twins', async () => {
    // A working Tuesday years ahead: the answer does not depend on today.
    const url = '/courier_pick_up/availability?date=2030-06-04&postCode=LV-3001';
    const publicAnswer = await wholeApp.app.inject({ method: 'GET', url: `/api/public${url}` });
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.json()).toMatchObject({ available: true, area: '30', possiblePickUpTimesFrom: '09:00' });
    const signedIn = await wholeApp.app.inject({ method: 'GET', url: `/api${url}`, headers: BEARER });
    expect(signedIn.statusCode).toBe(200);
    const bad = await wholeApp.app.inject({ method: 'GET', url: '/api/public/courier_pick_up/availability?date=x' });
    expect(bad.statusCode).toBe(422);
  });
});
