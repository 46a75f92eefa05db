import type { z } from 'zod';
import type { SmsSettings } from '../sms';
import type { StorageSettings } from '../storage';
import { type Settings, settingsSchema } from './settings';

/** The development stand-in of the tracking machine client's secret (infra/dev-idp); anyone can read it. */
export const DEV_TRACKING_CLIENT_SECRET = 'dev-tracking-simulator-secret-not-for-production';
/**
 * The development key of the hand-over codes: fixed (not random per process) so that a code in a
 * development e-mail still scans after a restart; anyone can read it, so production refuses it.
 */
export const DEV_HANDOVER_SECRET = 'dev-handover-secret-not-for-production';
/**
 * The S3 stand-in's published credentials (infra/s3-standin/): anyone can read them, so production
 * refuses them, and with them the stand-in.
 */
export const S3_STANDIN_ACCESS_KEY_ID = 'portal-s3-standin';
export const S3_STANDIN_SECRET_ACCESS_KEY = 'portal-s3-standin-secret-not-for-production';
/**
 * The eBay stand-in's published application keys and token key (infra/ebay-standin/): anyone can
 * read them, so production refuses them.
 */
export const EBAY_STANDIN_CLIENT_ID = 'portal-ebay-standin';
export const EBAY_STANDIN_CLIENT_SECRET = 'portal-ebay-standin-secret-not-for-production';
export const EBAY_STANDIN_RU_NAME = 'Portal-Standin-RuName';
export const EBAY_STANDIN_TOKEN_KEY = '5ca1ab1e'.repeat(8);
/** The shell's client at the development identity provider. */
export const DEV_CLIENT_ID = 'portal-shell';
/** Shortest secret production accepts (HMAC keys: 32 bytes of entropy as hex or base64 are longer). */
export const MIN_SECRET_LENGTH = 32;

