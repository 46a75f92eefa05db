import { createPublicKey, type KeyObject, sign } from 'node:crypto';
import type { JWK } from 'jose';
import { TEST_SIGNING_KEY } from './test-keys';

// The test identity provider (helpers.ts re-exports it; two-processes.test.ts serves its key set
// over HTTP without loading the app): one fixed signing key (test-keys.ts), tokens signed synchronously
// (ES256, as the development provider signs) so that constants like BEARER can be built at load.
export const TEST_ISSUER = 'https://idp.test';
export const TEST_AUDIENCE = 'portal-api';
/** The public half of the test key, as a provider publishes it in its JWKS. */
export const TEST_PUBLIC_JWK = {
  ...(createPublicKey(TEST_SIGNING_KEY).export({ format: 'jwk' }) as JWK),
  kid: 'test-key',
  alg: 'ES256',
  use: 'sig',
};
export interface TokenClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  identityVerified?: boolean;
  amr?: string[];
  [claim: string]: unknown;
}

/** A signed access token; `expiresIn` seconds (negative: already expired), another key or issuer to forge. */
export function signToken(
  claims: TokenClaims,
  options: { expiresIn?: number; key?: KeyObject; issuer?: string; audience?: string; kid?: string } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'ES256', typ: 'at+jwt', kid: options.kid ?? 'test-key' };
  const payload = {
    iss: options.issuer ?? TEST_ISSUER,
    aud: options.audience ?? TEST_AUDIENCE,
    iat: now,
    exp: now + (options.expiresIn ?? 600),
    ...claims,
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: options.key ?? TEST_SIGNING_KEY,
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

export const bearer = (claims: TokenClaims, options?: Parameters<typeof signToken>[1]) => ({
  authorization: `Bearer ${signToken(claims, options)}`,
});
