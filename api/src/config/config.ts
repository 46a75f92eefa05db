import type { z } from 'zod';
import { type Settings, settingsSchema } from './settings';

/** The development stand-in of the tracking machine client's secret (infra/dev-idp); anyone can read it. */
export const DEV_TRACKING_CLIENT_SECRET = 'dev-tracking-simulator-secret-not-for-production';
/** The shell's client at the development identity provider. */
export const DEV_CLIENT_ID = 'portal-shell';
/** Shortest secret production accepts (HMAC keys: 32 bytes of entropy as hex or base64 are longer). */
export const MIN_SECRET_LENGTH = 32;

/** The configuration of one process, typed; made once at start by `loadConfig`. */
export interface Config {
  /** NODE_ENV=production or PORTAL_ENV=production: every development part is refused. */
  production: boolean;
  portalEnv: string;
  port: number;
  host: string;
  logLevel: Settings['LOG_LEVEL'];
  database: { url?: string; pgliteDataDir?: string };
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
  remotesFile?: string;
  trackingSimulator: { enabled: boolean; intervalSeconds: number; clientSecret: string };
  /** Undefined: random per process (development only). */
  botCheckSecret?: string;
  payments: { provider: 'sandbox'; sandboxSecret?: string };
  seedDemoUsers: boolean;
  tariffFile?: string;
  /** Whether products priced on indicative figures can be ordered (INDICATIVE_PRICES). */
  indicativePrices: 'allow' | 'refuse';
  portalUrl: string;
  mail: { smtpUrl?: string; dir?: string; from?: string; nodeEnv: string };
  /** Null: only the bundled country outlines. */
  mapTiles: { url: string; attribution: string } | null;
  /** Origins other than the portal's own that may call the public API (the embeds). */
  corsOrigins: string[];
  /** Origins the pages may load remotes from besides those of remotes.json (REMOTE_ORIGINS). */
  remoteOrigins: string[];
  rateLimit: {
    enabled: boolean;
    redisUrl?: string;
    windowSeconds: number;
    /** Per IP and per account within the window. */
    signIn: number;
    expensive: number;
    writes: number;
  };
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
  const problems = production ? productionRefusals(settings) : [];
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(settings, production);
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

function productionRefusals(settings: Settings): string[] {
  const problems: string[] = [];
  const refuse = (setting: string, why: string) => problems.push(`${setting}: ${why}`);
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
  if (settings.PAYMENT_PROVIDER === 'sandbox') {
    refuse(
      'PAYMENT_PROVIDER',
      'the sandbox payment provider marks orders paid for no money and is refused in production',
    );
  }
  const secret = (setting: 'BOT_CHECK_SECRET', value: string | undefined) => {
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
  return problems;
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

function toConfig(settings: Settings, production: boolean): Config {
  const devIdp = !production && settings.DEV_IDP !== 'off' && !settings.OIDC_ISSUER;
  const issuer = settings.OIDC_ISSUER ?? `http://127.0.0.1:${settings.PORT}/idp`;
  return {
    production,
    portalEnv: settings.PORTAL_ENV,
    port: settings.PORT,
    host: settings.HOST,
    logLevel: settings.LOG_LEVEL,
    database: { url: settings.DATABASE_URL, pgliteDataDir: settings.PGLITE_DATA_DIR },
    oidc: {
      issuer,
      audience: settings.OIDC_AUDIENCE,
      discoveryUrl: settings.OIDC_DISCOVERY_URL,
      authority: settings.OIDC_AUTHORITY ?? (devIdp ? '/idp' : issuer),
      clientId: settings.OIDC_CLIENT_ID ?? DEV_CLIENT_ID,
    },
    session: { idleSeconds: settings.SESSION_IDLE_SECONDS, warningSeconds: settings.SESSION_WARNING_SECONDS },
    devIdp,
    remotesFile: settings.REMOTES_FILE,
    trackingSimulator: {
      enabled: devIdp && settings.TRACKING_SIMULATOR !== 'off',
      intervalSeconds: settings.TRACKING_SIMULATOR_INTERVAL_SECONDS,
      clientSecret: settings.TRACKING_CLIENT_SECRET ?? DEV_TRACKING_CLIENT_SECRET,
    },
    botCheckSecret: settings.BOT_CHECK_SECRET,
    payments: { provider: settings.PAYMENT_PROVIDER, sandboxSecret: settings.PAYMENT_SANDBOX_SECRET },
    seedDemoUsers: !production && settings.SEED_DEMO_USERS !== 'false',
    tariffFile: settings.TARIFF_FILE,
    indicativePrices: resolveIndicativePrices(settings.INDICATIVE_PRICES, production),
    portalUrl: settings.PORTAL_URL,
    mail: { smtpUrl: settings.SMTP_URL, dir: settings.MAIL_DIR, from: settings.MAIL_FROM, nodeEnv: settings.NODE_ENV },
    mapTiles:
      settings.MAP_TILE_URL === 'none' || settings.MAP_TILE_URL === ''
        ? null
        : { url: settings.MAP_TILE_URL, attribution: settings.MAP_TILE_ATTRIBUTION },
    corsOrigins: settings.CORS_ORIGINS ?? [],
    remoteOrigins: (settings.REMOTE_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    rateLimit: {
      enabled: settings.RATE_LIMIT === 'on',
      redisUrl: settings.REDIS_URL,
      windowSeconds: settings.RATE_LIMIT_WINDOW_SECONDS,
      signIn: settings.RATE_LIMIT_SIGN_IN,
      expensive: settings.RATE_LIMIT_EXPENSIVE,
      writes: settings.RATE_LIMIT_WRITES,
    },
  };
}
