/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MESSAGES_LV } from '@portal/shared-contracts/i18n/server-messages';
import { ERROR_CODES } from '../../src/http/error-codes';
import { accounts, userAccounts } from '../../src/modules/identity/schema';
import { BEARER, startTestApp, type TestApp } from '../helpers';
import { completed, requester, verifiedUser } from '../modules/orders/order-fixtures';

// Issue 38 item 2: every error answer is a Hydra error with a stable `code`, the same list in the
// OpenAPI document and in README's table; answers carry the media type the document gives them.

let testApp: TestApp;
const request = requester(() => testApp);
const mainAdmin = verifiedUser('codes-main-admin');
let companyId: number;
let shipperKey: string;

beforeAll(async () => {
  testApp = await startTestApp();
  const adminId = (await request('POST', '/api/my-user', mainAdmin)).body.id as number;
  const [company] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: 'codes@company.test', companyName: 'SIA Codes' })
    .returning();
  companyId = company?.id ?? 0;
  await testApp.db.orm.insert(userAccounts).values({ userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' });
  const key = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, {
    name: 'Codes',
    scopes: ['read', 'webhooks'],
  });
  shipperKey = key.body.key;
}, 60_000);
afterAll(() => testApp?.close());

const hydra = (status: number, code: string) =>
  expect.objectContaining({ '@type': 'hydra:Error', status, code, 'hydra:description': expect.any(String) });

describe('each status has its code', () => {
  it('401 UNAUTHENTICATED without credentials; API_KEY_INVALID for a key that is not one', async () => {
    const none = await request('GET', '/api/orders');
    expect(none.status).toBe(401);
    expect(none.body).toEqual(hydra(401, 'UNAUTHENTICATED'));
    const forged = await request('GET', '/api/orders', { authorization: `Bearer lvp_live_${'0'.repeat(16)}_x` });
    expect(forged.body).toEqual(hydra(401, 'API_KEY_INVALID'));
  });

  it('403 FORBIDDEN for a user, API_KEY_NOT_ALLOWED and API_KEY_SCOPE_MISSING for a key', async () => {
    const admin = await request('GET', '/api/admin/users', BEARER);
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual(hydra(403, 'FORBIDDEN'));
    const key = { authorization: `Bearer ${shipperKey}` };
    expect((await request('GET', '/api/contacts', key)).body).toEqual(hydra(403, 'API_KEY_NOT_ALLOWED'));
    expect((await request('GET', '/api/tracking/RR123456785LV', key)).body).toEqual(
      hydra(403, 'API_KEY_SCOPE_MISSING'),
    );
  });

  it('404 NOT_FOUND for an unknown route and for a resource that is not there', async () => {
    for (const url of ['/api/nothing-here', '/api/public/nothing/here/either']) {
      const answer = await request('POST', url, {}, {});
      expect({ url, body: answer.body }).toEqual({ url, body: hydra(404, 'NOT_FOUND') });
    }
    const country = await request('GET', '/api/countries/ZZ', BEARER);
    expect(country.body).toEqual(hydra(404, 'NOT_FOUND'));
  });

  it('405 METHOD_NOT_ALLOWED with Allow when the path takes other methods', async () => {
    const answer = await request('DELETE', '/api/public/countries');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.body).toEqual(hydra(405, 'METHOD_NOT_ALLOWED'));
    const orders = await request('PATCH', '/api/orders', BEARER);
    expect(orders.status).toBe(405);
    expect(orders.headers.allow).toBe('GET, HEAD, POST');
    // A path parameter's route is found too.
    const one = await request('POST', '/api/orders/some-order-key', BEARER, {});
    expect(one.headers.allow).toBe('DELETE, GET, HEAD, PUT');
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for a body of a type the call does not take', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...BEARER, 'content-type': 'text/plain' },
      payload: 'an order, please',
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(answer.json()).toEqual(hydra(415, 'UNSUPPORTED_MEDIA_TYPE'));
  });

  it('400 BAD_REQUEST for a malformed query, 422 VALIDATION_FAILED beside the fields', async () => {
    const query = await request('GET', '/api/orders?unknown=1', BEARER);
    expect(query.status).toBe(400);
    expect(query.body).toEqual(hydra(400, 'BAD_REQUEST'));
    const body = await request('POST', '/api/orders', verifiedUser('codes-user'), { ...completed(1), step: 'x' });
    expect(body.status).toBe(422);
    expect(body.body).toEqual(hydra(422, 'VALIDATION_FAILED'));
    expect(body.body.violations[0]).toEqual(
      expect.objectContaining({ propertyPath: 'step', code: expect.any(String), message: expect.any(String) }),
    );
  });
});

describe('media types as documented', () => {
  it('answers webhook endpoints, API keys and orders as application/ld+json', async () => {
    const key = { authorization: `Bearer ${shipperKey}` };
    const endpoints = `/api/accounts/${companyId}/webhook_endpoints`;
    const created = await request('POST', endpoints, key, {
      url: 'https://shop.example.com/h',
      events: ['order.paid'],
    });
    expect(created.status).toBe(201);
    for (const answer of [created, await request('GET', endpoints, key), await request('GET', '/api/orders', key)]) {
      expect(answer.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    }
  });
});

describe('the list of codes', () => {
  it('is the OpenAPI document’s ErrorCode schema, referenced by every error answer', async () => {
    for (const url of ['/api/docs/openapi.json', '/api/docs/portal/openapi.json']) {
      const document = (await request('GET', url)).body;
      expect(document.components.schemas.ErrorCode.enum).toEqual(Object.keys(ERROR_CODES));
    }
    const portal = (await request('GET', '/api/docs/portal/openapi.json')).body;
    const created = portal.paths['/api/orders'].post.responses['422'].content['application/ld+json'].schema;
    expect(created.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    const shown = (await request('GET', '/api/docs/openapi.json')).body;
    expect(shown.components.schemas.Error.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
  });

  it('is README’s table, each code with its status', () => {
    const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(readme).toMatch(new RegExp(`\\| \`${code}\` +\\| ${status} +\\|`));
    }
  });

  it('has Latvian texts for the refusals the API words itself', () => {
    for (const message of ['Full authentication is required to access this resource.']) {
      expect(SERVER_MESSAGES_LV[message]).toMatch(/\S/);
    }
  });
});
