/**
 * Order keys are a visitor's only credential and stand in URL paths (`/api/public/orders/{key}`,
 * `/api/complaints/order/{orderKey}`). What leaves a request (log lines, trace attributes, metric
 * labels, the browser's error reports) carries this placeholder in their place (issue 35).
 */
export const KEY_PLACEHOLDER = '{key}';

/** Route parameters that hold an order key: `:key` after `orders`, and `:orderKey`. */
function isCredentialParameter(segment: string, previous: string | undefined): boolean {
  return segment === ':orderKey' || (segment === ':key' && previous === 'orders');
}

/** An order key's shape (orders/model.ts: 24 base64url characters; 16-64 accepted). */
const KEY_AFTER_ORDERS = /(\/orders?\/)[A-Za-z0-9_-]{16,64}(?=\/|$)/g;

/**
 * The path without its query and with every order key replaced by `{key}`. With the route's
 * pattern (a routed request) the key is the segment its pattern names; without one (no route
 * matched, a page's path) any key-shaped segment after `/orders/` or `/order/` is replaced.
 */
export function pathWithoutCredentials(url: string, route?: string): string {
  const path = (url.split('?')[0] ?? '').split('#')[0] ?? '';
  if (route) {
    const pattern = route.split('/');
    const segments = path.split('/');
    if (pattern.length === segments.length) {
      return segments
        .map((segment, index) =>
          isCredentialParameter(pattern[index] ?? '', pattern[index - 1]) ? KEY_PLACEHOLDER : segment,
        )
        .join('/');
    }
  }
  return path.replace(KEY_AFTER_ORDERS, `$1${KEY_PLACEHOLDER}`);
}
