/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptJsonBodies } from '../../../src/http/content-types';
import { registerErrorHandling } from '../../../src/http/error-handling';
import { useRouteSchemas } from '../../../src/http/route-schemas';
import {
  paymentRoutes,
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
  type StartPaymentInput,
} from '../../../src/modules/payments';
import { FakeSettlement } from './fake-settlement';

// app.inject needs light-my-request loaded outside Jest's sandbox (see pglite-environment.cjs).
declare const nativeModules: Record<string, unknown>;
jest.mock('light-my-request', () => nativeModules['light-my-request']);

const input: StartPaymentInput = {
  reference: 'pay-7',
  amountCents: 123456,
  currency: 'EUR',
  description: 'Parcel to Vilnius <b>',
  returnUrl: '/orders/parcel/key7',
};

let app: FastifyInstance;
let sandbox: SandboxPaymentProvider;
let settlement: FakeSettlement;

beforeEach(async () => {
  sandbox = new SandboxPaymentProvider({ secret: 'test-secret' });
  settlement = new FakeSettlement();
  // Built like buildApp: JSON-only bodies and Hydra errors at the root, the plugin under /api.
  app = Fastify({ logger: false });
  // The routes' zod schemas validate and check the answers, as in buildApp.
  useRouteSchemas(app, { checkAnswers: true });
  acceptJsonBodies(app);
  registerErrorHandling(app);
  await app.register(paymentRoutes, { prefix: '/api', sandbox, settlement });
  await app.ready();
});

afterEach(() => app.close());

async function start(change: Partial<StartPaymentInput> = {}) {
  const started = await sandbox.startPayment({ ...input, ...change });
  settlement.expected.set(started.providerPaymentId, { reference: input.reference, amountCents: input.amountCents });
  return started;
}

function press(url: string, action: string, extra: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action, ...extra }).toString(),
  });
}

