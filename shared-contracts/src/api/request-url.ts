import type { QueryValue } from './types';

/**
 * Anonymous visitors use the public variant of every API path (SPEC §6, §7):
 * `/api/countries` → `/api/public/countries`. Only the first `api` segment counts,
 * and a path that is already public is left alone.
 */
export function toPublicPath(path: string): string {
  return path.replace(/(^|\/)api\/(?!public(?:[/?#]|$))/, '$1api/public/');
}

/**
 * Writes a query string: arrays as repeated `key[]=` pairs (`id[]=1&id[]=2`, the form the
 * API's filters read), booleans as `true`/`false`, null and undefined skipped, so an empty
 * array sends no filter at all. Brackets in keys stay readable (`_order[createdAt]=DESC`);
 * everything else is percent-encoded.
 */
export function serialiseQuery(query: Record<string, QueryValue>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const arrayKey = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) pairs.push(`${encodeKey(arrayKey)}=${encodeURIComponent(String(item))}`);
    } else {
      pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return pairs.join('&');
}

/** Joins base URL, path (or an absolute URL such as a resource's full address) and query. */
export function buildRequestUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = /^https?:\/\//i.test(path) ? path : `${baseUrl}${path}`;
  const search = serialiseQuery(query);
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}
