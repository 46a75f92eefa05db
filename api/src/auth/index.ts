import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import type { ApiKeyScope } from '@portal/shared-contracts/account';
import type { AdminRole } from '@portal/shared-contracts/admin';
import { ACCOUNT_HEADER } from '@portal/shared-contracts/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../http/problem';
import { type ApiKeyVerifier, type AuthOptions, createTokenVerifier, type Principal } from './authenticate';

export type { ApiKeyVerifier, AuthOptions, Principal } from './authenticate';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies a request's Authorization header (see authenticate.ts). */
    verifyToken: (authorization: string | undefined) => Promise<Principal | null>;
  }
  interface FastifyRequest {
    /** Set on authenticated routes; null on public ones. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route beyond a signed-in user: `admin`, a back-office user. Declared on
     * the route (`{ config: adminRoute(...) }`; every `/api/admin/...` route gets at least
     * `ADMIN_ONLY`) and checked after routing on the route the router chose, never by comparing
     * URLs (modules/identity).
     */
    access?: 'admin';
    /** The back-office roles that may call the route besides administrators; none: administrators only. */
    adminRoles?: readonly AdminRole[];
    /**
     * The API key scope that lets a company's API key call the route (modules/api-keys). A route
     * without one refuses keys (403 API_KEY_NOT_ALLOWED); a key without the scope gets 403
     * API_KEY_SCOPE_MISSING.
     */
    apiKeyScope?: ApiKeyScope;
    /** A route for the operator's systems, which their machine clients' tokens may call (none other may). */
    machineClients?: true;
    /** Any API key may call the route, whatever its scopes (`GET /api/me`, modules/api-keys). */
    apiKeyAnyScope?: boolean;
  }
}

/** Route config of an administrators' route (no other role may call it). */
export const ADMIN_ONLY = { access: 'admin' } as const;

/**
 * Route config of a back-office route that the given roles may call (administrators always may),
 * e.g. `{ config: adminRoute('product_manager') }` (issue 14).
 */
export function adminRoute(...roles: AdminRole[]): { access: 'admin'; adminRoles: readonly AdminRole[] } {
  return { access: 'admin', adminRoles: roles };
}

/**
 * Sets up token verification for the whole app (the configured provider: OIDC_ISSUER...), and of
 * API keys when given (modules/api-keys).
 */
export function decorateRequestWithPrincipal(app: FastifyInstance, auth: AuthOptions, apiKeys?: ApiKeyVerifier): void {
  app.decorate('verifyToken', createTokenVerifier(auth, apiKeys));
  app.decorateRequest('principal', null);
}

/** An account reference as an id (`12` or `/api/accounts/12`), or null for anything else. */
export function accountIdOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_DATABASE_ID) return value;
  if (typeof value !== 'string') return null;
  const match = /^(?:\/api\/accounts\/)?(\d{1,9})$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The caller, once (issue 22): the verified token plus the account the API client names in the
 * `x-account-id` header. Every module reads `request.principal.accountId`; none reads the header,
 * a body or a query for it.
 */
export async function authenticatedPrincipal(request: FastifyRequest): Promise<Principal | null> {
  const principal = await request.server.verifyToken(request.headers.authorization);
  if (!principal) return null;
  // A key acts for its own company account only.
  if (principal.apiKey) return principal;
  const header = request.headers[ACCOUNT_HEADER];
  return { ...principal, accountId: accountIdOf(Array.isArray(header) ? header[0] : header) };
}

/** Route config of a route for the operator's systems (tracking scans, hand-over counters). */
export const MACHINE_CLIENTS = { machineClients: true } as const;

export const MACHINE_CLIENT_NOT_ALLOWED = 'MACHINE_CLIENT_NOT_ALLOWED';
const MACHINE_CLIENT_MESSAGE = "A system's token may call only the routes made for the operator's systems.";

/**
 * onRequest hook of the authenticated (`/api/...`) routes, after routing: the caller, and whether
 * its kind of token may call this route at all (issue 36 item 6: a machine client's token was
 * accepted as a customer, and opened an account).
 */
export async function requireAuthentication(request: FastifyRequest): Promise<void> {
  const principal = await authenticatedPrincipal(request);
  if (!principal) throw unauthorized();
  if (principal.machineClient && !request.routeOptions.config?.machineClients) {
    throw new ApiError(403, MACHINE_CLIENT_MESSAGE, [
      { propertyPath: '', message: MACHINE_CLIENT_MESSAGE, code: MACHINE_CLIENT_NOT_ALLOWED },
    ]);
  }
  request.principal = principal;
}