/** The configuration of one process, typed; made once at start by `loadConfig`. */
export interface Config {
  /** NODE_ENV=production or PORTAL_ENV=production: every development part is refused. */
  production: boolean;
  /**
   * Whether the production guards apply: production, and every environment other than `local`
   * (staging): development parts, stand-ins, open metrics and webhooks into private networks are
   * refused there too; staging differs only in paying through Stripe's test mode.
   */
  guarded: boolean;
  /** How many API instances the deployment runs at most (REPLICAS): above 1, shared state is required. */
  replicas: number;
  portalEnv: string;
  port: number;
  host: string;
  /**
   * Fastify's trustProxy (TRUST_PROXY): a hop count or the trusted proxies' addresses and blocks;
   * false: the connection's peer is the client (no proxy is believed).
   */
  trustProxy: number | string[] | false;
  logLevel: Settings['LOG_LEVEL'];
  /** Milliseconds a stopping instance keeps serving with readiness 503 before closing (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  database: {
    url?: string;
    pgliteDataDir?: string;
    pgliteVacuumSeconds?: number;
    /** PostgreSQL's pool (DB_POOL_MAX, DB_*_TIMEOUT_MS). */
    pool?: { max: number; connectTimeoutMs: number; idleTimeoutMs: number; statementTimeoutMs: number };
  };
  oidc: {
    /** Issuer whose access tokens the API accepts (the development provider's when unset). */
    issuer: string;
    audience: string;
    discoveryUrl?: string;
    /** What the shell signs in with (`/auth-config.json`). */
    authority: string;
    clientId: string;
  };
  session: { idleSeconds: number; warningSeconds: number };
  /** Mount the development identity provider in the gateway. */
  devIdp: boolean;
  /** The development provider's folder (users, keys, sessions); default `.data/dev-idp` unless the database is in memory. */
  devIdpDataDir?: string;
  remotesFile?: string;
  /** The shell build the gateway serves; default `shell/dist` (another shell build: a shell rollout, the version-skew test). */
  shellDist?: string;
  /**
   * A team's dev loop: a JSON file `{ "<remote>": "<manifest URL>" }` that re-points remotes of the
   * environment's list while `npm run dev` of a remote runs (infra/build/dev.mjs). Development only.
   */
  remoteOverridesFile?: string;
  /** Published remote versions the gateway serves under /releases/ (default `.data/releases`). */
  remoteReleasesDir?: string;
  trackingSimulator: { enabled: boolean; intervalSeconds: number; clientSecret: string };
  /** Undefined: random per process (development only). */
  botCheckSecret?: string;
  payments:
    | { provider: 'sandbox'; sandboxSecret?: string }
    | {
        provider: 'stripe';
        sandboxSecret?: string;
        stripe: { secretKey: string; webhookSecret: string; apiUrl?: string };
      };
  /** The eBay integration (issue 15, modules/ebay). */
  ebay: EbaySettings;
  /** Webhook endpoints' allowed addresses and the receivers' time to answer (WEBHOOK_TARGETS, WEBHOOK_TIMEOUT_MS). */
  webhooks: { targets: 'public' | 'any'; timeoutMs: number; allowed: string[] };
  /** Idempotency keys (modules/idempotency): how long a duplicate waits for the first call (IDEMPOTENCY_WAIT_MS). */
  idempotency: { waitMs: number };
  seedDemoUsers: boolean;
  /** Days a deleted account's paid orders keep their parties' personal data (PERSONAL_DATA_RETENTION_DAYS). */
  personalDataRetentionDays: number;
  /** Scheduled jobs (JOBS, PSEUDONYMISE_INTERVAL_SECONDS): whether this instance runs them, and how often. */
  jobs: { enabled: boolean; pseudonymiseIntervalSeconds: number };
  /** How long the histories that grow with use are kept, and how often they are trimmed (RETENTION_*, *_HISTORY_DAYS). */
  retention: {
    intervalSeconds: number;
    webhookHistoryDays: number;
    jobHistoryDays: number;
    /** API_KEY_USES_DAYS */
    apiKeyUsesDays: number;
    /** NOTIFICATION_HISTORY_DAYS */
    notificationDays: number;
    /** PHONE_CODE_HISTORY_DAYS */
    phoneCodeDays: number;
    /** TRACKING_EVENTS_RETENTION_DAYS */
    trackingEventsDays: number;
    /** TRACKING_PARTITIONS_AHEAD: months */
    trackingPartitionsAhead: number;
    /** AUDIT_ARCHIVE_AFTER_DAYS: moved to the archive table after it, never deleted. */
    auditArchiveAfterDays: number;
  };
  /** Worker threads writing PDF and XLSX files (DOCUMENT_WORKERS; 0 = in the request's thread). */
  documentWorkers: number;
  tariffFile?: string;
  /** Whether products priced on indicative figures can be ordered (INDICATIVE_PRICES). */
  indicativePrices: 'allow' | 'refuse';
  portalUrl: string;
  /** Where uploaded files go (FILE_STORAGE, UPLOADS_DIR, S3_*). */
  storage: StorageSettings;
  mail: { smtpUrl?: string; dir?: string; from?: string; nodeEnv: string };
  /** Where text messages go (SMS_PROVIDER): the development outbox folder or Twilio. */
  sms: SmsSettings;
  /** HMAC key of stored phone verification codes; undefined: random per process (development only). */
  phoneCodeSecret?: string;
  /** Hand-over codes of paid orders (modules/handover): their HMAC key and how many days they are valid. */
  handover: { secret: string; validDays: number };
  /** Null: only the bundled country outlines. */
  mapTiles: { url: string; attribution: string } | null;
  /** Origins other than the portal's own that may call the public API (the embeds). */
  corsOrigins: string[];
  /** Origins the pages may load remotes from besides those of remotes.json (REMOTE_ORIGINS). */
  remoteOrigins: string[];
  /**
   * Prometheus metrics at GET /metrics (api/src/http/metrics.ts); a scraper sends the token when
   * set. Production serves them only with a token: metrics name routes and volumes.
   */
  metrics: { enabled: boolean; token?: string };
  /** Answers checked against their routes' documented schemas (CHECK_ANSWERS; off in production by default). */
  checkAnswers: boolean;
  /** OpenTelemetry traces (http/tracing.ts): the OTLP/HTTP collector, or null for none. */
  tracing: { endpoint: string; serviceName: string } | null;
  rateLimit: {
    enabled: boolean;
    redisUrl?: string;
    /** Redis's time limit to connect and to answer a command (REDIS_TIMEOUT_MS). */
    redisTimeoutMs: number;
    windowSeconds: number;
    /** Per IP and per account within the window. */
    signIn: number;
    expensive: number;
    writes: number;
    /** Anonymous shipment lookups per IP (RATE_LIMIT_TRACKING): numbers cannot be walked. */
    tracking: number;
    /** Calls per company API key within the window, whatever the route (RATE_LIMIT_API_KEY). */
    apiKey: number;
    /** Bot-check challenges per IP at the normal work before it rises (BOT_CHECK_FREE_CHALLENGES). */
    botCheckFreeChallenges: number;
  };
}

