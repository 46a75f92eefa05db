import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/problem';
import { type AuthOptions, createTokenVerifier, type Principal } from './authenticate';

export type { AuthOptions, Principal } from './authenticate';

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
     * Who may call the route beyond a signed-in user: `admin`, the back-office flag. Declared on
     * the route (`{ config: ADMIN_ONLY }`; every `/api/admin/...` route gets it) and checked after
     * routing on the route the router chose, never by comparing URLs (modules/identity).
     */
    access?: 'admin';
  }
}

/** Route config of an administrators' route. */
export const ADMIN_ONLY = { access: 'admin' } as const;

/** Sets up token verification for the whole app (the configured provider: OIDC_ISSUER...). */
export function decorateRequestWithPrincipal(app: FastifyInstance, auth: AuthOptions): void {
  app.decorate('verifyToken', createTokenVerifier(auth));
  app.decorateRequest('principal', null);
}

/** onRequest hook of the authenticated (`/api/...`) routes. */
export async function requireAuthentication(request: FastifyRequest): Promise<void> {
  const principal = await request.server.verifyToken(request.headers.authorization);
  if (!principal) throw unauthorized();
  request.principal = principal;
}
