import { createHmac, timingSafeEqual } from 'node:crypto';

// HMAC-SHA256 signing with domain separation: a signature made for one purpose (a payment token)
// never verifies for another (a callback body), although the sandbox uses one secret for both.

export type SigningPurpose = 'payment-token' | 'callback';

export function hmac(secret: string, purpose: SigningPurpose, message: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${message}`).digest();
}

/** Constant-time comparison of a received signature (any encoding decoded by the caller) with the expected one. */
export function signatureMatches(expected: Buffer, received: Buffer): boolean {
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** `base64url(JSON).base64url(HMAC)`: a value that carries its data and proves the API made it. */
export function signToken(secret: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${hmac(secret, 'payment-token', body).toString('base64url')}`;
}

/** The payload of a token this secret signed, or null (wrong shape, tampered, or another secret's). */
export function verifyToken(secret: string, token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  if (!signatureMatches(hmac(secret, 'payment-token', body), Buffer.from(signature, 'base64url'))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