export interface EbaySettings {
  /** Production without EBAY_CLIENT_ID: the integration answers that eBay is unavailable. */
  enabled: boolean;
  /**
   * eBay's hosts; null in development without EBAY_API_URL: the gateway starts the stand-in beside
   * the portal and fills them in (infra/gateway/start.ts).
   */
  apiUrl: string | null;
  authUrl: string | null;
  /** The Identity API's host (getUser); null: the API host (the stand-in serves both). */
  identityUrl: string | null;
  clientId: string;
  clientSecret: string;
  ruName: string;
  /** Where eBay sends the seller back (EBAY_ACCEPT_URL, else the portal's own page); the stand-in uses it. */
  acceptUrl: string;
  /** The 32-byte key sealing tokens at rest. */
  tokenKey: Buffer;
  carrierCode: string;
  timeoutMs: number;
  syncIntervalSeconds: number;
  /** Development: the stand-in's port when the gateway starts it (0: any free port). */
  standInPort: number;
  /** Account deletion notices: unset, the endpoint answers 404 (not subscribed). */
  verificationToken?: string;
  deletionEndpoint?: string;
}

/** A setting that is missing, malformed or refused; the message names each one. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads and checks every setting (settings.ts). In production (NODE_ENV or PORTAL_ENV
 * `production`) the development identity provider, the sandbox payment provider, the development
 * tracking client, the demo users and every development or per-process random secret are refused,
 * each with a message that names its setting. Throws ConfigError listing every problem at once.
 */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable means unset (`FOO= npm start`), as shells and container files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map(describeIssue));
  const settings = parsed.data;
  const production = settings.NODE_ENV === 'production' || settings.PORTAL_ENV === 'production';
  // Staging (any environment but local) runs with production's guards (issue 35).
  const guarded = production || settings.PORTAL_ENV !== 'local';
  const problems = [
    ...settingProblems(settings),
    ...(guarded ? productionRefusals(settings, production) : []),
    ...replicaProblems(settings),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(settings, production, guarded);
}

/**
 * `loadConfig` for a serving process's entry point: a missing, malformed or refused setting is
 * printed (each names its setting) and the process ends with status 1 instead of a stack trace.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Only the database settings (DATABASE_URL, PGLITE_DATA_DIR): what the command-line scripts and
 * `openDatabase` need, without the checks of a serving process.
 */
