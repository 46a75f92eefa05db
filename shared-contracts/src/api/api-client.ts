import { REQUEST_ID_HEADER } from '../observability/client-errors';
import { ApplicationError, BOT_CHECK_ERROR, NETWORK_ERROR_MESSAGE } from './application-error';
import { ACCOUNT_HEADER } from './headers';
import { buildRequestUrl, toPublicPath } from './request-url';
import { typedCalls } from './typed-client';
import type { ApiClient, ApiClientOptions, HttpMethod, RequestOptions } from './types';

/** Where a solved bot-check token is verified before a write (SPEC §7). */
export const BOT_CHECK_VERIFY_PATH = '/api/recaptcha-verify';
/** Header that carries the verified bot-check token along with the write itself. */
export const BOT_CHECK_HEADER = 'X-Bot-Check';

const ACCEPT = 'application/ld+json, application/json';
const JSON_LD = 'application/ld+json';
const JSON_CONTENT = 'application/json';
const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The API client every remote gets through the platform context (SPEC §7): bearer token,
 * locale, public paths for anonymous visitors, the bot check on writes, and every failure
 * turned into an `ApplicationError`. There is deliberately no timeout.
 */
/** A random id a call carries in X-Request-Id (randomUUID needs a secure context; http on a LAN is not). */
function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Looked up on each call (stubs and polyfills installed later apply) and called on
  // globalThis, because browsers refuse fetch called with any other `this` ("Illegal invocation").
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';

  async function send<T>(method: HttpMethod, path: string, request: RequestOptions, botCheckToken?: string) {
    const accessToken = options.getAccessToken() || null;
    const accountId = accessToken ? options.getAccountId?.() : null;
    const url = buildRequestUrl(baseUrl, accessToken ? path : toPublicPath(path), request.query);
    const body = encodeBody(method, request);
    const headers: Record<string, string> = {
      Accept: ACCEPT,
      'Accept-Language': options.getLocale(),
      // SPEC §7: asks the server to convert the values in its error bodies (a header the API reads).
      'X-Convert-Error-Values': '1',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      ...(accountId ? { [ACCOUNT_HEADER]: String(accountId) } : {}),
      ...(body.contentType ? { 'Content-Type': body.contentType } : {}),
      ...(botCheckToken ? { [BOT_CHECK_HEADER]: botCheckToken } : {}),
      // The call's id in the API's log lines (issue 17); only to the portal's own origin: another
      // origin's CORS preflight would have to allow one more header for nothing it logs.
      ...(baseUrl === '' ? { [REQUEST_ID_HEADER]: newRequestId() } : {}),
      ...request.headers,
    };
    let response: Response;
    try {
      response = await fetchFn(url, { method, headers, body: body.content, signal: request.signal });
    } catch (cause) {
      // A cancelled request stays an AbortError so React Query recognises the cancellation.
      if (request.signal?.aborted) throw cause;
      throw new ApplicationError(NETWORK_ERROR_MESSAGE, { status: null, cause });
    }
    return readResponse<T>(response, request.responseType);
  }

  async function passBotCheck(solveBotCheck: (action: 'submit') => Promise<string>, signal?: AbortSignal) {
    try {
      const token = await solveBotCheck('submit');
      await send('POST', BOT_CHECK_VERIFY_PATH, { body: { token }, signal });
      return token;
    } catch (cause) {
      if (signal?.aborted) throw cause;
      const status = cause instanceof ApplicationError ? cause.status : null;
      throw new ApplicationError(BOT_CHECK_ERROR, { code: BOT_CHECK_ERROR, status, cause });
    }
  }

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const { solveBotCheck } = options;
    const needsBotCheck =
      WRITE_METHODS.has(method) &&
      !requestOptions.skipBotCheck &&
      solveBotCheck !== undefined &&
      !options.isIdentityVerified?.();
    const botCheckToken = needsBotCheck ? await passBotCheck(solveBotCheck, requestOptions.signal) : undefined;
    return send<T>(method, path, requestOptions, botCheckToken);
  }

  return {
    ...typedCalls((method, path, requestOptions) => request(method, path, requestOptions)),
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    put: (path, body, requestOptions) => request('PUT', path, { ...requestOptions, body }),
    patch: (path, body, requestOptions) => request('PATCH', path, { ...requestOptions, body }),
    delete: (path, requestOptions) => request('DELETE', path, requestOptions),
  };
}

/**
 * POST sends JSON-LD, except when a file is expected back; PUT, PATCH and DELETE send plain
 * JSON (SPEC §7). FormData and Blob go as they are, so the browser can set the multipart boundary.
 */
function encodeBody(method: HttpMethod, request: RequestOptions): { content?: BodyInit; contentType?: string } {
  if (request.body === undefined) return {};
  if (method === 'GET') throw new TypeError('a GET request cannot carry a body');
  if (request.body instanceof FormData || request.body instanceof Blob) return { content: request.body };
  const contentType = method === 'POST' && request.responseType !== 'blob' ? JSON_LD : JSON_CONTENT;
  return { content: JSON.stringify(request.body), contentType };
}

async function readResponse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (response.status < 200 || response.status > 299) {
    const body = parseJson(await response.text().catch(() => ''));
    throw ApplicationError.fromResponse({ status: response.status, statusText: response.statusText, body });
  }
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = response.status === 204 ? '' : await response.text();
  if (text === '') return undefined as T;
  const body = parseJson(text);
  if (body === undefined) {
    throw new ApplicationError('The server answered with malformed JSON', { status: response.status });
  }
  return body as T;
}

/** The parsed body, or undefined when it is empty or not JSON (an HTML error page, say). */
function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
