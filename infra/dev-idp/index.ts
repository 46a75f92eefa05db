import type { FastifyInstance } from 'fastify';
import { loginPage, pageLanguageOf, signInMethodOf, tryAgainMessage } from './pages';
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
    // The sign-in forms (POST) count against the per-address limit; over it, the sign-in page
    // says when to try again (429, Retry-After), in the visitor's language.
    const limitSignIn = options.limitSignIn;
    if (limitSignIn) {
      scope.addHook('onRequest', async (request, reply) => {
        const [, uid, step = ''] = request.url.startsWith(`${mountPath}/interaction/`)
          ? (request.url.slice(mountPath.length).match(/^\/interaction\/([\w-]+)\/?([^?]*)/) ?? [])
          : [];
        if (request.method !== 'POST' || !uid) return;
        const interaction = `${mountPath}/interaction/${uid}`;
        try {
          await limitSignIn(request);
        } catch (error) {
          const wait = retryAfterOf(error);
          if (wait === null) throw error;
          // The portal's language cookie or the browser's (the sign-in's own ui_locales is the provider's).
          const lang = pageLanguageOf({
            cookieHeader: request.headers.cookie,
            acceptLanguage: request.headers['accept-language'],
          });
          const message = tryAgainMessage(wait, lang, new Date((options.now ?? Date.now)()));
          return (
            reply
              .code(429)
              .header('retry-after', String(wait))
              .header('cache-control', 'no-store')
              .type('text/html; charset=utf-8')
              // Beside the form that was refused (issue 40).
              .send(loginPage(interaction, { error: message, errorLanguage: lang, method: signInMethodOf(step) }))
          );
        }
      });
    }
    scope.all(mountPath, handler);
    scope.all(`${mountPath}/*`, handler);
  });
  return idp;
}

/** The seconds of a 429 refusal (the API's ApiError: status and headers); null for any other error. */
function retryAfterOf(error: unknown): number | null {
  const { status, headers } = (error ?? {}) as { status?: number; headers?: Record<string, string> };
  const seconds = Number(headers?.['retry-after']);
  return status === 429 && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
