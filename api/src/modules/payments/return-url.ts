import { PaymentInputError, type PaymentResult } from './provider';

/** The placeholder a returnUrl may carry for the result; without it the result is appended as a path segment. */
export const PAYMENT_RESULT_PLACEHOLDER = '{paymentResult}';

/**
 * Checks a returnUrl before it is signed into a payment, so the provider never becomes an open
 * redirect: a path on this site (`/orders/...`, not `//host`), or an absolute http(s) URL whose
 * origin is listed in `allowedOrigins`.
 */
export function assertReturnUrl(returnUrl: string, allowedOrigins: readonly string[] = []): void {
  if (returnUrl.length === 0 || returnUrl.length > 2000)
    throw new PaymentInputError('returnUrl must be 1–2000 characters');
  if (/[\s\\]/.test(returnUrl)) throw new PaymentInputError('returnUrl must not contain spaces or backslashes');
  if (returnUrl.startsWith('/')) {
    if (returnUrl.startsWith('//')) throw new PaymentInputError('returnUrl must be a path or an allowed origin');
    return;
  }
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new PaymentInputError('returnUrl must be a path or an absolute URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !allowedOrigins.includes(url.origin)) {
    throw new PaymentInputError(`returnUrl origin ${url.origin} is not allowed`);
  }
}

/**
 * Where the browser goes after the payment: `/orders/parcel/K` + success → `/orders/parcel/K/success`;
 * `/orders/parcel/K/{paymentResult}?x=1` → `/orders/parcel/K/success?x=1`. Query and fragment stay.
 */
export function returnUrlFor(returnUrl: string, result: PaymentResult): string {
  if (returnUrl.includes(PAYMENT_RESULT_PLACEHOLDER)) return returnUrl.replaceAll(PAYMENT_RESULT_PLACEHOLDER, result);
  const cut = returnUrl.search(/[?#]/);
  const path = cut === -1 ? returnUrl : returnUrl.slice(0, cut);
  const rest = cut === -1 ? '' : returnUrl.slice(cut);
  return `${path.replace(/\/+$/, '')}/${result}${rest}`;
}
