/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
// Issue 40 item 2: an order whose places its product cannot use is refused at the location field.
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { latvianReceiver, requester, sender, verifiedUser, workflowId } from './order-fixtures';

let testApp: TestApp;
let latvianLocker: number;
let lithuanianLocker: number;
const user = verifiedUser('place-picker');
const ADMIN = bearer({ sub: 'dev-admin', email: 'admin@example.com' });

// From the seeded network (data/locations.json): a DPD locker in Latvia, a Latvijas Pasts locker
// that is pick-up only ("tikai izņemšana"), an Udrop and an LP Express locker in Lithuania.
const DPD_LV = 'dpd-LV90307';
const LP_PICK_UP_ONLY = 'unisend-8200';
const UDROP_LT = 'unisend-7549';
const LP_EXPRESS_LT = 'unisend-0005';

beforeAll(async () => {
  testApp = await startTestApp();
  latvianLocker = await workflowId(testApp, 'parcel-lv-locker-s');
  lithuanianLocker = await workflowId(testApp, 'parcel-lt-locker-s');
  expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

/** A locker-to-locker order to `countryCode`, handed over at `transfer`, collected at `receiving`. */
const lockerOrder = (workFlow: number, countryCode: string, transfer: string | null, receiving: string) => ({
  step: 2,
  orderLines: [
    {
      workFlow: `/api/work_flows/${workFlow}`,
      attributes: {
        weight: 1000,
        countryCode,
        transferType: 'parcelMachine',
        receivingType: 'parcelMachine',
        ...(transfer ? { transferLocationId: transfer } : {}),
      },
      sender,
      receiver: { ...latvianReceiver, address: { countryCode, serviceLocationId: receiving } },
    },
  ],
});

const violationsOf = (body: { violations?: { propertyPath: string; code: string }[] }) =>
  (body.violations ?? []).map(({ propertyPath, code }) => ({ propertyPath, code }));

describe('places a product may use', () => {
  it('refuses a DPD locker as the delivery place of a Latvian locker product (422 at the field)', async () => {
    const refused = await request('POST', '/api/orders', user, lockerOrder(latvianLocker, 'LV', null, DPD_LV));
    expect(refused.status).toBe(422);
    expect(violationsOf(refused.body)).toEqual([
      { propertyPath: 'orderLines[0].receiver.address.serviceLocationId', code: 'LOCATION_WRONG_NETWORK' },
    ]);
    expect(refused.body['@type']).toBe('hydra:Error');
    // The validation the wizard calls says the same.
    const validated = await request(
      'POST',
      '/api/orders/validate',
      user,
      lockerOrder(latvianLocker, 'LV', null, DPD_LV),
    );
    expect(validated.status).toBe(422);
    expect(violationsOf(validated.body)).toContainEqual({
      propertyPath: 'orderLines[0].receiver.address.serviceLocationId',
      code: 'LOCATION_WRONG_NETWORK',
    });
  });

  it('refuses a pick-up-only locker as the hand-over place, and delivers there', async () => {
    const refused = await request(
      'POST',
      '/api/orders',
      user,
      lockerOrder(latvianLocker, 'LV', LP_PICK_UP_ONLY, LP_PICK_UP_ONLY),
    );
    expect(refused.status).toBe(422);
    expect(violationsOf(refused.body)).toEqual([
      { propertyPath: 'orderLines[0].attributes.transferLocationId', code: 'LOCATION_PICK_UP_ONLY' },
    ]);
  });

  it('takes a locker of the own network that accepts parcels, and one the back office marks pick-up only no longer', async () => {
    const locker = await request('POST', '/api/admin/service_locations', ADMIN, {
      countryCode: 'LV',
      type: 'parcelLocker',
      operator: 'Latvijas Pasts',
      name: 'Test pakomāts',
      address: 'Testa iela 2, Rīga',
      city: 'Rīga',
      postCode: 'LV-1050',
      latitude: 56.95,
      longitude: 24.1,
      openingHours: null,
    });
    expect(locker.status).toBe(201);
    expect(locker.body.pickUpOnly).toBe(false);
    const accepted = await request(
      'POST',
      '/api/orders',
      user,
      lockerOrder(latvianLocker, 'LV', locker.body.id, LP_PICK_UP_ONLY),
    );
    expect(accepted.status).toBe(201);

    // The administrator marks it pick-up only: a new order handed over there is refused.
    const {
      '@id': _id,
      '@type': _type,
      id: _key,
      active: _active,
      source: _source,
      retiredAt: _r,
      updatedAt: _u,
      openingSchedule: _s,
      ownNetwork: _o,
      ...fields
    } = locker.body;
    const marked = await request('PUT', `/api/admin/service_locations/${locker.body.id}`, ADMIN, {
      ...fields,
      pickUpOnly: true,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.pickUpOnly).toBe(true);
    const refused = await request(
      'POST',
      '/api/orders',
      user,
      lockerOrder(latvianLocker, 'LV', locker.body.id, LP_PICK_UP_ONLY),
    );
    expect(violationsOf(refused.body)).toEqual([
      { propertyPath: 'orderLines[0].attributes.transferLocationId', code: 'LOCATION_PICK_UP_ONLY' },
    ]);
  });

  it('a Lithuanian locker product delivers at LP Express lockers, not at Udrop', async () => {
    const refused = await request('POST', '/api/orders', user, lockerOrder(lithuanianLocker, 'LT', null, UDROP_LT));
    expect(refused.status).toBe(422);
    expect(violationsOf(refused.body)).toEqual([
      { propertyPath: 'orderLines[0].receiver.address.serviceLocationId', code: 'LOCATION_WRONG_NETWORK' },
    ]);
    const accepted = await request(
      'POST',
      '/api/orders',
      user,
      lockerOrder(lithuanianLocker, 'LT', null, LP_EXPRESS_LT),
    );
    expect(accepted.status).toBe(201);
  });

  it("follows the product's networks as the back office edits them", async () => {
    const url = `/api/admin/work_flows/${latvianLocker}`;
    const product = (await request('GET', url, ADMIN)).body;
    expect(product).toMatchObject({ transferNetworks: ['Latvijas Pasts'], receivingNetworks: ['Latvijas Pasts'] });
    const fields = [
      'isActive',
      'label',
      'labelLv',
      'shipmentType',
      'shipmentSubType',
      'shipmentSizeType',
      'countryCode',
      'zone',
      'transferType',
      'receivingType',
      'maxWeight',
      'deliveryDays',
      'serviceOptions',
    ];
    const body = Object.fromEntries(fields.map((field) => [field, product[field]]));
    const duplicated = await request('PUT', url, ADMIN, { ...body, receivingNetworks: ['DPD', 'DPD'] });
    expect(duplicated.status).toBe(422);
    expect(duplicated.body.violations[0].propertyPath).toBe('receivingNetworks');
    const widened = await request('PUT', url, ADMIN, { ...body, receivingNetworks: ['Latvijas Pasts', 'DPD'] });
    expect(widened.status).toBe(200);
    expect((await request('POST', '/api/orders', user, lockerOrder(latvianLocker, 'LV', null, DPD_LV))).status).toBe(
      201,
    );
    // Put back as it was (the other tests of this file use the seeded rule); a PUT without the field keeps it.
    expect((await request('PUT', url, ADMIN, { ...body, receivingNetworks: ['Latvijas Pasts'] })).status).toBe(200);
    expect((await request('PUT', url, ADMIN, body)).body.receivingNetworks).toEqual(['Latvijas Pasts']);
  });

  it('refuses a place that does not exist', async () => {
    const refused = await request('POST', '/api/orders', user, lockerOrder(latvianLocker, 'LV', null, 'dpd-NOPE1'));
    expect(violationsOf(refused.body)).toEqual([
      { propertyPath: 'orderLines[0].receiver.address.serviceLocationId', code: 'LOCATION_NOT_FOUND' },
    ]);
  });
});
