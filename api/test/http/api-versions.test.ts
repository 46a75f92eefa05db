/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSIBLE_ENUM } from '@portal/shared-contracts';
import { SERVER_MESSAGES_LV } from '@portal/shared-contracts/i18n/server-messages';
import { breakingChanges, checkCompatibility } from '../../src/http/api-compatibility';
import { API_VERSION_MESSAGES, CURRENT_API_VERSION } from '../../src/http/api-version';
import { OPENAPI_DOCUMENT_PATH } from '../../src/http/openapi';
import { NO_QUERY } from '../../src/http/route-schemas';
import { startTestApp, type TestApp } from '../helpers';

// Issue 38 item 6: the API is versioned by date (`API-Version`), deprecated routes say so, and a
// check holds the public document to the versioning rule against the last released one.

type Document = Parameters<typeof breakingChanges>[0] & { info: { version: string } };
let api: TestApp;
let current: Document;
const older = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/openapi-older.json'), 'utf8')) as Document;
const released = JSON.parse(readFileSync(path.join(__dirname, '../../openapi/released.json'), 'utf8')) as Document;

beforeAll(async () => {
  api = await startTestApp({
    extend: (app) => {
      app.get(
        '/api/test-deprecated',
        { config: { deprecatedSince: '2026-12-01' }, schema: { querystring: NO_QUERY } },
        async () => ({ ok: true }),
      );
    },
  });
  current = (await api.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).json();
}, 60_000);
afterAll(() => api?.close());

describe('API-Version', () => {
  it('answers with the version that answered, the current one by default', async () => {
    const plain = await api.app.inject({ method: 'GET', url: '/api/public/countries/LV' });
    expect(plain.headers['api-version']).toBe(CURRENT_API_VERSION);
    const asked = await api.app.inject({
      method: 'GET',
      url: '/api/public/countries/LV',
      headers: { 'api-version': CURRENT_API_VERSION },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['api-version']).toBe(CURRENT_API_VERSION);
    expect(current.info.version).toBe(CURRENT_API_VERSION);
  });

  it('refuses a version that does not exist: 400 API_VERSION_UNKNOWN', async () => {
    const answer = await api.app.inject({
      method: 'GET',
      url: '/api/public/countries/LV',
      headers: { 'api-version': '1999-01-01' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'API_VERSION_UNKNOWN' });
    expect(SERVER_MESSAGES_LV[API_VERSION_MESSAGES.unknown]).toMatch(/\S/);
  });

  it('marks a deprecated route with Deprecation and its Sunset half a year later', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/api/test-deprecated' });
    expect(answer.headers.deprecation).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(answer.headers.sunset).toBe(new Date(Date.UTC(2026, 11, 1) + 183 * 86_400_000).toUTCString());
  });
});

describe('the compatibility check', () => {
  it('finds what an older document promised and the current one breaks, and fails within its version', () => {
    const breaking = breakingChanges(older, current);
    expect(breaking).toEqual(
      expect.arrayContaining([
        { where: 'GET /api/retired_labels/{key}', what: 'operation removed' },
        { where: 'GET /api/me 200.legacyPlan', what: 'answer field removed' },
        { where: 'webhook order.refunded', what: 'event removed' },
      ]),
    );
    expect(checkCompatibility(older, current).ok).toBe(false);
    // The same changes in a new version pass.
    expect(checkCompatibility(older, { ...current, info: { ...current.info, version: '2027-06-01' } }).ok).toBe(true);
  });

  it('lets additive changes through and catches a new required field', () => {
    const added = structuredClone(current) as Document & { paths: Record<string, Record<string, unknown>> };
    added.paths['/api/new_things'] = { get: { responses: { '200': { description: 'New.' } } } };
    expect(breakingChanges(current, added)).toEqual([]);

    const required = structuredClone(current) as Document & {
      components: { schemas: Record<string, { required?: string[]; properties?: object }> };
    };
    const body = required.components.schemas.PostOrdersBody;
    if (!body) throw new Error('no PostOrdersBody');
    body.properties = { ...body.properties, purchaseOrder: { type: 'string' } };
    body.required = [...(body.required ?? []), 'purchaseOrder'];
    // Every call that takes the order body (the twins and PUT share its schema) is named.
    const found = breakingChanges(current, required);
    expect(found).toContainEqual({ where: 'POST /api/orders body.purchaseOrder', what: 'new required request field' });
    expect(new Set(found.map((change) => change.what))).toEqual(new Set(['new required request field']));
  });

  it('lets a list marked x-extensible-enum (webhook events, API-key scopes) grow, and no other answer enum', () => {
    const document = (paths: Record<string, unknown>) => ({ info: { version: 'v' }, paths }) as Document;
    const answer = (schema: object) => ({
      '/api/things': { get: { responses: { '200': { content: { 'application/json': { schema } } } } } },
    });
    const events = (values: string[], open: boolean) => ({
      type: 'object',
      properties: {
        events: {
          type: 'array',
          items: { type: 'string', enum: values, ...(open ? { [EXTENSIBLE_ENUM]: true } : {}) },
        },
      },
    });
    const before = ['order.paid'];
    const after = ['order.paid', 'return.created'];
    expect(breakingChanges(document(answer(events(before, true))), document(answer(events(after, true))))).toEqual([]);
    expect(breakingChanges(document(answer(events(before, false))), document(answer(events(after, false))))).toEqual([
      { where: 'GET /api/things 200.events[]', what: 'answer may now be ["return.created"]' },
    ]);
    // The served document marks them so.
    expect(JSON.stringify(current)).toContain(`"${EXTENSIBLE_ENUM}":true`);
  });

  it('passes the public document against the committed last released one', () => {
    const result = checkCompatibility(released, current);
    expect(result.breaking).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
