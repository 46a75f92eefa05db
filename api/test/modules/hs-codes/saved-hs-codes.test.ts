/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { MAX_SAVED_HS_CODES } from '@portal/shared-contracts/account';
import { savedHsCodes } from '../../../src/modules/hs-codes/schema';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { type Headers, requester, verifiedUser } from '../orders/order-fixtures';

// SPEC §1 saved HS codes, §5 "goods code unique per account": an account's codes with its own
// descriptions; members share them, nobody else reads or changes them.

let testApp: TestApp;
const request = requester(() => testApp);
const owner = verifiedUser('saved-owner');
const stranger = verifiedUser('saved-stranger');
let accountId: number;
let strangerAccountId: number;

const path = (id = accountId) => `/api/accounts/${id}/saved_hs_codes`;

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['hs-codes'] });
  accountId = (await request('POST', '/api/accounts', owner, { type: 'private' })).body.id;
  strangerAccountId = (await request('POST', '/api/accounts', stranger, { type: 'private' })).body.id;
}, 60_000);
afterAll(() => testApp?.close());

describe('saved goods codes', () => {
  it('saves a code with the user’s own description and the nomenclature’s names, listed in code order', async () => {
    const created = await request('POST', path(), owner, { code: '4202.22', description: '  Handbags   of our shop ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      '@id': `${path()}/${created.body.id}`,
      '@type': 'SavedHsCode',
      code: '420222',
      description: 'Handbags of our shop',
      hsDescription: expect.stringMatching(/handbags/i),
      hsDescriptionLv: expect.stringMatching(/\S/),
    });
    // A CN code of 8 digits whose first six are a subheading is a customs code too.
    expect((await request('POST', path(), owner, { code: '49019900', description: 'Books' })).status).toBe(201);
    const list = await request('GET', path(), owner);
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(2);
    expect(list.body['hydra:member'].map((item: { code: string }) => item.code)).toEqual(['420222', '49019900']);
  });

  it('keeps each code once per account, but another account may save the same code', async () => {
    const again = await request('POST', path(), owner, { code: '420222', description: 'Bags again' });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'code',
        message: 'This goods code is already saved.',
        code: 'HS_CODE_NOT_UNIQUE',
      }),
    ]);
    expect(
      (await request('POST', path(strangerAccountId), stranger, { code: '420222', description: 'Bags' })).status,
    ).toBe(201);
  });

  it.each([
    ['a chapter', { code: '42', description: 'Chapter' }, 'code', 'An HS code has 6 to 10 digits.'],
    ['letters', { code: '4202ab', description: 'Letters' }, 'code', 'An HS code has 6 to 10 digits.'],
    ['11 digits', { code: '12345678901', description: 'Too long' }, 'code', 'An HS code has 6 to 10 digits.'],
    ['a code not in HS', { code: '999999', description: 'Not in HS' }, 'code', 'HS code not found.'],
    [
      'a blank description',
      { code: '711319', description: '   ' },
      'description',
      'Describe the goods in your own words.',
    ],
    ['no description', { code: '711319' }, 'description', 'Describe the goods in your own words.'],
    [
      '121 characters',
      { code: '711319', description: 'x'.repeat(121) },
      'description',
      'The description can have at most 120 characters.',
    ],
    [
      '10,000 characters',
      { code: '711319', description: 'x'.repeat(10_000) },
      'description',
      'This value is too long.',
    ],
  ])('refuses %s with a violation on the field', async (_case, body, property, message) => {
    const answer = await request('POST', path(), owner, body);
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([expect.objectContaining({ propertyPath: property, message })]);
  });

  it('changes the description and deletes a code', async () => {
    const created = await request('POST', path(), owner, { code: '711319', description: 'Silver jewellery' });
    const changed = await request('PATCH', `${path()}/${created.body.id}`, owner, { description: 'Silver brooches' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: '711319', description: 'Silver brooches' });
    const blank = await request('PATCH', `${path()}/${created.body.id}`, owner, { description: '' });
    expect(blank.status).toBe(422);
    const code = await request('PATCH', `${path()}/${created.body.id}`, owner, { description: 'x', code: '420222' });
    expect(code.body.violations).toEqual([expect.objectContaining({ propertyPath: 'code', code: 'UNEXPECTED_FIELD' })]);
    expect((await request('DELETE', `${path()}/${created.body.id}`, owner)).status).toBe(204);
    expect((await request('DELETE', `${path()}/${created.body.id}`, owner)).status).toBe(404);
  });

  it(`keeps at most ${MAX_SAVED_HS_CODES} codes per account`, async () => {
    const full = verifiedUser('saved-full');
    const fullAccount = (await request('POST', '/api/accounts', full, { type: 'private' })).body.id as number;
    await testApp.db.orm.insert(savedHsCodes).values(
      Array.from({ length: MAX_SAVED_HS_CODES }, (_, index) => ({
        accountId: fullAccount,
        code: `4202${String(index).padStart(4, '0')}`,
        description: `Item ${index}`,
      })),
    );
    const answer = await request('POST', path(fullAccount), full, { code: '711319', description: 'One more' });
    expect(answer.status).toBe(422);
    expect(answer.body.violations[0]).toMatchObject({ code: 'TOO_MANY_SAVED_HS_CODES' });
  });
});

