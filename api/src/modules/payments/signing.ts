import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

/**
 * `base64url(nonce).base64url(AES-256-GCM(JSON) + tag)`: a value that carries its data, proves the
 * API made it, and shows nothing to whoever sees it. Payment page URLs carry it, and the data
 * include the return URL with a visitor order's key, which must not be readable from the URL
 * (issue 19: browser history, logs, referrers).
 */
export function signToken(secret: string, payload: unknown): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), nonce);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The payload of a token this secret sealed, or null (wrong shape, tampered, or another secret's). */
export function verifyToken(secret: string, token: string): unknown {
  const [nonceText, sealedText, extra] = token.split('.');
  if (!nonceText || !sealedText || extra !== undefined) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(nonceText) || !/^[A-Za-z0-9_-]+$/.test(sealedText)) return null;
  const nonce = Buffer.from(nonceText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (nonce.length !== 12 || sealed.length <= 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), nonce);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The token key, derived from the secret for this purpose only. */
function sealingKey(secret: string): Buffer {
  return hmac(secret, 'payment-token', 'aes-256-gcm key');
}
