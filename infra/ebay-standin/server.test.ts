import { type EbayStandIn, loopbackAliases, startEbayStandIn } from './server';

// The stand-in's development conveniences: the way back to the portal's origin the seller came
// from, and a seller of one's own per end-to-end test (the eBay contract itself is tested through
// the portal's client in api/test/modules/ebay/).

const ACCEPT = 'http://127.0.0.1:8080/user/ebay/accounts/accepted';
let standIn: EbayStandIn;

beforeAll(async () => {
  standIn = await startEbayStandIn({
    clientId: 'client',
    clientSecret: 'secret',
    ruName: 'Ru-Name',
    acceptUrl: ACCEPT,
    acceptUrlAliases: loopbackAliases(ACCEPT),
  });
});
afterAll(() => standIn.close());

/** Opens the consent page as a browser coming from `referer`, agrees as `username`; answers the redirect. */
async function agree(username: string, referer?: string): Promise<URL> {
  const query = new URLSearchParams({
    client_id: 'client',
    redirect_uri: 'Ru-Name',
    response_type: 'code',
    scope: 'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
    state: 'the-state',
  });
  const page = await fetch(`${standIn.url}/oauth2/authorize?${query}`, referer ? { headers: { referer } } : {});
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(name ?? '', value ?? '');
  }
  form.set('username', username);
  form.set('action', 'agree');
  const answer = await fetch(`${standIn.url}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

describe('the way back to the portal', () => {
  it('names the other loopback name of the accept URL, and nothing for a real host', () => {
    expect(loopbackAliases(ACCEPT)).toEqual(['http://localhost:8080/user/ebay/accounts/accepted']);
    expect(loopbackAliases('http://localhost:8281/user/ebay/accounts/accepted')).toEqual([
      'http://127.0.0.1:8281/user/ebay/accounts/accepted',
    ]);
    expect(loopbackAliases('https://portal.example.lv/user/ebay/accounts/accepted')).toEqual([]);
  });

  it('returns to the origin the consent page was opened from when it is a registered one', async () => {
    const back = await agree('demo-seller', 'http://localhost:8080/');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8080/user/ebay/accounts/accepted');
    expect(back.searchParams.get('state')).toBe('the-state');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('returns to the registered accept URL from anywhere else, or without a referrer', async () => {
    for (const referer of ['http://evil.example/', undefined]) {
      const back = await agree('demo-seller', referer);
      expect(`${back.origin}${back.pathname}`).toBe(ACCEPT);
    }
  });
});

describe('POST /_standin/sellers', () => {
  const add = (body: unknown) =>
    fetch(`${standIn.url}/_standin/sellers`, { method: 'POST', body: JSON.stringify(body) });

  it('adds a seller with three sales awaiting shipment, ids of its own, who can then consent', async () => {
    const created = await add({ username: 'e2e-seller-1' });
    expect(created.status).toBe(201);
    const seller = (await created.json()) as { username: string; orders: { orderId: string }[] };
    expect(seller.orders).toHaveLength(3);
    const demoIds = standIn.sellers.find((item) => item.username === 'demo-seller')?.orders.map((o) => o.orderId);
    for (const order of seller.orders) expect(demoIds).not.toContain(order.orderId);
    expect((await agree('e2e-seller-1')).searchParams.get('code')).toBeTruthy();
  });

  it('refuses a name taken or malformed', async () => {
    expect((await add({ username: 'demo-seller' })).status).toBe(409);
    expect((await add({ username: 'no spaces <b>' })).status).toBe(400);
    expect((await add({})).status).toBe(400);
  });
});