export function loadDatabaseSettings(env: Env = process.env): Config['database'] {
  const parsed = settingsSchema
    .pick({ DATABASE_URL: true, PGLITE_DATA_DIR: true })
    .safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map(describeIssue));
  return { url: parsed.data.DATABASE_URL, pgliteDataDir: parsed.data.PGLITE_DATA_DIR };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.join('.')}: ${issue.message}`;
}

/** EBAY_TOKEN_KEY as 32 bytes (64 hex digits, or base64 of 32 bytes), or null. */
export function ebayTokenKeyOf(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? bytes : null;
}

/** Settings that only make sense together, in every environment. */
function settingProblems(settings: Settings): string[] {
  const problems: string[] = [];
  if (settings.EBAY_TOKEN_KEY && !ebayTokenKeyOf(settings.EBAY_TOKEN_KEY)) {
    problems.push('EBAY_TOKEN_KEY: 32 random bytes as 64 hex digits or base64');
  }
  if (settings.EBAY_CLIENT_ID && (!settings.EBAY_CLIENT_SECRET || !settings.EBAY_RU_NAME)) {
    problems.push('EBAY_CLIENT_SECRET, EBAY_RU_NAME: set both with EBAY_CLIENT_ID');
  }
  if (settings.EBAY_VERIFICATION_TOKEN && !settings.EBAY_DELETION_ENDPOINT) {
    problems.push('EBAY_DELETION_ENDPOINT: set the public URL eBay sends account deletion notices to');
  }
  if (settings.PAYMENT_PROVIDER === 'stripe') {
    if (!settings.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: set the Stripe secret key (PAYMENT_PROVIDER=stripe)');
    if (!settings.STRIPE_WEBHOOK_SECRET) {
      problems.push("STRIPE_WEBHOOK_SECRET: set the webhook endpoint's signing secret (PAYMENT_PROVIDER=stripe)");
    }
  }
  if (settings.FILE_STORAGE === 's3') {
    if (!settings.S3_BUCKET) problems.push('S3_BUCKET: set the bucket that keeps uploaded files (FILE_STORAGE=s3)');
    if (!settings.S3_ACCESS_KEY_ID !== !settings.S3_SECRET_ACCESS_KEY) {
      problems.push(
        "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK's own credentials (AWS_* variables, a role)",
      );
    }
  }
  if (settings.SMS_PROVIDER === 'twilio') {
    if (!settings.TWILIO_ACCOUNT_SID)
      problems.push('TWILIO_ACCOUNT_SID: set the Twilio account SID (SMS_PROVIDER=twilio)');
    if (!settings.TWILIO_AUTH_TOKEN)
      problems.push('TWILIO_AUTH_TOKEN: set the Twilio auth token (SMS_PROVIDER=twilio)');
    if (!settings.TWILIO_FROM && !settings.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push('TWILIO_FROM: set the sender number or ID, or TWILIO_MESSAGING_SERVICE_SID (SMS_PROVIDER=twilio)');
    }
  }
  return problems;
}

/** A URL whose host is this machine: the S3 stand-in's address, never production storage. */
function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * Several instances (REPLICAS above 1) share what one instance could keep to itself: rate-limit
 * counters in Redis and uploaded files in object storage (a file on one pod's disk is missing on the others).
 */
function replicaProblems(settings: Settings): string[] {
  if (settings.REPLICAS <= 1) return [];
  const problems: string[] = [];
  if (!settings.REDIS_URL) {
    problems.push(
      `REDIS_URL: ${settings.REPLICAS} replicas share their rate-limit counters in Redis; set it (or REPLICAS=1)`,
    );
  }
  if (settings.FILE_STORAGE === 'local') {
    problems.push(
      `FILE_STORAGE: ${settings.REPLICAS} replicas cannot share uploads on a local folder; set s3 (or REPLICAS=1)`,
    );
  }
  return problems;
}

/** A Stripe key that moves no real money or is not a full secret key: test mode, restricted or publishable. */
function isRefusedStripeKey(key: string): boolean {
  return !key.startsWith('sk_live_');
}

/**
 * The production guards, for production and staging (`production` false): what only production
 * refuses besides is Stripe's test mode.
 */
function productionRefusals(settings: Settings, production: boolean): string[] {
  const problems: string[] = [];
  const refuse = (setting: string, why: string) => problems.push(`${setting}: ${why}`);
  if (!settings.DATABASE_URL) {
    refuse('DATABASE_URL', "set the operator's PostgreSQL (the embedded PGlite is for one machine in development)");
  }
  if (!settings.SMTP_URL) {
    refuse('SMTP_URL', "set the mail server: without it customers' e-mails are written to files nobody reads");
  }
  if (!settings.PORTAL_URL) {
    refuse('PORTAL_URL', "set the portal's public https URL: links in e-mails and payment returns lead there");
  } else if (!settings.PORTAL_URL.startsWith('https://')) {
    refuse('PORTAL_URL', "the portal's public URL must be https");
  }
  if (settings.OIDC_ISSUER && !settings.OIDC_ISSUER.startsWith('https://')) {
    refuse('OIDC_ISSUER', 'the identity provider is reached over https only');
  }
  if (!settings.OIDC_ISSUER) {
    refuse(
      'OIDC_ISSUER',
      "production signs in through the operator's OpenID Connect provider; set its issuer (the development identity provider is refused)",
    );
  }
  if (settings.DEV_IDP === 'on') refuse('DEV_IDP', 'the development identity provider is refused in production');
  if (!settings.OIDC_CLIENT_ID || settings.OIDC_CLIENT_ID === DEV_CLIENT_ID) {
    refuse(
      'OIDC_CLIENT_ID',
      `set the portal's client id at the identity provider (the development "${DEV_CLIENT_ID}" is refused)`,
    );
  }
  if (settings.TRACKING_SIMULATOR === 'on') {
    refuse('TRACKING_SIMULATOR', 'the development tracking client is refused in production');
  }
  if (settings.TRACKING_CLIENT_SECRET === DEV_TRACKING_CLIENT_SECRET) {
    refuse('TRACKING_CLIENT_SECRET', 'the development tracking client secret is refused in production');
  }
  if (settings.SEED_DEMO_USERS === 'true') refuse('SEED_DEMO_USERS', 'the demo users are refused in production');
  if (settings.REMOTE_OVERRIDES_FILE) {
    refuse(
      'REMOTE_OVERRIDES_FILE',
      "remotes are re-pointed in the environment's remotes.json in production, never by a developer's file",
    );
  }
  if (settings.STRIPE_API_URL) {
    refuse('STRIPE_API_URL', "production pays through Stripe's own API (the local stand-in is refused)");
  }
  if (production && settings.STRIPE_SECRET_KEY && isRefusedStripeKey(settings.STRIPE_SECRET_KEY)) {
    refuse(
      'STRIPE_SECRET_KEY',
      'use the live secret key (sk_live_…): test-mode (…_test_…), restricted (rk_…) and publishable (pk_…) keys are refused in production',
    );
  }
  if (settings.FILE_STORAGE === 's3') {
    if (settings.S3_ACCESS_KEY_ID === S3_STANDIN_ACCESS_KEY_ID) {
      refuse('S3_ACCESS_KEY_ID', "the S3 stand-in's published credentials are refused in production");
    }
    if (settings.S3_ENDPOINT && isLoopbackUrl(settings.S3_ENDPOINT)) {
      refuse(
        'S3_ENDPOINT',
        "production keeps uploads in the operator's object storage, not on this machine (the local S3 stand-in is refused)",
      );
    }
  }
  if (settings.PAYMENT_PROVIDER === 'sandbox') {
    refuse(
      'PAYMENT_PROVIDER',
      'the sandbox payment provider marks orders paid for no money and is refused in production',
    );
  }
  if (settings.SMS_PROVIDER === 'outbox') {
    refuse(
      'SMS_PROVIDER',
      'the development SMS outbox sends no text messages and is refused in production; set twilio',
    );
  }
  if (settings.SMS_OUTBOX_DIR) refuse('SMS_OUTBOX_DIR', 'the development SMS outbox is refused in production');
  if (settings.TWILIO_API_URL && !settings.TWILIO_API_URL.startsWith('https://')) {
    refuse('TWILIO_API_URL', "production reaches Twilio's API over https only");
  }
  problems.push(...ebayRefusals(settings));
  if (settings.WEBHOOK_TARGETS === 'any') {
    refuse(
      'WEBHOOK_TARGETS',
      'production sends webhooks to public https addresses only (any lets a company reach the internal network)',
    );
  }
  const secret = (setting: 'BOT_CHECK_SECRET' | 'PHONE_CODE_SECRET' | 'HANDOVER_SECRET', value: string | undefined) => {
    if (!value)
      refuse(setting, 'set a secret shared by every API instance (a random one per process is refused in production)');
    else if (value.length < MIN_SECRET_LENGTH || /dev|demo|test|secret|change/i.test(value)) {
      refuse(
        setting,
        `use a random secret of at least ${MIN_SECRET_LENGTH} characters (a development value is refused)`,
      );
    }
  };
  secret('BOT_CHECK_SECRET', settings.BOT_CHECK_SECRET);
  secret('PHONE_CODE_SECRET', settings.PHONE_CODE_SECRET);
  secret('HANDOVER_SECRET', settings.HANDOVER_SECRET);
  return problems;
}

