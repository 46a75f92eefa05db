// What one call of the API client takes (types.ts re-exports them; typed-client.ts builds on them).

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** 'blob' for file downloads (PDF, XLSX). */
  responseType?: 'json' | 'blob';
  /** Write requests flagged to skip the bot check (SPEC §7, e.g. prices). */
  skipBotCheck?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
