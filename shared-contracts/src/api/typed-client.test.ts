import type { GetOrdersByKeyResponse, PostOrdersResponse } from '../api-types';
import { createApiClient } from './api-client';
import { ApplicationError } from './application-error';
import { ACCOUNT_HEADER } from './headers';
import { type ApiAnswer, fillPath, lastSegment, parametersOf, typedCalls } from './typed-client';
import type { ApiClient } from './types';

// Issue 38 item 6: the portal's calls typed by the API's document. The runtime half: the template is
// filled and the call goes through the one client with all it does. The type half: `npm run
// typecheck` (tsc over shared-contracts/src, tests included) compiles the lines below; each
// `@ts-expect-error` fails the type-check if the error it expects ever stops being one.

function respond(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { status, statusText: '', text: async () => text, blob: async () => new Blob([text]) } as unknown as Response;
}

function setup(token: string | null = 'access-token') {
  const fetch = jest.fn<Promise<Response>, Parameters<typeof globalThis.fetch>>(async () => respond(200, {}));
  const api = createApiClient({ getAccessToken: () => token, getAccountId: () => 7, getLocale: () => 'lv', fetch });
  const call = (index: number) => {
    const [url, init] = fetch.mock.calls.at(index) ?? [];
    return { url, method: init?.method, headers: init?.headers as Record<string, string>, body: init?.body };
  };
  return { api, fetch, call };
}

describe('fillPath', () => {
  it('puts each parameter, percent-encoded, in its place', () => {
    expect(fillPath('/api/orders/{key}/cancel', { key: 'AB/1 2' })).toBe('/api/orders/AB%2F1%202/cancel');
    expect(fillPath('/api/accounts/{id}/api_keys/{keyId}/revoke', { id: 3, keyId: 14 })).toBe(
      '/api/accounts/3/api_keys/14/revoke',
    );
    expect(fillPath('/api/orders')).toBe('/api/orders');
  });

  it('refuses a template whose parameter is missing or empty, rather than calling another path', () => {
    expect(() => fillPath('/api/orders/{key}', {})).toThrow('the path /api/orders/{key} needs its parameter "key"');
    expect(() => fillPath('/api/orders/{key}', { key: '' })).toThrow(TypeError);
  });
});

describe('lastSegment', () => {
  it('reads the parameter an address the API gave stands for', () => {
    expect(lastSegment('/api/orders/AB%2012')).toBe('AB 12');
    expect(lastSegment('/api/orders/K1?lang=lv')).toBe('K1');
    expect(fillPath('/api/orders/{key}', { key: lastSegment('/api/orders/AB%2012') })).toBe('/api/orders/AB%2012');
    expect(() => lastSegment('')).toThrow(TypeError);
  });
});

describe('parametersOf', () => {
  it('reads every parameter of the template from an address, public twin included', () => {
    const template = '/api/complaints/{id}/attachments/{attachmentId}';
    expect(parametersOf(template, '/api/complaints/5/attachments/9')).toEqual({ id: '5', attachmentId: '9' });
    expect(parametersOf(template, '/api/public/complaints/5/attachments/a%20b')).toEqual({
      id: '5',
      attachmentId: 'a b',
    });
    expect(parametersOf('/api/orders/{key}', '/api/orders/K1?lang=lv')).toEqual({ key: 'K1' });
  });

  it('refuses an address of another shape', () => {
    expect(() => parametersOf('/api/orders/{key}', '/api/orders/K1/cancel')).toThrow(TypeError);
    expect(() => parametersOf('/api/orders/{key}', '/api/contacts/1')).toThrow(TypeError);
  });
});

