/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { makeS10 } from '@portal/shared-contracts/s10';
import { loadConfig } from '../../src/config';
import { classifyApiRoute } from '../../src/http/rate-limits';
import { bearer, startTestApp, type TestApp } from '../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    config: loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_EXPENSIVE: '3',
      RATE_LIMIT_WRITES: '2',
      RATE_LIMIT_TRACKING: '20',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    }),
  });
}, 60_000);
afterAll(() => testApp.close());

const challenge = (remoteAddress: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: '/api/public/bot-check/challenge', remoteAddress, headers });

describe('rate limits', () => {
  it('answer 429 with Retry-After in the Hydra format once an IP is over the limit', async () => {
    for (let call = 0; call < 3; call += 1) expect((await challenge('10.0.0.1')).statusCode).toBe(200);
    const over = await challenge('10.0.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(over.json()).toMatchObject({ '@type': 'hydra:Error', status: 429, code: 'RATE_LIMITED' });
    // Another IP is not affected.
    expect((await challenge('10.0.0.2')).statusCode).toBe(200);
  });

  it('count per account too, whatever IP the account calls from', async () => {
    const user = bearer({ sub: 'rate-limited-user' });
    const answers: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/bot-check/challenge',
        remoteAddress: `10.1.0.${call}`,
        headers: user,
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('limit every write, answered or refused', async () => {
    const answers: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/public/orders',
        remoteAddress: '10.2.0.1',
        payload: { step: 1, orderLines: [] },
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(answers[2]).toBe(429);
  });

  it('leave plain reads alone', async () => {
    for (let call = 0; call < 10; call += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/public/countries',
        remoteAddress: '10.3.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

// Issue 36 item 5: S10 numbers are sequential; an anonymous walk through them is cut off.
describe('anonymous shipment lookups', () => {
  const lookup = (number: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: `/api/public/tracking/${number}`, remoteAddress, headers });
  const consecutive = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => makeS10('RR', from + index));

  it('a walk of 100 consecutive numbers from one client is cut off at the limit; another client still looks up', async () => {
    const answers: number[] = [];
    for (const number of consecutive(10_000_000, 100)) answers.push((await lookup(number, '10.4.0.1')).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    expect((await lookup(makeS10('RR', 10_000_000), '10.4.0.2')).statusCode).toBe(404);
  });

  it('each number of a several-number lookup counts', async () => {
    const numbers = consecutive(20_000_000, 10).join(',');
    const many = (remoteAddress: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/public/tracking?numbers=${numbers}`, remoteAddress });
    expect((await many('10.4.1.1')).statusCode).toBe(200);
    expect((await many('10.4.1.1')).statusCode).toBe(200);
    expect((await many('10.4.1.1')).statusCode).toBe(429);
  });

  it("a signed-in customer's lookups are not this limit's", async () => {
    const customer = bearer({ sub: 'tracking-customer' });
    for (const number of consecutive(30_000_000, 25)) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/tracking/${number}`,
        remoteAddress: '10.4.2.1',
        headers: customer,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('classifyApiRoute', () => {
  it.each([
    ['GET', '/api/public/bot-check/challenge', 'expensive'],
    ['POST', '/api/recaptcha-verify', 'expensive'],
    ['POST', '/api/public/prices/by_country/export', 'expensive'],
    ['GET', '/api/orders/:key/documents/label', 'expensive'],
    ['POST', '/api/public/orders', 'writes'],
    ['PATCH', '/api/users/:id', 'writes'],
    ['DELETE', '/api/accounts/:id', 'writes'],
    ['GET', '/api/public/countries', null],
    ['GET', '/api/public/tracking/:number', 'tracking'],
    ['GET', '/api/public/tracking', 'tracking'],
    ['GET', '/api/tracking/:number', null],
    ['POST', '/api/tracking/events', null],
    ['POST', '/api/payment-callbacks/:providerId', null],
    ['GET', '/', null],
  ])('%s %s → %s', (method, route, category) => {
    expect(classifyApiRoute(method, route)).toBe(category);
  });
});