describe('nobody reads or changes another account’s saved codes', () => {
  it('answers another user 404 on every call and anonymous callers 401; there is no public twin', async () => {
    const created = await request('POST', path(), owner, { code: '010121', description: 'Breeding horses' });
    const item = `${path()}/${created.body.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', path()],
      ['POST', path(), { code: '010129', description: 'Horses' }],
      ['PATCH', item, { description: 'Taken over' }],
      ['DELETE', item],
    ];
    for (const [method, url, body] of calls) {
      expect([method, (await request(method as 'GET', url, stranger, body)).status]).toEqual([method, 404]);
      expect([method, (await request(method as 'GET', url, {}, body)).status]).toEqual([method, 401]);
    }
    expect((await request('GET', `/api/public/accounts/${accountId}/saved_hs_codes`)).status).toBe(404);
    // The stranger's own account's path does not reach the owner's codes either.
    const viaOwnPath = await request('PATCH', `${path(strangerAccountId)}/${created.body.id}`, stranger, {
      description: 'Taken over',
    });
    expect(viaOwnPath.status).toBe(404);
    expect((await request('DELETE', `${path(strangerAccountId)}/${created.body.id}`, stranger)).status).toBe(404);
    const list = await request('GET', path(), owner);
    expect(list.body['hydra:member'].find((entry: { code: string }) => entry.code === '010121')).toMatchObject({
      description: 'Breeding horses',
    });
  });

  it("shares a company account's codes between its users", async () => {
    const first = verifiedUser('saved-company-a');
    const second = verifiedUser('saved-company-b');
    const ids: number[] = [];
    for (const headers of [first, second] as Headers[])
      ids.push((await request('POST', '/api/my-user', headers)).body.id);
    const [company] = await testApp.db.orm
      .insert(accounts)
      .values({ type: 'company', companyName: 'SIA Codes' })
      .returning();
    const companyId = company?.id ?? 0;
    await testApp.db.orm.insert(userAccounts).values([
      { userId: ids[0] ?? 0, accountId: companyId, role: 'MAIN_ADMIN' },
      { userId: ids[1] ?? 0, accountId: companyId, role: 'USER' },
    ]);
    expect((await request('POST', path(companyId), first, { code: '490199', description: 'Catalogues' })).status).toBe(
      201,
    );
    const seen = await request('GET', path(companyId), second);
    expect(seen.body['hydra:member']).toEqual([expect.objectContaining({ code: '490199', description: 'Catalogues' })]);
  });
});