describe('the typed calls of the client', () => {
  it('send through the client: account header, token, locale, query and JSON-LD body', async () => {
    const { api, fetch, call } = setup();
    fetch.mockResolvedValueOnce(respond(201, { '@id': '/api/orders/K1', key: 'K1' }));
    const controller = new AbortController();

    const created = await api.POST('/api/orders', {
      body: { step: 1, orderLines: [] },
      headers: { 'Idempotency-Key': 'one' },
      signal: controller.signal,
    });

    expect(created.key).toBe('K1');
    expect(call(0).url).toBe('/api/orders');
    expect(call(0).method).toBe('POST');
    expect(call(0).body).toBe(JSON.stringify({ step: 1, orderLines: [] }));
    expect(call(0).headers).toMatchObject({
      Authorization: 'Bearer access-token',
      [ACCOUNT_HEADER]: '7',
      'Accept-Language': 'lv',
      'Content-Type': 'application/ld+json',
      'Idempotency-Key': 'one',
    });
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(controller.signal);

    await api.GET('/api/orders', { query: { page: 2, status: 'paid' } });
    expect(call(1).url).toBe('/api/orders?page=2&status=paid');
    await api.DELETE('/api/orders/{key}', { path: { key: 'K 1' } });
    expect(call(2)).toMatchObject({ url: '/api/orders/K%201', method: 'DELETE' });
  });

  it('go to the public variant for a visitor, as every call does', async () => {
    const { api, call } = setup(null);
    await api.GET('/api/countries');
    expect(call(0).url).toBe('/api/public/countries');
  });

  it('turn a Hydra error into an ApplicationError with its violations', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(
      respond(422, {
        '@type': 'hydra:Error',
        'hydra:description': 'receiver: This value should not be blank.',
        code: 'VALIDATION_FAILED',
        violations: [{ propertyPath: 'orderLines[0].receiver.name', message: 'This value should not be blank.' }],
      }),
    );
    const failure = await api
      .PUT('/api/orders/{key}', { path: { key: 'K1' }, body: { step: 1, orderLines: [] } })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApplicationError);
    expect(failure.status).toBe(422);
    expect(failure.code).toBe('VALIDATION_FAILED');
    expect(failure.validation).toEqual({ 'orderLines[0].receiver.name': ['This value should not be blank.'] });
  });

  it('work over any `request` (the tests’ fake API uses the same typedCalls)', async () => {
    const send = jest.fn(async () => ({ ok: true }));
    const calls = typedCalls(send);
    await calls.PATCH('/api/users/{id}', { path: { id: '5' }, body: {}, skipBotCheck: true });
    expect(send).toHaveBeenCalledWith('PATCH', '/api/users/5', { body: {}, skipBotCheck: true });
  });
});

/**
 * Compiled, never called: what the type-check accepts and refuses. Each refused line is what a
 * remote could get wrong against the document.
 */
export async function typeFixtures(api: ApiClient): Promise<void> {
  // The answer is the document's, with no cast: an order's key is a string, a price list a member list.
  const order: GetOrdersByKeyResponse = await api.GET('/api/orders/{key}', { path: { key: 'K1' } });
  const created: PostOrdersResponse = await api.POST('/api/orders', { body: { step: 1, orderLines: [] } });
  const key: string = order.key;
  const answer: ApiAnswer<'/api/orders/{key}', 'get'> = order;
  void [created, key, answer];
  // A call with nothing to send needs no options.
  await api.GET('/api/countries');

  // @ts-expect-error a path the document does not have
  await api.GET('/api/order');
  // @ts-expect-error a concrete address in place of the template
  await api.GET('/api/orders/K1');
  // @ts-expect-error a method the path does not take
  await api.PATCH('/api/orders/{key}', { path: { key: 'K1' }, body: {} });
  // @ts-expect-error the template's parameter missing
  await api.GET('/api/orders/{key}', {});
  // @ts-expect-error the options missing altogether where the path has a parameter
  await api.GET('/api/orders/{key}');
  // @ts-expect-error a parameter of another name
  await api.GET('/api/orders/{key}', { path: { id: 'K1' } });
  // @ts-expect-error a query parameter the operation does not take
  await api.GET('/api/orders', { query: { colour: 'red' } });
  // @ts-expect-error a query value outside its enum
  await api.GET('/api/orders', { query: { orderStatus: 'lost' } });
  // @ts-expect-error a body field of the wrong type
  await api.POST('/api/orders', { body: { step: 'one' } });
  // An upload the route reads as it comes goes as a Blob; numbers and booleans go in the address.
  await api.POST('/api/orders/bulk', { body: new Blob(['xlsx']) });
  await api.GET('/api/service_locations', { query: { itemsPerPage: 30, ownNetwork: true } });
  // @ts-expect-error a file where the operation takes JSON
  await api.POST('/api/orders', { body: new Blob(['{}']) });
  // @ts-expect-error a body where the operation takes none
  await api.GET('/api/countries', { body: {} });
  // @ts-expect-error the answer has no such field
  void (await api.GET('/api/orders/{key}', { path: { key: 'K1' } })).colour;
}