/** Production: eBay itself, the portal's own keys, a strong token key (when the integration is on). */
function ebayRefusals(settings: Settings): string[] {
  const problems: string[] = [];
  for (const setting of ['EBAY_API_URL', 'EBAY_AUTH_URL', 'EBAY_IDENTITY_URL'] as const) {
    const value = settings[setting];
    if (value && (isLoopbackUrl(value) || !value.startsWith('https://'))) {
      problems.push(`${setting}: production reaches eBay over https, never the local stand-in`);
    }
  }
  if (!settings.EBAY_CLIENT_ID) return problems;
  if (
    settings.EBAY_CLIENT_ID === EBAY_STANDIN_CLIENT_ID ||
    settings.EBAY_CLIENT_SECRET === EBAY_STANDIN_CLIENT_SECRET
  ) {
    problems.push("EBAY_CLIENT_ID: the eBay stand-in's published keys are refused in production");
  }
  const key = settings.EBAY_TOKEN_KEY;
  if (!key) problems.push('EBAY_TOKEN_KEY: set the key that seals eBay tokens at rest (32 random bytes)');
  else if (key === EBAY_STANDIN_TOKEN_KEY || new Set(key).size < 12) {
    problems.push('EBAY_TOKEN_KEY: a published or weak key is refused in production; use 32 random bytes');
  }
  return problems;
}

