import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BUSY_RETRY_AFTER_SECONDS, poolFailureOf } from '@portal/api/worker-pool';
import Provider, { type Configuration } from 'oidc-provider';
import { ACCOUNT_SIGN_IN_LIMIT, type AttemptLimit, AttemptLimiter } from './attempts';
import { fileAdapter } from './file-adapter';
import {
  DEV_HANDOVER_COUNTER_SECRET,
  DEV_TRACKING_CLIENT_SECRET,
  HANDOVER_COUNTER_CLIENT_ID,
  HANDOVER_REDEEM_SCOPE,
  TRACKING_CLIENT_ID,
  TRACKING_INGEST_SCOPE,
} from './machine-client';
import {
  busyMessage,
  eParakstsPage,
  loginPage,
  logoutPage,
  type PageText,
  page,
  pageLanguageOf,
  problemPage,
  registerPage,
  signInMethodOf,
  smartIdPage,
  textOf,
  tryAgainMessage,
  wrongPasswordMessage,
} from './pages';
import { hashPassword, type IdpUser, passwordMatches, UserStore } from './users';

export interface DevIdpOptions {
  /** Issuer URL, e.g. http://127.0.0.1:8080/idp; its path is where the provider is mounted. */
  issuer: string;
  /** Folder for the signing keys and registered users; in memory when absent. */
  dataDir?: string;
  /** Client id of the portal shell. */
  clientId?: string;
  /** Audience of access tokens (the API checks it). */
  audience?: string;
  /** Secret of the sorting/delivery systems' machine client (TRACKING_CLIENT_SECRET); default the development one. */
  trackingClientSecret?: string;
  /** Wrong passwords one e-mail may have (attempts.ts); null: no limit (RATE_LIMIT=off). */
  accountLimit?: AttemptLimit | null;
  /** The clock of the limits and of the time a refused visitor is told (tests drive it). */
  now?: () => number;
  /**
   * Counts a sign-in form against the per-address limit (the gateway's `checkRateLimit(request,
   * 'signIn')`); a 429 it throws (with Retry-After) is answered with the sign-in page saying when
   * to try again.
   */
  limitSignIn?: (request: import('fastify').FastifyRequest) => Promise<void>;
}

/** The shell's client id and the API's audience, shared with shell and API configuration. */
export const PORTAL_CLIENT_ID = 'portal-shell';
export const PORTAL_API_AUDIENCE = 'portal-api';
const API_RESOURCE = 'urn:portal:api';
const API_SCOPE = 'api';
const VERIFIED_METHODS = new Set(['smartid', 'eparaksts']);

