import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import type { EbayStandIn } from '../../../../infra/ebay-standin/server';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { configFor, startStandIn } from '../../modules/ebay/ebay-fixtures';
import { completed, domesticParcel, verifiedUser, workflowId } from '../../modules/orders/order-fixtures';

// Issue 19: whatever a caller sends to any route (odd path parameters, queries, bodies; NUL,
// unpaired surrogates, numbers beyond every range), the API answers 2xx-4xx, never 5xx.
// The fuzz's app, routes and generators; each fuzz-*.test.ts file runs one sweep on an app of its
// own, so that jest's two workers share the sweeps (one file took 2.5 minutes alone).

export let testApp: TestApp;
/** Valid bodies whose leaves the fuzz replaces, so that odd values reach the rules deep inside. */
export const samples: unknown[] = [];
/** Path parameters that exist: the fuzz's own order, so its edits reach the order rules. */
export const existing: string[] = [];
export const owner = verifiedUser('fuzz-owner');

/** The app with the fuzz's own order and sample bodies, started before the file's tests. */
export function useFuzzApp(): void {
  // The outside services the API reaches are their stand-ins, as in development: eBay's routes are
  // fuzzed against eBay's contract, not answered 'eBay did not answer' by an integration left off.
  let ebay: EbayStandIn;
  beforeAll(async () => {
    ebay = await startStandIn();
    testApp = await startTestApp({ config: configFor(ebay) });
    const parcel = await workflowId(testApp, 'parcel-lv-post-office-registered');
    samples.push(
      completed(parcel),
      { ...domesticParcel(parcel), notes: 'ring twice', discountCode: 'SPRING' },
      { shipmentType: 'letter', countryCodes: ['LV', 'DE'], weight: 20, insuredAmount: 1000, discountCode: 'SPRING' },
      { token: 'abc' },
      { name: 'SIA Fuzz', registrationNumber: '40003000000', email: 'a@example.com', phone: '21234567' },
      { events: [{ number: 'CC000000014LV', code: 'ACCEPTED', occurredAt: '2026-01-01T10:00:00Z', place: 'Rīga' }] },
    );
    await testApp.app.inject({ method: 'POST', url: '/api/accounts', headers: owner, payload: { type: 'private' } });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: owner,
      payload: domesticParcel(parcel),
    });
    const key = created.json()['@id']?.split('/').pop() ?? created.json().key;
    if (created.statusCode !== 201 || typeof key !== 'string') throw new Error(`order not created: ${created.body}`);
    existing.push(key);
    // A whole app with the eBay stand-in: well under 60 s here, but once over it on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
    await ebay?.close();
  });
}

export interface Route {
  method: HTTPMethods;
  path: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree
 * (`printRoutes({ commonPrefix: false })`: one node a line, children indented by four columns).
 */
export function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD' && path.startsWith('/api')) routes.push({ method: method as HTTPMethods, path });
    }
  }
  return routes;
}

// Unpaired surrogates cannot be percent-encoded as UTF-8; their CESU-style bytes are sent instead.
export const encode = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

export const nastyText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  '🙂',
  '',
  ' ',
  '%',
  "'; drop table x; --",
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999',
  '1e400',
  '-1',
  '0',
  '1.5',
  'NaN',
  'null',
  'a'.repeat(5000),
);
export const text = fc.oneof(nastyText, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
export const number = fc.oneof(
  fc.constantFrom(2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e308, -1, 0, 0.5, 2 ** 63),
  fc.integer(),
  fc.double({ noNaN: true }),
);
export const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
// Field names the API's bodies and queries use, so values reach their rules, and a few others.
export const fieldName = fc.constantFrom(
  'account',
  'label',
  'search',
  'page',
  'itemsPerPage',
  'id',
  'country',
  'countries',
  'type',
  'weight',
  'format',
  'order',
  'number',
  'limit',
  'near',
  'status',
  'notes',
  'orderLines',
  'workFlow',
  'sender',
  'receiver',
  'contents',
  'hsCode',
  'discountCode',
  'token',
  'version',
  'step',
  'date',
  'postCode',
  'events',
  'name',
  'email',
  'insuredAmount',
  'quantity',
  'a\u0000',
);
export const body: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(fieldName, tie('value'), { maxKeys: 6 }),
})).object;
export const query = fc.dictionary(fieldName, fc.oneof({ weight: 3, arbitrary: nastyText }, text, number.map(String)), {
  maxKeys: 3,
});