function ebaySettingsOf(settings: Settings, production: boolean, portalUrl: string): EbaySettings {
  const standIn = !production && !settings.EBAY_API_URL;
  return {
    enabled: !production || settings.EBAY_CLIENT_ID !== undefined,
    apiUrl: settings.EBAY_API_URL ?? (production ? 'https://api.ebay.com' : null),
    authUrl:
      settings.EBAY_AUTH_URL ??
      (production ? 'https://auth.ebay.com' : standIn ? null : (settings.EBAY_API_URL ?? null)),
    identityUrl: settings.EBAY_IDENTITY_URL ?? (production ? 'https://apiz.ebay.com' : null),
    clientId: settings.EBAY_CLIENT_ID ?? EBAY_STANDIN_CLIENT_ID,
    clientSecret: settings.EBAY_CLIENT_SECRET ?? EBAY_STANDIN_CLIENT_SECRET,
    ruName: settings.EBAY_RU_NAME ?? EBAY_STANDIN_RU_NAME,
    acceptUrl: settings.EBAY_ACCEPT_URL ?? `${portalUrl.replace(/\/$/, '')}/user/ebay/accounts/accepted`,
    tokenKey: ebayTokenKeyOf(settings.EBAY_TOKEN_KEY ?? EBAY_STANDIN_TOKEN_KEY) ?? Buffer.alloc(32),
    carrierCode: settings.EBAY_CARRIER_CODE,
    timeoutMs: settings.EBAY_TIMEOUT_MS,
    syncIntervalSeconds: settings.EBAY_SYNC_INTERVAL_SECONDS,
    standInPort: settings.EBAY_STANDIN_PORT,
    ...(settings.EBAY_VERIFICATION_TOKEN ? { verificationToken: settings.EBAY_VERIFICATION_TOKEN } : {}),
    ...(settings.EBAY_DELETION_ENDPOINT ? { deletionEndpoint: settings.EBAY_DELETION_ENDPOINT } : {}),
  };
}

/**
 * INDICATIVE_PRICES: unset, `refuse` in production (a customer must not pay a figure the operator
 * never published) and `allow` elsewhere (a development or demonstration install orders everything).
 */
export function resolveIndicativePrices(
  setting: Settings['INDICATIVE_PRICES'],
  production: boolean,
): 'allow' | 'refuse' {
  return setting ?? (production ? 'refuse' : 'allow');
}