export interface DevIdp {
  provider: Provider;
  users: UserStore;
  /** Node request handler for everything under the issuer's path (the URL still carries the prefix). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** The one scope each machine client's tokens carry for the API; people's sign-ins get `api`. */
const MACHINE_CLIENT_SCOPES: Record<string, string> = {
  [TRACKING_CLIENT_ID]: TRACKING_INGEST_SCOPE,
  [HANDOVER_COUNTER_CLIENT_ID]: HANDOVER_REDEEM_SCOPE,
};

/**
 * The development identity provider (DESIGN §6): oidc-provider with three simulated sign-in
 * methods on its own pages. Smart-ID and eParaksts sign-ins carry `identityVerified` in the
 * access token; access tokens are JWTs for the API's audience, signed with the keys at `jwks_uri`.
 */
export function createDevIdp(options: DevIdpOptions): DevIdp {
  const issuer = options.issuer.replace(/\/$/, '');
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const clientId = options.clientId ?? PORTAL_CLIENT_ID;
  const audience = options.audience ?? PORTAL_API_AUDIENCE;
  const trackingClientSecret = options.trackingClientSecret ?? DEV_TRACKING_CLIENT_SECRET;
  const users = new UserStore(options.dataDir);
  const secrets = loadSecrets(options.dataDir);
  const now = options.now ?? Date.now;
  const accountLimit = options.accountLimit === undefined ? ACCOUNT_SIGN_IN_LIMIT : options.accountLimit;
  const accounts = accountLimit ? new AttemptLimiter(accountLimit, now) : null;
  /** Pending Smart-ID / eParaksts confirmations by interaction uid. */
  const pending = new Map<string, { sub: string; method: 'smartid' | 'eparaksts'; code?: string }>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Any origin of the portal on this machine (localhost, 127.0.0.1, any port): checked below.
        redirect_uris: ['http://localhost/auth/callback'],
        post_logout_redirect_uris: ['http://localhost/'],
      },
      {
        client_id: TRACKING_CLIENT_ID,
        client_secret: trackingClientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        // The only scope this client may ask for (oidc-provider refuses others: invalid_scope).
        scope: TRACKING_INGEST_SCOPE,
      },
      {
        // A post office counter's stand-in: redeems hand-over codes for the labels (modules/handover).
        client_id: HANDOVER_COUNTER_CLIENT_ID,
        client_secret: DEV_HANDOVER_COUNTER_SECRET,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: HANDOVER_REDEEM_SCOPE,
      },
    ],
    // Sessions, grants and interactions survive a restart when the provider has a data folder.
    ...(options.dataDir ? { adapter: fileAdapter(options.dataDir) } : {}),
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: [secrets.cookieKey] },
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    // The shell calls the token endpoint from the portal's origin (localhost or 127.0.0.1, any port).
    clientBasedCORS: (_ctx, origin) => {
      try {
        return isPortalOrigin(new URL(origin), issuer);
      } catch {
        return false;
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    scopes: ['openid', 'email', 'profile', API_SCOPE, TRACKING_INGEST_SCOPE, HANDOVER_REDEEM_SCOPE],
    ttl: {
      AccessToken: 3600,
      ClientCredentials: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        // The same API, one audience; the scope a token may carry for it depends on the client:
        // people's sign-ins get `api`, each machine client its one scope (MACHINE_CLIENT_SCOPES).
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: MACHINE_CLIENT_SCOPES[client.clientId] ?? API_SCOPE,
          audience,
          accessTokenTTL: 3600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, ctx.get('accept-language'));
        },
      },
    },
    // First-party client: consent is implied, every requested scope is granted.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? '');
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.session?.accountId || !oidc.client) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile api');
      grant.addResourceScope(API_RESOURCE, API_SCOPE);
      await grant.save();
      oidc.session.grantIdFor(oidc.client.clientId, grant.jti);
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const user = users.find(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified === true,
          given_name: user.givenName,
          family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`,
        }),
      };
    },
    extraTokenClaims: (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = users.find(token.accountId);
      const entities = ctx.oidc.entities as {
        AuthorizationCode?: { amr?: string[] };
        RefreshToken?: { amr?: string[] };
      };
      const amr = entities.AuthorizationCode?.amr ?? entities.RefreshToken?.amr ?? [];
      return {
        amr,
        identityVerified: amr.some((method) => VERIFIED_METHODS.has(method)),
        ...(user ? { email: user.email, given_name: user.givenName, family_name: user.familyName } : {}),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<section><p class="error">${escapeText(String(out.error_description ?? out.error))}</p></section>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  // The portal runs on localhost or 127.0.0.1 on whatever port: accept its callback paths there.
  const allowedRedirect = (uri: string, pathname: string) => {
    try {
      const url = new URL(uri);
      return isPortalOrigin(url, issuer) && url.pathname === pathname && url.search === '';
    } catch {
      return false;
    }
  };
  const clientPrototype = provider.Client.prototype as unknown as {
    redirectUriAllowed(uri: string): boolean;
    postLogoutRedirectUriAllowed(uri: string): boolean;
  };
  clientPrototype.redirectUriAllowed = (uri) =>
    allowedRedirect(uri, '/auth/callback') || allowedRedirect(uri, '/auth/silent-callback');
  clientPrototype.postLogoutRedirectUriAllowed = (uri) => allowedRedirect(uri, '/');

  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string) {
    const base = `${mountPath}/interaction/${uid}`;
    const send = (body: string, status = 200, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    const visitor = { cookieHeader: req.headers.cookie, acceptLanguage: req.headers['accept-language'] };
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(problemPage('expiredTitle', 'expired', pageLanguageOf(visitor)), 400);
    }
    // The portal's language, as its sign-in asked (ui_locales), else its cookie or the browser's.
    const lang = pageLanguageOf({ ...visitor, uiLocales: details.params.ui_locales });
    if (details.uid !== uid) return send(problemPage('errorTitle', 'unknownSignIn', lang), 400);
    const finish = (user: IdpUser, method: string) =>
      provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.sub, amr: [method], remember: true } },
        { mergeWithLastSubmission: false },
      );

    // Consent is implied for the portal (loadExistingGrant); should the prompt still come, grant it.
    if (details.prompt.name === 'consent' && req.method === 'GET') {
      const grant = new provider.Grant({
        clientId: String(details.params.client_id),
        accountId: details.session?.accountId ?? '',
      });
      grant.addOIDCScope('openid email profile api');
      grant.addResourceScope(API_RESOURCE, API_SCOPE);
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    }

    if (req.method === 'GET') {
      if (step === '') return send(loginPage(base, { lang }));
      if (step === 'register') return send(registerPage(base, { lang }));
      return send(loginPage(base, { lang }), 404);
    }
    const form = await readForm(req);
    switch (step) {
      case 'password': {
        const email = form.get('email') ?? '';
        const account = email.trim().toLowerCase();
        // Too many wrong passwords for this e-mail, from anywhere: refused before any hashing.
        const wait = accounts?.retryAfterSeconds(account) ?? 0;
        if (wait > 0) {
          const error = tryAgainMessage(wait, lang, new Date(now()));
          return send(loginPage(base, { error, lang, email }), 429, { 'retry-after': String(wait) });
        }
        const user = users.byEmail(email);
        let matches = false;
        try {
          matches = user ? await passwordMatches(form.get('password') ?? '', user.passwordHash) : false;
        } catch (error) {
          if (poolFailureOf(error) !== 'busy') throw error;
          return send(loginPage(base, { error: busyMessage(lang), lang, email }), 503, {
            'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
          });
        }
        if (!user || !matches) {
          accounts?.fail(account);
          return send(loginPage(base, { error: wrongPasswordMessage(lang), lang, email }), 401);
        }
        accounts?.succeed(account);
        return finish(user, 'pwd');
      }
      case 'register': {
        const values = Object.fromEntries(
          ['givenName', 'familyName', 'email'].map((name) => [name, (form.get(name) ?? '').trim()]),
        );
        const password = form.get('password') ?? '';
        const error: PageText | null =
          !values.givenName || !values.familyName
            ? 'names'
            : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email ?? '')
              ? 'emailInvalid'
              : password.length < 8
                ? 'passwordShort'
                : users.byEmail(values.email ?? '')
                  ? 'emailTaken'
                  : null;
        if (error) return send(registerPage(base, { error, values, lang }), 422);
        const user = users.add({
          email: values.email ?? '',
          givenName: values.givenName ?? '',
          familyName: values.familyName ?? '',
          personalCode: null,
          passwordHash: await hashPassword(password),
        });
        return finish(user, 'pwd');
      }
      case 'smartid':
      case 'eparaksts': {
        const code = (form.get('personalCode') ?? '').trim();
        const user = users.byPersonalCode(code);
        if (!user) {
          const error = textOf('noPerson', lang);
          return send(loginPage(base, { error, lang, method: signInMethodOf(step) }), 404);
        }
        if (step === 'smartid') {
          const verificationCode = String(randomInt(1000, 10000));
          pending.set(uid, { sub: user.sub, method: 'smartid', code: verificationCode });
          return send(smartIdPage(base, verificationCode, lang));
        }
        pending.set(uid, { sub: user.sub, method: 'eparaksts' });
        return send(eParakstsPage(base, undefined, lang));
      }
      case 'smartid/confirm':
      case 'eparaksts/confirm': {
        const method = step === 'smartid/confirm' ? 'smartid' : 'eparaksts';
        const waiting = pending.get(uid);
        const user = waiting && waiting.method === method ? users.find(waiting.sub) : undefined;
        if (!user) return send(loginPage(base, { error: textOf('startAgain', lang), lang, method }), 400);
        if (method === 'eparaksts' && !/^\d{4,8}$/.test(form.get('pin') ?? '')) {
          return send(eParakstsPage(base, 'pin', lang), 422);
        }
        pending.delete(uid);
        return finish(user, method);
      }
      case 'abort':
        return provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        );
      default:
        return send(loginPage(base, { lang }), 404);
    }
  }

  return {
    provider,
    users,
    handle(req, res) {
      const url = req.url ?? '/';
      const inner = url.slice(mountPath.length) || '/';
      const match = inner.match(/^\/interaction\/([\w-]+)\/?([\w/]*?)\/?(?:\?.*)?$/);
      if (match?.[1]) {
        interaction(req, res, match[1], match[2] ?? '').catch((error: unknown) => {
          console.error('dev-idp interaction failed', error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('Sign-in failed');
        });
        return;
      }
      // oidc-provider finds its mount path by comparing originalUrl with url (as Express mounts do).
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      req.url = inner;
      callback(req, res);
    },
  };
}

/** The issuer's own origin, and localhost / 127.0.0.1 on any port (development only). */
function isPortalOrigin(url: URL, issuer: string): boolean {
  if (url.origin === new URL(issuer).origin) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1'].includes(url.hostname);
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

interface Secrets {
  signingKey: Record<string, unknown>;
  cookieKey: string;
}

/** Signing key and cookie key, kept in `<dataDir>/secrets.json` so tokens survive a restart. */
function loadSecrets(dataDir?: string): Secrets {
  const file = dataDir ? path.join(dataDir, 'secrets.json') : null;
  if (file) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
    } catch {
      // first start
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secrets: Secrets = {
    signingKey: {
      ...privateKey.export({ format: 'jwk' }),
      kid: randomBytes(8).toString('hex'),
      use: 'sig',
      alg: 'RS256',
    },
    cookieKey: randomBytes(32).toString('hex'),
  };
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
