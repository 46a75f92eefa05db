import type { FastifyInstance } from 'fastify';
import { createDevIdp, type DevIdp, type DevIdpOptions } from './provider';

export {
  DEV_HANDOVER_COUNTER_SECRET,
  DEV_TRACKING_CLIENT_SECRET,
  HANDOVER_COUNTER_CLIENT_ID,
  HANDOVER_REDEEM_SCOPE,
  TRACKING_CLIENT_ID,
  TRACKING_INGEST_SCOPE,
} from './machine-client';
export { createDevIdp, type DevIdp, type DevIdpOptions, PORTAL_API_AUDIENCE, PORTAL_CLIENT_ID } from './provider';
export { DEMO_PASSWORD } from './users';

/**
 * Mounts the development identity provider in the gateway under the issuer's path (`/idp`).
 * Its requests bypass Fastify's body parsing: oidc-provider and the sign-in pages read them.
 */
export async function registerDevIdp(app: FastifyInstance, options: DevIdpOptions): Promise<DevIdp> {
  const idp = createDevIdp(options);
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (
      request: { raw: import('node:http').IncomingMessage },
      reply: { hijack(): void; raw: import('node:http').ServerResponse },
    ) => {
      reply.hijack();
      idp.handle(request.raw, reply.raw);
    };
    scope.all(mountPath, handler);
    scope.all(`${mountPath}/*`, handler);
  });
  return idp;
}
