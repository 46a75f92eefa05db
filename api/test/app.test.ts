/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { Writable } from 'node:stream';
import Fastify, { type InjectOptions } from 'fastify';
import { z } from 'zod';
import type { Database } from '../src/db';
import { NO_QUERY, useRouteSchemas } from '../src/http/route-schemas';
import { parseBody } from '../src/http/validate';
import { healthModule } from '../src/modules/health';
import { BEARER, startTestApp, type TestApp } from './helpers';

const orderLine = z.object({ weight: z.number().int().positive(), countryCode: z.string().length(2) });
const echoBody = z.object({ orderLines: z.array(orderLine).min(1) });

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    logger: { level: 'error', stream: logStream },
    // Routes that exist only here, to drive the request pipeline before real write routes exist.
    extend: (app) => {
      // The handler parses the body itself (validate.ts), so the route says only what it consumes.
      app.post(
        '/api/public/test-echo',
        { schema: { querystring: NO_QUERY, consumes: ['application/json'] } },
        async (request) => parseBody(echoBody, request.body),
      );
      app.get('/api/public/test-crash', { schema: { querystring: NO_QUERY } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
    },
  });
}, 60_000);
afterAll(() => testApp?.close());

const inject = (options: InjectOptions) => testApp.app.inject(options);

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const unreachable = { orm: { execute: () => Promise.reject(new Error('down')) } } as unknown as Database;
    const app = Fastify({ logger: false });
    useRouteSchemas(app, { checkAnswers: true });
    app.register(healthModule, { db: unreachable, prefix: '/api' });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'error' });
    await app.close();
  });
});

describe('authentication of /api/...', () => {
  it.each([
    ['no Authorization header', {}],
    ['a scheme other than Bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer token', { authorization: 'Bearer ' }],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await inject({ method: 'GET', url: '/api/countries/LV', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()['hydra:description']).toBe('Full authentication is required to access this resource.');
  });

  it('lets a bearer through', async () => {
    expect((await inject({ method: 'GET', url: '/api/countries/LV', headers: BEARER })).statusCode).toBe(200);
  });
});

describe('unknown routes', () => {
  it.each(['/api/public/nothing-here', '/api/nothing-here', '/elsewhere'])('answer 404 for %s', async (url) => {
    const response = await inject({ method: 'GET', url: `${url}?x=1` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(response.json()).toEqual({
      '@type': 'hydra:Error',
      'hydra:title': 'Not Found',
      'hydra:description': `No route found for "GET ${url}".`,
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('answer a Hydra error, not 500, to broken JSON posted to a read-only path', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/public/countries',
      headers: { 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect([400, 404, 405]).toContain(response.statusCode);
    expect(response.json()['@type']).toBe('hydra:Error');
  });
});

describe('request bodies', () => {
  const post = (payload: string, contentType = 'application/json') =>
    inject({ method: 'POST', url: '/api/public/test-echo', headers: { 'content-type': contentType }, payload });
  const validBody = JSON.stringify({ orderLines: [{ weight: 950, countryCode: 'LV' }] });

  it.each(['application/json', 'application/ld+json', 'application/ld+json; charset=utf-8'])(
    'are read as JSON when sent as %s',
    async (contentType) => {
      const response = await post(validBody, contentType);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(JSON.parse(validBody));
    },
  );

  it.each([
    ['malformed JSON', '{"orderLines": [', 'application/json'],
    ['malformed JSON-LD', '{"orderLines"', 'application/ld+json'],
    ['an empty JSON body', '', 'application/json'],
  ])('answer 400 to %s', async (_case, payload, contentType) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:title': 'Bad Request',
      status: 400,
      code: 'BAD_REQUEST',
    });
  });

  it.each([
    ['another content type', validBody, 'text/plain'],
    ['a form', 'orderLines=1', 'application/x-www-form-urlencoded'],
  ])('answer 415 UNSUPPORTED_MEDIA_TYPE to %s', async (_case, payload, contentType) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ '@type': 'hydra:Error', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answer 422 with one violation per broken rule', async () => {
    const response = await post(JSON.stringify({ orderLines: [{ weight: -1, countryCode: 'LV' }, { weight: 10 }] }));
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.violations).toEqual([
      { propertyPath: 'orderLines[0].weight', message: expect.any(String), code: 'TOO_SMALL' },
      { propertyPath: 'orderLines[1].countryCode', message: 'This value should not be null.', code: 'NOT_NULL' },
    ]);
    expect(body['hydra:description']).toBe(
      `orderLines[0].weight: ${body.violations[0].message}\norderLines[1].countryCode: This value should not be null.`,
    );
  });
});

describe('a failure of the server itself', () => {
  it('is logged and answered with a generic 500 that reveals nothing', async () => {
    const response = await inject({ method: 'GET', url: '/api/public/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      '@type': 'hydra:Error',
      'hydra:title': 'Internal Server Error',
      'hydra:description': 'Internal server error',
      status: 500,
      code: 'INTERNAL_ERROR',
    });
    expect(logLines.some((line) => line.includes('connection string postgres://secret@db'))).toBe(true);
  });
});

describe('a feature switched off', () => {
  // This app has no eBay settings, as production without EBAY_CLIENT_ID: eBay is never called.
  it('answers 503 "not offered" to linking an eBay account, and an empty list of accounts', async () => {
    const link = await inject({
      method: 'POST',
      url: '/api/ebay/accounts',
      headers: BEARER,
      payload: { name: 'Shop' },
    });
    expect(link.statusCode).toBe(503);
    expect(link.json().violations).toEqual([
      { propertyPath: '', message: 'Linking eBay accounts is not offered at the moment.', code: 'EBAY_NOT_OFFERED' },
    ]);
    const accounts = await inject({ method: 'GET', url: '/api/ebay/accounts', headers: BEARER });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()['hydra:member']).toEqual([]);
  });
});
