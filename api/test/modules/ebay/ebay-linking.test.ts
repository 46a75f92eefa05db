/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import type { EbayStandIn } from '../../../../infra/ebay-standin/server';
import { ebayAccounts } from '../../../src/modules/ebay/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';
import { configFor, consent, link, startStandIn } from './ebay-fixtures';

// Linking an eBay account through the OAuth authorization code grant against the stand-in, the
// import of the sales waiting for shipment, and who may see them (issue 15 items 1, 2, tests).

let standIn: EbayStandIn;
let testApp: TestApp;
const request = requester(() => testApp);
const seller = verifiedUser('ebay-seller');
const stranger = verifiedUser('ebay-stranger');

beforeAll(async () => {
  standIn = await startStandIn();
  testApp = await startTestApp({ modules: ['ebay'], config: configFor(standIn) });
  for (const user of [seller, stranger]) {
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});

describe('linking', () => {
  it('refuses a state that was not started by this user, and one answered twice', async () => {
    const started = await request('POST', '/api/ebay/accounts', seller, { name: 'Shop' });
    expect(started.status).toBe(201);
    expect(started.body.account.status).toBe('unfinished');
    const back = await consent(started.body.consentUrl, 'demo-seller');
    // Another user presenting the seller's state and code: not theirs.
    const stolen = await request('POST', '/api/ebay/accounts/accepted', stranger, back);
    expect(stolen.status).toBe(422);
    expect(stolen.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'state', code: 'EBAY_BAD_STATE' }),
    ]);
    const forged = await request('POST', '/api/ebay/accounts/accepted', seller, { ...back, state: 'made-up' });
    expect(forged.body.violations?.[0]?.code).toBe('EBAY_BAD_STATE');
    expect((await request('POST', '/api/ebay/accounts/accepted', seller, back)).status).toBe(200);
    const replay = await request('POST', '/api/ebay/accounts/accepted', seller, back);
    expect(replay.status).toBe(422);
    expect(replay.body.violations?.[0]?.code).toBe('EBAY_BAD_STATE');
  });

  it('an expired or unknown code leaves the link unfinished, to be completed or deleted (SPEC §4)', async () => {
    const started = await request('POST', '/api/ebay/accounts', seller, { name: 'Slow shop' });
    const back = await consent(started.body.consentUrl, 'demo-seller');
    standIn.expireCodes();
    const expired = await request('POST', '/api/ebay/accounts/accepted', seller, back);
    expect(expired.status).toBe(422);
    expect(expired.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'code', code: 'EBAY_CODE_REFUSED' }),
    ]);
    const id = started.body.account.id;
    expect((await request('GET', '/api/ebay/accounts', seller)).body['hydra:member']).toContainEqual(
      expect.objectContaining({ id, status: 'unfinished' }),
    );
    // Completing it: a new consent on the same account.
    const again = await request('POST', `/api/ebay/accounts/${id}/consent`, seller);
    expect(again.status).toBe(200);
    const completed = await request(
      'POST',
      '/api/ebay/accounts/accepted',
      seller,
      await consent(again.body.consentUrl, 'demo-seller'),
    );
    expect(completed.body).toMatchObject({ id, status: 'linked' });
    expect((await request('DELETE', `/api/ebay/accounts/${id}`, seller)).status).toBe(204);
  });

  it('a declined consent is reported beside the code, and the name is checked', async () => {
    const started = await request('POST', '/api/ebay/accounts', seller, { name: 'Declined' });
    const back = await consent(started.body.consentUrl, 'demo-seller', 'decline');
    const declined = await request('POST', '/api/ebay/accounts/accepted', seller, back);
    expect(declined.body.violations?.[0]?.code).toBe('EBAY_CONSENT_DECLINED');
    const blank = await request('POST', '/api/ebay/accounts', seller, { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.violations?.[0]?.propertyPath).toBe('name');
    expect((await request('POST', '/api/ebay/accounts', seller, { name: 'x'.repeat(201) })).status).toBe(422);
    expect((await request('POST', '/api/ebay/accounts', seller, { nope: 1 })).status).toBe(422);
    await request('DELETE', `/api/ebay/accounts/${started.body.account.id}`, seller);
  });

  it('links, imports the three waiting sales, keeps tokens sealed and never answers them', async () => {
    const linked = await link(request, seller, 'demo-seller', 'Amber shop');
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ status: 'linked', name: 'Amber shop', importProblem: null });
    const sales = (await request('GET', '/api/ebay/sales', seller)).body['hydra:member'];
    const ofShop = sales.filter((sale: { account: { id: number } }) => sale.account.id === linked.body.id);
    expect(ofShop.map((sale: { ebayOrderId: string }) => sale.ebayOrderId).sort()).toEqual([
      '12-10001-00001',
      '12-10002-00002',
      '12-10003-00003',
    ]);
    expect(ofShop.every((sale: { state: string }) => sale.state === 'waiting')).toBe(true);
    const cyrillic = ofShop.find((sale: { ebayOrderId: string }) => sale.ebayOrderId === '12-10002-00002');
    expect(cyrillic.buyer.name).toBe('Дмитрий Волков');
    expect(cyrillic.items).toHaveLength(2);
    const pounds = ofShop.find((sale: { ebayOrderId: string }) => sale.ebayOrderId === '12-10003-00003');
    expect(pounds.total).toEqual({ cents: 4200, currency: 'GBP' });
    // Sealed at rest: the database holds no token in clear text; no answer carries one.
    const [row] = await testApp.db.orm.select().from(ebayAccounts).where(eq(ebayAccounts.id, linked.body.id));
    expect(row?.refreshToken).toMatch(/^v1\./);
    expect(row?.accessToken).not.toContain('standin');
    for (const url of ['/api/ebay/accounts', '/api/ebay/sales', `/api/ebay/sales/${ofShop[0].id}`]) {
      const text = JSON.stringify((await request('GET', url, seller)).body);
      expect(text).not.toMatch(/standin|v\^1\.1|refresh_?token|access_?token/i);
    }
  });

  it('refreshes an expired access token with the refresh token', async () => {
    const before = standIn.tokenCalls.refresh_token ?? 0;
    standIn.expireAccessTokens();
    // The stored expiry is eBay's; the stand-in ending the tokens early answers 401 to the old one.
    await testApp.db.orm.update(ebayAccounts).set({ accessExpiresAt: new Date(0) });
    const refreshed = await request('POST', '/api/ebay/sales/refresh', seller);
    expect(refreshed.status).toBe(200);
    // One refresh per linked account, and the import went on with the new tokens.
    const linked = refreshed.body['hydra:member'].filter((account: { status: string }) => account.status === 'linked');
    expect(linked.length).toBeGreaterThan(0);
    expect(standIn.tokenCalls.refresh_token).toBe(before + linked.length);
    expect(
      refreshed.body['hydra:member'].every((account: { importProblem: null }) => account.importProblem === null),
    ).toBe(true);
  });
});