/** Every path to a leaf (string, number, boolean, null) of a JSON value. */
export function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

export function replaced(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, leaf);
  return copy;
}

/** A sample body with one or two leaves replaced by odd values. */
export const mutatedSample = fc
  .record({ sample: fc.nat(), picks: fc.array(fc.tuple(fc.nat(), leaf), { minLength: 1, maxLength: 2 }) })
  .map(({ sample, picks }) => {
    let result = samples[sample % samples.length];
    const paths = leafPaths(result);
    for (const [pick, value] of picks) result = replaced(result, paths[pick % paths.length] ?? [], value);
    return result;
  });
export const anyBody = fc.oneof(mutatedSample, body);
export const pathParameter = fc.oneof(
  text,
  fc.constant('').map(() => existing[0] ?? ''),
);

export const callers = {
  anonymous: {},
  signedIn: bearer({ sub: 'fuzz-user', email: 'fuzz@example.com' }),
  owner,
};

/**
 * The app's routes under /api (read once the app has started), but the API's reference
 * (`/api/docs`, http/openapi.ts): its pages ignore queries and bodies, and each call writes out the
 * whole document, so thousands of odd calls to it would only spend the sweep's time;
 * api/test/http/openapi.test.ts sends it odd input of its own.
 */
export const appRoutes = (): Route[] =>
  registeredRoutes(testApp.app.printRoutes({ commonPrefix: false })).filter(
    ({ path }) => path !== '/api/docs' && !path.startsWith('/api/docs/'),
  );

export const isWrite = (method: HTTPMethods) => ['POST', 'PUT', 'PATCH'].includes(method);

export async function expectNo5xx(
  method: HTTPMethods,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<number> {
  const writes = payload !== undefined;
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...headers, ...(writes ? { 'content-type': 'application/json' } : {}) },
    ...(writes ? { payload: JSON.stringify(payload) } : {}),
  });
  if (response.statusCode >= 500) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.statusCode;
}

/**
 * Generated path parameters, queries and (on writes) bodies, by each kind of caller, on every route
 * `which` picks; `numRuns` cases a route, from a fixed seed so that a failure replays.
 */
export async function fuzzRoutes(which: (route: Route) => boolean, numRuns: number): Promise<void> {
  for (const route of appRoutes().filter(which)) {
    const writes = isWrite(route.method);
    await fc.assert(
      fc.asyncProperty(
        fc.array(pathParameter, { minLength: 3, maxLength: 3 }),
        query,
        writes ? anyBody : fc.constant(undefined),
        fc.constantFrom(...(Object.keys(callers) as (keyof typeof callers)[])),
        async (params, search, payload, caller) => {
          let index = 0;
          const path = route.path.replace(/:[A-Za-z]+/g, () => encode(params[index++] ?? ''));
          const queryString = Object.entries(search)
            .map(([key, value]) => `${encode(key)}=${encode(value)}`)
            .join('&');
          const response = await testApp.app.inject({
            method: route.method,
            url: queryString ? `${path}?${queryString}` : path,
            headers: { ...callers[caller], ...(writes ? { 'content-type': 'application/json' } : {}) },
            ...(writes ? { payload: JSON.stringify(payload) } : {}),
          });
          if (response.statusCode >= 500) {
            throw new Error(`${route.method} ${route.path} answered ${response.statusCode}: ${response.body}`);
          }
        },
      ),
      { numRuns, seed: 19 },
    );
  }
}
