import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint's signing secret: 32 random bytes, shown to its creator once. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Portal-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `<t>.<body>` with the endpoint's secret. The time is inside what is signed, so a receiver that
 * refuses old times (README.md: 5 minutes) cannot be fed a recorded delivery again later.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
