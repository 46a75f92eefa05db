/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { EbayStandIn } from '../../../../infra/ebay-standin/server';
import { loadConfig } from '../../../src/config';
import { ebayAccounts, ebaySales } from '../../../src/modules/ebay/schema';
import { startTestApp, type TestApp } from '../../helpers';
import { requester, verifiedUser } from '../orders/order-fixtures';
import { configFor, link, startStandIn } from './ebay-fixtures';

// eBay's marketplace account deletion notices (issue 15 item 5): the challenge that proves the
// endpoint is ours, and signed notices (ECDSA, the key fetched with getPublicKey from the
// stand-in) that delete the eBay user's linked accounts, tokens and sales. Forged ones are refused.

const VERIFICATION_TOKEN = 'portal-deletion-verification-token-0123456789';
const ENDPOINT = 'https://portal.example.lv/api/ebay/account-deletion';
const PATH = '/api/ebay/account-deletion';

let standIn: EbayStandIn;
let testApp: TestApp;
const request = requester(() => testApp);
const seller = verifiedUser('ebay-deleted-seller');
const other = verifiedUser('ebay-staying-seller');

/** Posts a notice as eBay does: the exact bytes, with the signature header (or none). */
const post = (body: string, signature?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-ebay-signature': signature } : {}) },
    payload: body,
  });

beforeAll(async () => {
  standIn = await startStandIn();
  testApp = await startTestApp({
    modules: ['ebay'],
    config: {
      ...configFor(standIn),
      ebay: {
        ...configFor(standIn).ebay,
        verificationToken: VERIFICATION_TOKEN,
        deletionEndpoint: ENDPOINT,
      },
    },
  });
  for (const user of [seller, other]) {
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
  }
  standIn.addSeller('leaving-seller');
  standIn.addSeller('staying-seller');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});

