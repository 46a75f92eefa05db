import type { Locale } from '../i18n/locale';
import type { HttpMethod, RequestOptions } from './request-options';
import type { TypedCalls } from './typed-client';

export type { HttpMethod, QueryValue, RequestOptions } from './request-options';

export interface ApiClientOptions {
  /** Origin the API lives on; '' for the page's own origin. */
  baseUrl?: string;
  /** The identity provider's access token, when the visitor is signed in. */
  getAccessToken: () => string | null | undefined;
  /**
   * The account the signed-in user acts for (their private one or a company's): sent with every
   * signed-in request as the `x-account-id` header, the one way the API learns it. Remotes never
   * set it themselves.
   */
  getAccountId?: () => number | null | undefined;
  /** Interface locale sent as Accept-Language. */
  getLocale: () => Locale;
  /**
   * Bot check for write requests (SPEC §7): returns a solved challenge token for the action.
   * Absent until the identity issue wires ALTCHA; when absent, writes go without it.
   */
  solveBotCheck?: (action: 'submit') => Promise<string>;
  /** Users whose identity is verified skip the bot check. */
  isIdentityVerified?: () => boolean;
  fetch?: typeof fetch;
}

/**
 * The API client. Screens call through the typed calls (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`:
 * the operation's path template, parameters, query, body and answer as the API's OpenAPI document
 * says, typed-client.ts). The lower-case methods take any path and answer `unknown`: what they
 * answer is for the caller to check (a zod schema), never to assert with a type argument.
 * `request` is what both go through; its type argument is for an answer type derived from the
 * document (`ApiAnswer<Path, 'get'>`, as the shell's public reads do).
 */
export interface ApiClient extends TypedCalls {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
}
