/** Who made an authenticated request. Grows with the identity issue (subject, roles, identityVerified...). */
export interface Principal {
  accessToken: string;
}

/**
 * THE SEAM FOR THE IDENTITY ISSUE: replace the body with verification of the bearer token
 * against the identity provider's JWKS (`jose`, DESIGN §5), returning null for a bad token.
 * Until then any bearer token is accepted unverified, so no route may serve personal data yet.
 */
export async function authenticate(authorization: string | undefined): Promise<Principal | null> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ? { accessToken: match[1] } : null;
}