describe('the challenge', () => {
  it('answers SHA-256 of the challenge code, the verification token and the endpoint, in hex', async () => {
    const answer = await request('GET', `${PATH}?challenge_code=a8628072-3d33-45ee-9004-bee86830a22d`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const expected = createHash('sha256')
      .update(`a8628072-3d33-45ee-9004-bee86830a22d${VERIFICATION_TOKEN}${ENDPOINT}`)
      .digest('hex');
    expect(answer.body).toEqual({ challengeResponse: expected });
  });

  it('refuses a missing or malformed challenge code beside the parameter', async () => {
    for (const query of ['', '?challenge_code=', `?challenge_code=${'x'.repeat(201)}`, '?challenge_code=a&other=1']) {
      const answer = await request('GET', `${PATH}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.violations?.length).toBeGreaterThan(0);
    }
  });

  it('is absent while the portal is not subscribed (no verification token configured)', async () => {
    const unsubscribed = await startTestApp({ modules: ['ebay'], config: configFor(standIn) });
    try {
      const answer = await unsubscribed.app.inject({ method: 'GET', url: `${PATH}?challenge_code=abc` });
      expect(answer.statusCode).toBe(404);
    } finally {
      await unsubscribed.close();
    }
  });
});

describe('a notice', () => {
  it('signed by eBay deletes that user’s accounts, tokens and sales, and nobody else’s', async () => {
    expect((await link(request, seller, 'leaving-seller', 'Leaving shop')).status).toBe(200);
    expect((await link(request, other, 'staying-seller', 'Staying shop')).status).toBe(200);
    const [leaving] = await testApp.db.orm
      .select()
      .from(ebayAccounts)
      .where(eq(ebayAccounts.ebayUsername, 'leaving-seller'));
    // The link learnt who the seller is on eBay (getUser).
    expect(leaving?.ebayUserId).toBe(standIn.userIdOf('leaving-seller'));
    expect(
      await testApp.db.orm
        .select()
        .from(ebaySales)
        .where(eq(ebaySales.ebayAccountId, leaving?.id ?? 0)),
    ).toHaveLength(3);

    const notice = standIn.deletionNotice('leaving-seller');
    const answer = await post(notice.body, notice.signature);
    expect(answer.statusCode).toBe(204);

    expect(
      await testApp.db.orm
        .select()
        .from(ebayAccounts)
        .where(eq(ebayAccounts.id, leaving?.id ?? 0)),
    ).toEqual([]);
    expect(
      await testApp.db.orm
        .select()
        .from(ebaySales)
        .where(eq(ebaySales.ebayAccountId, leaving?.id ?? 0)),
    ).toEqual([]);
    expect((await request('GET', '/api/ebay/accounts', seller)).body['hydra:member']).toEqual([]);
    const staying = (await request('GET', '/api/ebay/accounts', other)).body['hydra:member'];
    expect(staying).toEqual([expect.objectContaining({ name: 'Staying shop', status: 'linked' })]);
    expect((await request('GET', '/api/ebay/sales', other)).body['hydra:member']).toHaveLength(3);
    // Sent again (eBay retries): nothing left to delete, still accepted.
    expect((await post(notice.body, notice.signature)).statusCode).toBe(204);
  });

  it('sent by the stand-in over HTTP reaches the endpoint the same way', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address() as { port: number };
    const sent = await fetch(`${standIn.url}/_standin/account-deletion`, {
      method: 'POST',
      body: JSON.stringify({ username: 'nobody-we-know', endpoint: `http://127.0.0.1:${address.port}${PATH}` }),
    });
    expect(await sent.json()).toEqual({ status: 204 });
  });

  it('refuses a notice without a signature, with a forged one, another key or a changed body', async () => {
    const notice = standIn.deletionNotice('staying-seller');
    const header = JSON.parse(Buffer.from(notice.signature, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const attacker = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const forged = sign('sha1', Buffer.from(notice.body), attacker.privateKey).toString('base64');
    const refusals = [
      await post(notice.body),
      await post(notice.body, 'not base64 json'),
      await post(notice.body, encode({ ...header, signature: forged })),
      await post(notice.body, encode({ ...header, kid: 'unknown-key-id' })),
      await post(notice.body, encode({ ...header, alg: 'HS256' })),
      await post(notice.body, encode({ ...header, signature: 'bm90IGEgc2lnbmF0dXJl' })),
      await post(notice.body.replace('staying-seller', 'leaving-seller'), notice.signature),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual([412, 412, 412, 412, 412, 412, 412]);
    expect(refusals[0]?.json()).toMatchObject({ '@type': 'hydra:Error' });
    expect((await request('GET', '/api/ebay/accounts', other)).body['hydra:member']).toHaveLength(1);
  });

  it('refuses a body eBay signed that is not a deletion notice, and anything but JSON', async () => {
    const notice = JSON.parse(standIn.deletionNotice('staying-seller').body);
    const otherTopic = JSON.stringify({ ...notice, metadata: { ...notice.metadata, topic: 'ITEM_SOLD' } });
    const noUser = JSON.stringify({ ...notice, notification: { ...notice.notification, data: {} } });
    for (const body of [otherTopic, noUser, 'not json']) {
      const answer = await post(body, standIn.signNotification(body));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ '@type': 'hydra:Error' });
    }
    const text = await testApp.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
    expect((await request('GET', '/api/ebay/accounts', other)).body['hydra:member']).toHaveLength(1);
  });

  it('of a buyer deletes their sales that no shipment was made of yet (their name and address)', async () => {
    const before = (await request('GET', '/api/ebay/sales', other)).body['hydra:member'];
    expect(before.map((sale: { buyer: { name: string } }) => sale.buyer.name)).toContain('Līga Kalniņa');
    const notice = standIn.deletionNotice('liga_k');
    expect((await post(notice.body, notice.signature)).statusCode).toBe(204);
    const after = (await request('GET', '/api/ebay/sales', other)).body['hydra:member'];
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((sale: { buyer: { name: string } }) => sale.buyer.name)).not.toContain('Līga Kalniņa');
    expect((await request('GET', '/api/ebay/accounts', other)).body['hydra:member']).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('a verification token needs the endpoint’s URL, and has the form eBay gives it', () => {
    expect(() => loadConfig({ EBAY_VERIFICATION_TOKEN: VERIFICATION_TOKEN })).toThrow(/EBAY_DELETION_ENDPOINT/);
    expect(() => loadConfig({ EBAY_VERIFICATION_TOKEN: 'short' })).toThrow(/EBAY_VERIFICATION_TOKEN/);
  });
});
