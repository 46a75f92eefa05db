import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests are sent only in production (development runs on plain http). */
  production: boolean;
  /**
   * Origins the pages load code from besides their own: remotes served elsewhere (remotes.json
   * names them). Asked for each response, so an edited remotes file applies without a restart.
   */
  remoteOrigins?: () => readonly string[];
  /** Origins the browser calls or frames besides its own: the identity provider (token calls, silent renew). */
  identityOrigins?: readonly string[];
  /** Origins of the map's tiles (images). */
  imageOrigins?: readonly string[];
}

/** `https://a.example/x/y` → `https://a.example`; a Leaflet template's `{s}` subdomain becomes `*`. */
export function originOf(url: string): string | null {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(url.trim());
  return match?.[1] ? match[1].replace(/\{s\}/g, '*').toLowerCase() : null;
}

/**
 * Security headers on every answer (DESIGN §5, issue 19) with @fastify/helmet: a strict
 * Content-Security-Policy, X-Content-Type-Options, Referrer-Policy, X-Frame-Options, COOP/CORP,
 * and HSTS in production.
 *
 * The policy: scripts only from the portal's origin and the remotes' (no inline scripts, no eval);
 * styles also inline, because Mantine writes its CSS variables into `<style>` elements and its
 * style props into `style` attributes (a nonce cannot cover attributes); framing by the portal
 * itself only (`'self'`: oidc-client-ts renews the session in a hidden frame whose callback is the
 * portal's page). Pages that differ (the embed demos, which other sites may frame) amend it with
 * `amendContentSecurityPolicy`.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const remotes = () => (options.remoteOrigins?.() ?? []).join(' ');
  const identity = options.identityOrigins ?? [];
  const images = options.imageOrigins ?? [];
  // helmet's middleware is built once, here: the Fastify wrapper (@fastify/helmet) built it again
  // for every answer, parsing the whole policy each time (2.4 % of the API's CPU under load,
  // issue 18). The remotes' origins are still asked for each answer (a function in the policy).
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", remotes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...images, remotes],
        fontSrc: ["'self'", 'data:', remotes],
        connectSrc: ["'self'", ...identity, remotes],
        frameSrc: ["'self'", ...identity],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * A page's own changes to the policy helmet set: more script sources (hashes of its inline
 * scripts) and who may frame it. Also drops X-Frame-Options when framing by others is allowed
 * (browsers apply the stricter of the two).
 */
export function amendContentSecurityPolicy(
  policy: string,
  changes: { scriptSrc?: readonly string[]; frameAncestors?: readonly string[] },
): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = '', ...values] = directive.split(/\s+/);
      if (name === 'script-src' && changes.scriptSrc) return [name, ...values, ...changes.scriptSrc].join(' ');
      if (name === 'frame-ancestors' && changes.frameAncestors) return [name, ...changes.frameAncestors].join(' ');
      return directive;
    })
    .join('; ');
}
