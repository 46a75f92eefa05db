import { API_KEY_PREFIX, API_KEY_TEST_PREFIX, type ApiKeyMode } from '@portal/shared-contracts/account';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Who made an authenticated request: the claims of a verified access token. */
export interface Principal {
  accessToken: string;
  /** The identity provider's `sub`. */
  subject: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  /** Signed in with Smart-ID or eParaksts (SPEC §6: skips the bot check). */
  identityVerified: boolean;
  /** Authentication methods of this sign-in (`pwd`, `smartid`, `eparaksts`). */
  authMethods: string[];
  /** OAuth scopes of the token (`scope`, space-separated): machine clients are allowed by scope. */
  scopes: string[];
  /**
   * A system's token (client credentials: a sorting centre, a counter), not a person's: it may call
   * only the routes made for such systems (`config: { machineClients: true }`), never act as a customer.
   */
  machineClient?: boolean;
  /**
   * The account the caller acts for, as the portal's API client names it in the `x-account-id`
   * header (read once, by requireAuthentication); null: none named. Whether the caller belongs to
   * it is checked by the module that uses it.
   */
  accountId: number | null;
  /**
   * Set when the caller sent a company's API key instead of a token (modules/api-keys): the key's
   * id and scopes. Such a caller is no person: `subject` is `api-key:<id>` and `accountId` the
   * key's company account, whatever `x-account-id` says.
   */
  apiKey?: { id: number; scopes: readonly string[]; mode: ApiKeyMode } | null;
}

/**
 * Checks an API key (the whole bearer value); null when it is no key the portal issued. May throw
 * a 401 ApiError that says why (revoked).
 */
export type ApiKeyVerifier = (key: string) => Promise<Principal | null>;

export interface AuthOptions {
  /**
   * The provider's issuer. Its keys are found through OpenID Connect discovery
   * (`<issuer>/.well-known/openid-configuration` → `jwks_uri`), so another provider is configuration.
   */
  issuer: string;
  /** Expected `aud` of access tokens; unchecked when absent. */
  audience?: string;
  /** Where discovery is fetched from when it differs from the issuer (same provider, internal address). */
  discoveryUrl?: string;
  /** The signing keys directly (tests); skips discovery. */
  keys?: JWTVerifyGetKey;
  /** Allowed clock difference in seconds. */
  clockTolerance?: number;
}

export type TokenVerifier = (authorization: string | undefined) => Promise<Principal | null>;

/**
 * Verifies bearer access tokens (JWT) against the identity provider's JWKS (`jose`): signature,
 * issuer, audience, expiry. Anything wrong (forged, expired, another issuer's key) gives null.
 */
export function createTokenVerifier(options: AuthOptions, apiKeys?: ApiKeyVerifier): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined = options.keys ? Promise.resolve(options.keys) : undefined;
  const loadKeys = () => {
    keys ??= discoverKeys(options).catch((error: unknown) => {
      keys = undefined; // try discovery again on the next call
      throw error;
    });
    return keys;
  };

  return async (authorization) => {
    const match = authorization?.match(/^Bearer\s+(\S+)$/i);
    const token = match?.[1];
    if (!token) return null;
    // A key has a recognisable prefix and is no JWT: it never reaches the JWKS.
    if (token.startsWith(API_KEY_PREFIX) || token.startsWith(API_KEY_TEST_PREFIX))
      return apiKeys ? apiKeys(token) : null;
    const getKey = await loadKeys();
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        ...(options.audience ? { audience: options.audience } : {}),
        clockTolerance: options.clockTolerance ?? 5,
      });
      return toPrincipal(token, payload);
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };
}

async function discoverKeys({ issuer, discoveryUrl }: AuthOptions): Promise<JWTVerifyGetKey> {
  const base = (discoveryUrl ?? issuer).replace(/\/$/, '');
  const response = await fetch(`${base}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OpenID Connect discovery failed at ${base}: ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: string };
  if (!metadata.jwks_uri) throw new Error(`OpenID Connect discovery at ${base} names no jwks_uri`);
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}

function toPrincipal(accessToken: string, payload: JWTPayload): Principal | null {
  if (typeof payload.sub !== 'string' || payload.sub === '') return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const amr = Array.isArray(payload.amr) ? payload.amr.filter((item): item is string => typeof item === 'string') : [];
  return {
    accessToken,
    subject: payload.sub,
    email: text(payload.email),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    identityVerified: payload.identityVerified === true,
    authMethods: amr,
    scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
    // RFC 9068 (JWT access tokens): a token of the client credentials grant, which no person signed
    // in for, names the client itself as its subject.
    machineClient: typeof payload.client_id === 'string' && payload.client_id === payload.sub,
    accountId: null,
  };
}
