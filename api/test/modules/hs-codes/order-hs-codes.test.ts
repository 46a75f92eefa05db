/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { startTestApp, type TestApp } from '../../helpers';
import { requester, sender, verifiedUser, workflowId } from '../orders/order-fixtures';

// The order rules ask the nomenclature whether a content line's HS code exists (orders/rule-context.ts).
let testApp: TestApp;
let internationalWorkflow: number;
const user = verifiedUser('hs-coder');

beforeAll(async () => {
  testApp = await startTestApp();
  internationalWorkflow = await workflowId(testApp, 'parcel-world-standardPlus-large');
  await request('POST', '/api/accounts', user, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

const usParcel = (hsCodes: (string | null)[], step = 4) => ({
  step,
  orderLines: [
    {
      workFlow: internationalWorkflow,
      attributes: { weight: 600 * hsCodes.length, countryCode: 'US', additionalServices: [] },
      sender,
      receiver: {
        name: 'John Smith',
        phonePrefix: '1',
        phone: '2025550123',
        address: { countryCode: 'US', addressLine: '1 Main St', city: 'Springfield', postCode: '62701', region: 'IL' },
      },
      content: hsCodes.map((hsCode) => ({
        name: 'Goods',
        hsCode,
        countryCode: 'LV',
        quantity: 1,
        weight: 600,
        value: 2_000,
      })),
      customsInfo: { natureOfTransaction: 'gift' },
    },
  ],
});

describe('HS codes of content lines', () => {
  it('reports an unknown code on its line as "HS code not found."', async () => {
    const answer = await request(
      'POST',
      '/api/orders/validate?type=content',
      user,
      usParcel(['490199', '999999', '4901']),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([
      { propertyPath: 'orderLines[0].content[1].hsCode', message: 'HS code not found.', code: 'HS_CODE_NOT_FOUND' },
      { propertyPath: 'orderLines[0].content[2].hsCode', message: 'HS code not found.', code: 'HS_CODE_NOT_FOUND' },
    ]);
  });

  it('accepts known subheadings, 8- and 10-digit codes under them, and lines without a code', async () => {
    const answer = await request(
      'POST',
      '/api/orders/validate?type=content',
      user,
      usParcel(['490199', '61171000', '7113190000', null]),
    );
    expect(answer.status).toBe(200);
  });

  it('refuses to save a draft with an unknown code', async () => {
    const refused = await request('POST', '/api/orders', user, usParcel(['010110'], 3));
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'orderLines[0].content[0].hsCode', code: 'HS_CODE_NOT_FOUND' }),
    ]);
    expect((await request('POST', '/api/orders', user, usParcel(['010121'], 3))).status).toBe(201);
  });
});
