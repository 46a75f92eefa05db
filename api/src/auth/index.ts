import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/problem';
import { authenticate, type Principal } from './authenticate';

export type { Principal } from './authenticate';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on authenticated routes; null on public ones. */
    principal: Principal | null;
  }
}

export function decorateRequestWithPrincipal(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
}

/** onRequest hook of the authenticated (`/api/...`) routes. */
export async function requireAuthentication(request: FastifyRequest): Promise<void> {
  const principal = await authenticate(request.headers.authorization);
  if (!principal) throw unauthorized();
  request.principal = principal;
}
