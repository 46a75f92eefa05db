import { createApiClient } from './api-client';
import { ApplicationError } from './application-error';
import type { ApiClientOptions } from './types';

/** The parts of a fetch Response the client reads; jsdom has no Response class. */
function respond(status: number, body?: unknown, statusText = ''): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, statusText, text: async () => text, blob: async () => new Blob([text]) } as unknown as Response;
}

function setup(options: Partial<ApiClientOptions> = {}) {
  const fetch = jest.fn<Promise<Response>, Parameters<typeof globalThis.fetch>>(async () => respond(200, {}));
  const api = createApiClient({ getAccessToken: () => 'access-token', getLocale: () => 'lv', fetch, ...options });
  const call = (index: number) => {
    const [url, init] = fetch.mock.calls.at(index) ?? [];
    return { url, method: init?.method, headers: init?.headers as Record<string, string>, body: init?.body };
  };
  return { api, fetch, call };
}

describe('createApiClient: common behaviour', () => {
  it('sends the token, locale, accept and error-value headers and returns the parsed body', async () => {
    const { api, fetch, call } = setup();
    fetch.mockResolvedValueOnce(respond(200, { code: 'LV' }));

    await expect(api.get('/api/countries/LV')).resolves.toEqual({ code: 'LV' });
    expect(call(0)).toEqual({
      url: '/api/countries/LV',
      method: 'GET',
      headers: {
        Accept: 'application/ld+json, application/json',
        'Accept-Language': 'lv',
        'X-Convert-Error-Values': '1',
        Authorization: 'Bearer access-token',
        'X-Request-Id': expect.stringMatching(/^[A-Za-z0-9-]{8,}$/),
      },
      body: undefined,
    });
  });

  it('gives every call an id of its own for the logs, and none to another origin (embeds)', async () => {
    const { api, call } = setup();
    await api.get('/api/x');
    await api.get('/api/x');
    expect(call(0).headers['X-Request-Id']).not.toBe(call(1).headers['X-Request-Id']);
    const embedded = setup({ baseUrl: 'https://portal.example.lv' });
    await embedded.api.get('/api/x');
    expect(embedded.call(0).headers).not.toHaveProperty('X-Request-Id');
  });

  it('asks for the current token and locale on every request', async () => {
    let locale: 'en' | 'lv' = 'en';
    const { api, call } = setup({ getLocale: () => locale });
    await api.get('/api/my-user');
    locale = 'lv';
    await api.get('/api/my-user');
    expect(call(0).headers['Accept-Language']).toBe('en');
    expect(call(1).headers['Accept-Language']).toBe('lv');
  });

  it.each([null, undefined, ''])('uses public paths and no Authorization when the token is %j', async (token) => {
    const { api, call } = setup({ getAccessToken: () => token });
    await api.get('/api/countries', { query: { active: true } });
    expect(call(0).url).toBe('/api/public/countries?active=true');
    expect(call(0).headers).not.toHaveProperty('Authorization');
  });

  it('names the active account on every signed-in request, read anew each time; never for visitors', async () => {
    let account: number | null = 4;
    const { api, call } = setup({ getAccountId: () => account });
    await api.get('/api/orders');
    account = 9;
    await api.post('/api/orders/k1/cancel', undefined, { skipBotCheck: true });
    account = null;
    await api.get('/api/orders');
    expect(call(0).headers['x-account-id']).toBe('4');
    expect(call(1).headers['x-account-id']).toBe('9');
    expect(call(2).headers).not.toHaveProperty('x-account-id');

    const visitor = setup({ getAccessToken: () => null, getAccountId: () => 4 });
    await visitor.api.get('/api/countries');
    expect(visitor.call(0).headers).not.toHaveProperty('x-account-id');
  });

  it('prefixes the base URL and serialises the query', async () => {
    const { api, call } = setup({ baseUrl: 'https://api.example' });
    await api.get('/api/work_flows', { query: { page: 1, 'id[]': ['a', 'b'], '_order[createdAt]': 'DESC', q: null } });
    expect(call(0).url).toBe('https://api.example/api/work_flows?page=1&id[]=a&id[]=b&_order[createdAt]=DESC');
  });

  it('lets the caller add and override headers', async () => {
    const { api, call } = setup();
    await api.get('/api/x', { headers: { Accept: 'application/pdf', 'X-Extra': 'yes' } });
    expect(call(0).headers).toMatchObject({ Accept: 'application/pdf', 'X-Extra': 'yes' });
  });

  it('passes the abort signal to fetch', async () => {
    const { api, fetch } = setup();
    const controller = new AbortController();
    await api.get('/api/x', { signal: controller.signal });
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('uses the global fetch when none is given', async () => {
    const originalFetch = globalThis.fetch;
    const globalFetch = jest.fn(async () => respond(200, { ok: true }));
    globalThis.fetch = globalFetch;
    try {
      const api = createApiClient({ getAccessToken: () => null, getLocale: () => 'en' });
      await expect(api.get('/api/x')).resolves.toEqual({ ok: true });
      expect(globalFetch).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.fetch = originalFetch;
    }
  });
});

describe('createApiClient: bodies', () => {
  it('sends POST bodies as JSON-LD text', async () => {
    const { api, call } = setup();
    await api.post('/api/orders', { step: 1 }, { skipBotCheck: true });
    expect(call(0).method).toBe('POST');
    expect(call(0).headers['Content-Type']).toBe('application/ld+json');
    expect(call(0).body).toBe('{"step":1}');
  });

  it('sends PUT and PATCH bodies as plain JSON', async () => {
    const { api, call } = setup();
    await api.put('/api/orders/1', { step: 2 }, { skipBotCheck: true });
    await api.patch('/api/users/1', { firstName: 'Anna' }, { skipBotCheck: true });
    expect(call(0)).toMatchObject({ method: 'PUT', body: '{"step":2}' });
    expect(call(0).headers['Content-Type']).toBe('application/json');
    expect(call(1)).toMatchObject({ method: 'PATCH', body: '{"firstName":"Anna"}' });
    expect(call(1).headers['Content-Type']).toBe('application/json');
  });

  it('sends plain JSON and returns a Blob when a file is expected from a POST', async () => {
    const { api, fetch, call } = setup();
    fetch.mockResolvedValueOnce(respond(200, '%PDF-1.7'));
    const file = await api.post(
      '/api/prices/by_country/pdf',
      { weight: 1 },
      { responseType: 'blob', skipBotCheck: true },
    );
    expect(call(0).headers['Content-Type']).toBe('application/json');
    expect(file).toBeInstanceOf(Blob);
    expect((file as Blob).size).toBe(8);
  });

  it('returns a Blob for a GET download', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(200, 'xlsx bytes'));
    await expect(api.get('/api/contacts/export', { responseType: 'blob' })).resolves.toBeInstanceOf(Blob);
  });

  it('passes FormData through untouched so the browser sets the multipart boundary', async () => {
    const { api, call } = setup();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'contacts.xlsx');
    await api.post('/api/contacts/import', form, { skipBotCheck: true });
    expect(call(0).body).toBe(form);
    expect(call(0).headers).not.toHaveProperty('Content-Type');
  });

  it('sends no body and no content type without a body', async () => {
    const { api, call } = setup();
    await api.delete('/api/accounts/1');
    expect(call(0)).toMatchObject({ method: 'DELETE', body: undefined });
    expect(call(0).headers).not.toHaveProperty('Content-Type');
  });

  it('refuses a body on GET, which fetch cannot send', async () => {
    const { api, fetch } = setup();
    await expect(api.get('/api/x', { body: {} })).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('createApiClient: answers', () => {
  it.each([200, 201, 299])('treats %i as success', async (status) => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(status, { ok: true }));
    await expect(api.get('/api/x')).resolves.toEqual({ ok: true });
  });

  it('returns undefined for 204 and for an empty body', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(204)).mockResolvedValueOnce(respond(200, ''));
    await expect(api.delete('/api/accounts/1')).resolves.toBeUndefined();
    await expect(api.get('/api/x')).resolves.toBeUndefined();
  });

  it('fails with an ApplicationError on malformed JSON in a success', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(200, '{"broken'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ name: 'ApplicationError', status: 200 });
  });

  it('turns a JSON error body into an ApplicationError with violations', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(
      respond(
        422,
        {
          '@type': 'hydra:Error',
          'hydra:description': 'weight: This value should be positive.',
          violations: [{ propertyPath: 'weight', message: 'This value should be positive.' }],
        },
        'Unprocessable Entity',
      ),
    );
    const error = await api.post('/api/orders/validate', {}, { skipBotCheck: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({
      status: 422,
      message: 'weight: This value should be positive.',
      validation: { weight: ['This value should be positive.'] },
    });
  });

  it('keeps the status text when the error body is not JSON', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(502, '<html>Bad gateway</html>', 'Bad Gateway'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway', body: undefined });
  });

  it.each([300, 404, 500])('treats %i as failure', async (status) => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(respond(status, {}, 'Status text'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status, message: 'Status text' });
  });

  it('reports a network failure as "Network error" with no status', async () => {
    const { api, fetch } = setup();
    const cause = new TypeError('Failed to fetch');
    fetch.mockRejectedValueOnce(cause);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ message: 'Network error', status: null, cause });
  });

  it('lets a cancellation through unchanged', async () => {
    const { api, fetch } = setup();
    const controller = new AbortController();
    const abortError = new DOMException('The operation was aborted.', 'AbortError');
    fetch.mockImplementationOnce(async () => {
      controller.abort();
      throw abortError;
    });
    await expect(api.get('/api/x', { signal: controller.signal })).rejects.toBe(abortError);
  });
});