function toConfig(settings: Settings, production: boolean, guarded: boolean): Config {
  const devIdp = !guarded && settings.DEV_IDP !== 'off' && !settings.OIDC_ISSUER;
  const issuer = settings.OIDC_ISSUER ?? `http://127.0.0.1:${settings.PORT}/idp`;
  // The portal as a browser reaches it: on another PORT, links and returns follow it.
  const portalUrl = settings.PORTAL_URL ?? `http://127.0.0.1:${settings.PORT}`;
  return {
    production,
    guarded,
    replicas: settings.REPLICAS,
    portalEnv: settings.PORTAL_ENV,
    port: settings.PORT,
    host: settings.HOST,
    trustProxy: settings.TRUST_PROXY ?? false,
    logLevel: settings.LOG_LEVEL,
    shutdownDrainMs: settings.SHUTDOWN_DRAIN_MS ?? (guarded ? 10_000 : 0),
    database: {
      url: settings.DATABASE_URL,
      pgliteDataDir: settings.PGLITE_DATA_DIR,
      pgliteVacuumSeconds: settings.PGLITE_VACUUM_SECONDS,
      pool: {
        max: settings.DB_POOL_MAX,
        connectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
        idleTimeoutMs: settings.DB_IDLE_TIMEOUT_MS,
        statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
      },
    },
    oidc: {
      issuer,
      audience: settings.OIDC_AUDIENCE,
      discoveryUrl: settings.OIDC_DISCOVERY_URL,
      authority: settings.OIDC_AUTHORITY ?? (devIdp ? '/idp' : issuer),
      clientId: settings.OIDC_CLIENT_ID ?? DEV_CLIENT_ID,
    },
    session: { idleSeconds: settings.SESSION_IDLE_SECONDS, warningSeconds: settings.SESSION_WARNING_SECONDS },
    devIdp,
    devIdpDataDir: settings.DEV_IDP_DATA_DIR,
    remotesFile: settings.REMOTES_FILE,
    shellDist: settings.SHELL_DIST,
    remoteOverridesFile: guarded ? undefined : settings.REMOTE_OVERRIDES_FILE,
    remoteReleasesDir: settings.REMOTE_RELEASES_DIR,
    trackingSimulator: {
      enabled: devIdp && settings.TRACKING_SIMULATOR !== 'off',
      intervalSeconds: settings.TRACKING_SIMULATOR_INTERVAL_SECONDS,
      clientSecret: settings.TRACKING_CLIENT_SECRET ?? DEV_TRACKING_CLIENT_SECRET,
    },
    botCheckSecret: settings.BOT_CHECK_SECRET,
    personalDataRetentionDays: settings.PERSONAL_DATA_RETENTION_DAYS,
    documentWorkers: settings.DOCUMENT_WORKERS,
    jobs: { enabled: settings.JOBS === 'on', pseudonymiseIntervalSeconds: settings.PSEUDONYMISE_INTERVAL_SECONDS },
    retention: {
      intervalSeconds: settings.RETENTION_INTERVAL_SECONDS,
      webhookHistoryDays: settings.WEBHOOK_HISTORY_DAYS,
      jobHistoryDays: settings.JOB_HISTORY_DAYS,
      apiKeyUsesDays: settings.API_KEY_USES_DAYS,
      notificationDays: settings.NOTIFICATION_HISTORY_DAYS,
      phoneCodeDays: settings.PHONE_CODE_HISTORY_DAYS,
      trackingEventsDays: settings.TRACKING_EVENTS_RETENTION_DAYS,
      trackingPartitionsAhead: settings.TRACKING_PARTITIONS_AHEAD,
      auditArchiveAfterDays: settings.AUDIT_ARCHIVE_AFTER_DAYS,
    },
    payments:
      settings.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            sandboxSecret: settings.PAYMENT_SANDBOX_SECRET,
            stripe: {
              // settingProblems made sure both are set.
              secretKey: settings.STRIPE_SECRET_KEY ?? '',
              webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? '',
              ...(settings.STRIPE_API_URL ? { apiUrl: settings.STRIPE_API_URL } : {}),
            },
          }
        : { provider: 'sandbox', sandboxSecret: settings.PAYMENT_SANDBOX_SECRET },
    ebay: ebaySettingsOf(settings, guarded, portalUrl),
    webhooks: {
      targets: settings.WEBHOOK_TARGETS ?? (guarded ? 'public' : 'any'),
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      allowed: settings.WEBHOOK_ALLOWED_NETWORKS ?? [],
    },
    idempotency: { waitMs: settings.IDEMPOTENCY_WAIT_MS },
    seedDemoUsers: !guarded && settings.SEED_DEMO_USERS !== 'false',
    tariffFile: settings.TARIFF_FILE,
    indicativePrices: resolveIndicativePrices(settings.INDICATIVE_PRICES, guarded),
    portalUrl,
    storage:
      settings.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            // settingProblems made sure the bucket is set.
            bucket: settings.S3_BUCKET ?? '',
            region: settings.S3_REGION,
            ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
            ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
              ? {
                  credentials: {
                    accessKeyId: settings.S3_ACCESS_KEY_ID,
                    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
                  },
                }
              : {}),
            forcePathStyle: (settings.S3_FORCE_PATH_STYLE ?? (settings.S3_ENDPOINT ? 'true' : 'false')) === 'true',
          }
        : { kind: 'local', dir: settings.UPLOADS_DIR, nodeEnv: settings.NODE_ENV },
    mail: { smtpUrl: settings.SMTP_URL, dir: settings.MAIL_DIR, from: settings.MAIL_FROM, nodeEnv: settings.NODE_ENV },
    sms:
      settings.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            twilio: {
              // settingProblems made sure these are set.
              accountSid: settings.TWILIO_ACCOUNT_SID ?? '',
              authToken: settings.TWILIO_AUTH_TOKEN ?? '',
              ...(settings.TWILIO_API_KEY_SID ? { apiKeySid: settings.TWILIO_API_KEY_SID } : {}),
              ...(settings.TWILIO_FROM ? { from: settings.TWILIO_FROM } : {}),
              ...(settings.TWILIO_MESSAGING_SERVICE_SID
                ? { messagingServiceSid: settings.TWILIO_MESSAGING_SERVICE_SID }
                : {}),
              ...(settings.TWILIO_API_URL ? { apiUrl: settings.TWILIO_API_URL } : {}),
            },
          }
        : { provider: 'outbox', outboxDir: settings.SMS_OUTBOX_DIR, nodeEnv: settings.NODE_ENV },
    phoneCodeSecret: settings.PHONE_CODE_SECRET,
    handover: {
      secret: settings.HANDOVER_SECRET ?? DEV_HANDOVER_SECRET,
      validDays: settings.HANDOVER_VALID_DAYS,
    },
    mapTiles:
      settings.MAP_TILE_URL === 'none' || settings.MAP_TILE_URL === ''
        ? null
        : { url: settings.MAP_TILE_URL, attribution: settings.MAP_TILE_ATTRIBUTION },
    corsOrigins: settings.CORS_ORIGINS ?? [],
    remoteOrigins: (settings.REMOTE_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    metrics: {
      enabled: settings.METRICS === 'on' && (!guarded || settings.METRICS_TOKEN !== undefined),
      token: settings.METRICS_TOKEN,
    },
    checkAnswers: settings.CHECK_ANSWERS === undefined ? !production : settings.CHECK_ANSWERS === 'on',
    tracing: settings.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''), serviceName: settings.OTEL_SERVICE_NAME }
      : null,
    rateLimit: {
      enabled: settings.RATE_LIMIT === 'on',
      redisUrl: settings.REDIS_URL,
      redisTimeoutMs: settings.REDIS_TIMEOUT_MS,
      windowSeconds: settings.RATE_LIMIT_WINDOW_SECONDS,
      signIn: settings.RATE_LIMIT_SIGN_IN,
      expensive: settings.RATE_LIMIT_EXPENSIVE,
      writes: settings.RATE_LIMIT_WRITES,
      tracking: settings.RATE_LIMIT_TRACKING,
      apiKey: settings.RATE_LIMIT_API_KEY,
      botCheckFreeChallenges: settings.BOT_CHECK_FREE_CHALLENGES,
    },
  };
}