describe('access', () => {
  it('nobody sees, renames, unlinks or ships another user’s eBay accounts and sales', async () => {
    const mine = (await request('GET', '/api/ebay/accounts', seller)).body['hydra:member'];
    const sales = (await request('GET', '/api/ebay/sales', seller)).body['hydra:member'];
    expect(mine.length).toBeGreaterThan(0);
    expect((await request('GET', '/api/ebay/accounts', stranger)).body['hydra:member']).toEqual([]);
    expect((await request('GET', '/api/ebay/sales', stranger)).body['hydra:member']).toEqual([]);
    expect((await request('GET', `/api/ebay/sales/${sales[0].id}`, stranger)).status).toBe(404);
    expect((await request('PATCH', `/api/ebay/accounts/${mine[0].id}`, stranger, { name: 'Mine now' })).status).toBe(
      404,
    );
    expect((await request('DELETE', `/api/ebay/accounts/${mine[0].id}`, stranger)).status).toBe(404);
    expect((await request('POST', `/api/ebay/accounts/${mine[0].id}/consent`, stranger)).status).toBe(404);
    expect(
      (await request('POST', `/api/ebay/sales/${sales[0].id}/shipment`, stranger, { order: 'a'.repeat(24) })).status,
    ).toBe(404);
    // Visitors: every call needs a signed-in user, and no public twin exists.
    expect((await request('GET', '/api/ebay/sales')).status).toBe(401);
    expect((await request('GET', '/api/public/ebay/sales')).status).toBe(404);
    expect((await request('PATCH', `/api/ebay/accounts/${mine[0].id}`, seller, { name: 'Renamed' })).body.name).toBe(
      'Renamed',
    );
  });
});