describe('GET /api/payment-sandbox/{id}', () => {
  it('shows the amount, the reference and the three buttons, escaped, in English by default', async () => {
    const { redirectUrl } = await start();
    const response = await app.inject({ method: 'GET', url: redirectUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Payment sandbox</h1>');
    expect(html).toContain('1.234,56 €');
    expect(html).toContain('pay-7');
    expect(html).toContain('Parcel to Vilnius &#60;b&#62;');
    expect(html).not.toContain('<b>');
    expect(html).toMatch(/<button type="submit" name="action" value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="decline"[^>]*>Decline<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
  });

  it('speaks Latvian by Accept-Language or ?locale=', async () => {
    const { redirectUrl } = await start();
    const byHeader = await app.inject({
      method: 'GET',
      url: redirectUrl,
      headers: { 'accept-language': 'lv-LV,lv;q=0.9,en;q=0.5' },
    });
    expect(byHeader.body).toContain('<html lang="lv">');
    expect(byHeader.body).toContain('<h1>Testa maksājumu lapa</h1>');
    expect(byHeader.body).toMatch(/value="pay"[^>]*>Maksāt</);
    expect(byHeader.body).toMatch(/value="decline"[^>]*>Noraidīt</);
    expect(byHeader.body).toMatch(/value="cancel"[^>]*>Atcelt</);
    expect(byHeader.body).toContain('<input type="hidden" name="locale" value="lv">');

    const byQuery = await app.inject({
      method: 'GET',
      url: `${redirectUrl}?locale=lv`,
      headers: { 'accept-language': 'en' },
    });
    expect(byQuery.body).toContain('<html lang="lv">');
    const preferred = await app.inject({
      method: 'GET',
      url: redirectUrl,
      headers: { 'accept-language': 'de;q=1, en;q=0.4, lv;q=0.8' },
    });
    expect(preferred.body).toContain('<html lang="lv">');
  });

  it('answers 404 with a page for an id it did not sign or that was tampered with', async () => {
    const { providerPaymentId } = await start();
    const [nonce, sealed] = providerPaymentId.split('.') as [string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = `${nonce}.${bytes.toString('base64url')}`;
    for (const id of [tampered, 'abc', 'a.b']) {
      const response = await app.inject({ method: 'GET', url: `/api/payment-sandbox/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Payment not found');
    }
  });

  it('answers 410 with a link back to the order once the payment expired', async () => {
    let now = Date.UTC(2026, 10, 22, 12);
    sandbox = new SandboxPaymentProvider({ secret: 'test-secret', ttlSeconds: 60, now: () => new Date(now) });
    await app.close();
    app = Fastify({ logger: false });
    useRouteSchemas(app, { checkAnswers: true });
    registerErrorHandling(app);
    await app.register(paymentRoutes, { prefix: '/api', sandbox, settlement });
    const { redirectUrl } = await start();
    now += 61_000;
    const response = await app.inject({ method: 'GET', url: redirectUrl });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('href="/orders/parcel/key7/failed"');
    const pressed = await press(redirectUrl, 'pay');
    expect(pressed.statusCode).toBe(410);
    expect(settlement.calls).toHaveLength(0);
  });
});

describe('POST /api/payment-sandbox/{id}', () => {
  it.each([
    ['pay', 'paid', '/orders/parcel/key7/success'],
    ['decline', 'declined', '/orders/parcel/key7/failed'],
    ['cancel', 'cancelled', '/orders/parcel/key7/cancelled'],
  ])('%s settles the payment as %s and sends the browser to %s', async (action, outcome, location) => {
    const { redirectUrl, providerPaymentId } = await start();
    const response = await press(redirectUrl, action);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(location);
    expect(settlement.calls).toEqual([
      expect.objectContaining({
        providerId: 'sandbox',
        providerPaymentId,
        reference: 'pay-7',
        amountCents: 123456,
        outcome,
      }),
    ]);
    expect(settlement.recorded.get(providerPaymentId)).toBe(outcome);
  });

  it('pays once: a second press after paying returns to success and changes nothing', async () => {
    const { redirectUrl, providerPaymentId } = await start();
    await press(redirectUrl, 'pay');
    const again = await press(redirectUrl, 'cancel');
    expect(again.headers.location).toBe('/orders/parcel/key7/success');
    expect(settlement.recorded.get(providerPaymentId)).toBe('paid');
  });

  it('sends the browser to failed when the settlement fails, never to a 500', async () => {
    const { redirectUrl } = await start();
    settlement.failNext = true;
    const response = await press(redirectUrl, 'pay');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/orders/parcel/key7/failed');
  });

  it('refuses an unknown action with 400 and an unknown id with 404', async () => {
    const { redirectUrl } = await start();
    expect((await press(redirectUrl, 'refund')).statusCode).toBe(400);
    expect((await press('/api/payment-sandbox/x.y', 'pay')).statusCode).toBe(404);
    expect(settlement.calls).toHaveLength(0);
  });

  it('refuses a body that is not a form', async () => {
    const { redirectUrl } = await start();
    const response = await app.inject({ method: 'POST', url: redirectUrl, payload: { action: 'pay' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(settlement.calls).toHaveLength(0);
  });
});

describe('POST /api/payment-callbacks/{provider}', () => {
  it('settles a verified callback once and refuses its replay with 409', async () => {
    const { providerPaymentId } = await start();
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/payment-callbacks/sandbox',
        headers: callback.headers as Record<string, string>,
        payload: callback.rawBody,
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:description': 'The callback was received before.',
    });
    expect(settlement.calls).toHaveLength(1);
  });

  it('refuses a tampered amount with 400 and does not settle', async () => {
    const { providerPaymentId } = await start();
    const callback = sandbox.createCallback(providerPaymentId, 'paid');
    const tampered = JSON.stringify({ ...JSON.parse(callback.rawBody), amountCents: 100 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment-callbacks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.signCallback(tampered) },
      payload: tampered,
    });
    expect(response.statusCode).toBe(400);
    expect(settlement.calls).toHaveLength(0);
  });

  it('answers 404 for an unknown provider and 400 for a missing signature', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/payment-callbacks/bank', payload: {} });
    expect(unknown.statusCode).toBe(404);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payment-callbacks/sandbox',
      payload: { outcome: 'paid' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(settlement.calls).toHaveLength(0);
  });
});

describe('PaymentInputError through the API error handler', () => {
  it('answers 422 with its message, not 500, when a caller lets a bad returnUrl through', async () => {
    const api = Fastify({ logger: false });
    registerErrorHandling(api);
    api.post('/start', () => sandbox.startPayment({ ...input, returnUrl: '//evil.example/' }));
    const response = await api.inject({ method: 'POST', url: '/start' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ 'hydra:description': 'returnUrl must be a path or an allowed origin' });
    await api.close();
  });
});
