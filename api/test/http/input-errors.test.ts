/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BEARER, startTestApp, type TestApp } from '../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
}, 60_000);
afterAll(() => testApp.close());

const HYDRA_ERROR = { '@type': 'hydra:Error', 'hydra:description': expect.any(String) };
const NOT_ALLOWED = { message: 'This value contains characters that are not allowed.', code: 'INVALID_CHARACTERS' };

describe('text with NUL or an unpaired surrogate', () => {
  it('is refused with 422 in a query, naming the parameter', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public/work_flows?label=a%00b' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ ...HYDRA_ERROR, violations: [{ propertyPath: 'label', ...NOT_ALLOWED }] });
  });

  it('is refused with 422 anywhere in a body, naming each field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/public/prices/by_country',
      headers: { 'content-type': 'application/json' },
      payload: '{"shipmentType":"letter","countryCodes":["LV","\\ud800"],"weight":20,"discountCode":"A\\u0000"}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { propertyPath: 'countryCodes[1]', ...NOT_ALLOWED },
      { propertyPath: 'discountCode', ...NOT_ALLOWED },
    ]);
  });

  it('keeps emoji and Latvian letters (pairs of surrogates are characters)', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/public/work_flows?label=${encodeURIComponent('Pasts 🙂 ķ')}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('numbers beyond the database range', () => {
  it('answer 400 on an account filter above the integer range', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/orders?account=2147483648',
      headers: BEARER,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().violations).toEqual([expect.objectContaining({ propertyPath: 'account' })]);
  });
});

describe("Fastify's and Node's own errors are Hydra errors", () => {
  it.each([
    ['a URL that cannot be decoded', '/api/public/countries/%E0%A4%A', 400],
    ['a path parameter longer than the router takes', `/api/public/service_locations/${'a'.repeat(300)}`, 414],
  ])('%s', async (_name, url, status) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.json()).toMatchObject({ ...HYDRA_ERROR, status });
  });

  it.each([
    ['malformed JSON', '{bad', 400],
    ['a body over the size limit', JSON.stringify({ token: 'a'.repeat(1_100_000) }), 413],
  ])('%s', async (_name, payload, status) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/public/recaptcha-verify',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ ...HYDRA_ERROR, status });
  });

  it('431 for headers (or a URL) too large for the HTTP parser, answered on the socket', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const call = httpRequest(
        { host: '127.0.0.1', port, path: `/api/public/countries?x=${'a'.repeat(20_000)}` },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
          );
        },
      );
      call.on('error', reject);
      call.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/ld\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({ ...HYDRA_ERROR, status: 431 });
  });
});