describe('createApiClient: bot check on writes', () => {
  const solveBotCheck = () => jest.fn(async (_action: 'submit') => 'solved-token');

  it.each(['post', 'put', 'patch'] as const)(
    'verifies a token before %s and sends it along with the write',
    async (method) => {
      const solve = solveBotCheck();
      const { api, fetch, call } = setup({ solveBotCheck: solve });
      fetch.mockResolvedValueOnce(respond(200, { success: true })).mockResolvedValueOnce(respond(201, { id: 7 }));

      await expect(api[method]('/api/orders', { step: 1 })).resolves.toEqual({ id: 7 });
      expect(solve).toHaveBeenCalledWith('submit');
      expect(call(0)).toMatchObject({ url: '/api/recaptcha-verify', method: 'POST', body: '{"token":"solved-token"}' });
      expect(call(0).headers).toMatchObject({ Authorization: 'Bearer access-token' });
      expect(call(0).headers).not.toHaveProperty('X-Bot-Check');
      expect(call(1)).toMatchObject({ url: '/api/orders', method: method.toUpperCase() });
      expect(call(1).headers['X-Bot-Check']).toBe('solved-token');
    },
  );

  it('verifies on the public path for anonymous visitors', async () => {
    const { api, call } = setup({ getAccessToken: () => null, solveBotCheck: solveBotCheck() });
    await api.post('/api/orders', {});
    expect(call(0).url).toBe('/api/public/recaptcha-verify');
    expect(call(1).url).toBe('/api/public/orders');
  });

  it.each([
    ['GET', (api: ReturnType<typeof setup>['api']) => api.get('/api/x')],
    ['DELETE', (api: ReturnType<typeof setup>['api']) => api.delete('/api/x')],
    [
      'a write flagged skipBotCheck',
      (api: ReturnType<typeof setup>['api']) => api.post('/api/prices/by_order', {}, { skipBotCheck: true }),
    ],
  ])('skips the bot check for %s', async (_name, send) => {
    const solve = solveBotCheck();
    const { api, fetch, call } = setup({ solveBotCheck: solve });
    await send(api);
    expect(solve).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(call(0).headers).not.toHaveProperty('X-Bot-Check');
  });

  it('skips the bot check for users whose identity is verified', async () => {
    const solve = solveBotCheck();
    const { api, fetch } = setup({ solveBotCheck: solve, isIdentityVerified: () => true });
    await api.post('/api/orders', {});
    expect(solve).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('still checks users whose identity is not verified', async () => {
    const solve = solveBotCheck();
    const { api } = setup({ solveBotCheck: solve, isIdentityVerified: () => false });
    await api.post('/api/orders', {});
    expect(solve).toHaveBeenCalledTimes(1);
  });

  it('sends writes without a check while no solver is wired', async () => {
    const { api, fetch, call } = setup();
    await api.post('/api/orders', {});
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(call(0).url).toBe('/api/orders');
  });

  it('fails with recaptchaError when the solver fails, sending nothing', async () => {
    const { api, fetch } = setup({ solveBotCheck: async () => Promise.reject(new Error('widget failed')) });
    const error = await api.post('/api/orders', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ message: 'recaptchaError', code: 'recaptchaError', status: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails with recaptchaError when verification is refused, and does not send the write', async () => {
    const { api, fetch } = setup({ solveBotCheck: solveBotCheck() });
    fetch.mockResolvedValueOnce(respond(400, { 'hydra:description': 'Invalid token' }));
    await expect(api.post('/api/orders', {})).rejects.toMatchObject({
      message: 'recaptchaError',
      code: 'recaptchaError',
      status: 400,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fails with recaptchaError when verification cannot reach the server', async () => {
    const { api, fetch } = setup({ solveBotCheck: solveBotCheck() });
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.post('/api/orders', {})).rejects.toMatchObject({ code: 'recaptchaError', status: null });
  });

  it('reports errors of the write itself as they are, not as recaptchaError', async () => {
    const { api, fetch } = setup({ solveBotCheck: solveBotCheck() });
    fetch.mockResolvedValueOnce(respond(200, {})).mockResolvedValueOnce(respond(403, { message: 'Access Denied.' }));
    await expect(api.post('/api/orders', {})).rejects.toMatchObject({
      status: 403,
      message: 'Access Denied.',
      code: undefined,
    });
  });
});
