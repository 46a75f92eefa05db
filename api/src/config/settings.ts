import { z } from 'zod';

/**
 * Every setting the API and the gateway read from the environment (README "Settings"), validated
 * once at start by `loadConfig`. Values are strings in the environment; each is parsed to its type
 * here, with its development default. Settings whose default depends on production (the
 * development parts) are optional here and resolved in config.ts.
 */
const port = z.coerce.number().int().min(0).max(65_535);
const positiveSeconds = z.coerce
  .number()
  .int()
  .min(1)
  .max(86_400 * 7);
const onOff = z.enum(['on', 'off']);
const trueFalse = z.enum(['true', 'false']);
const text = z.string().min(1);
const url = z.url();
const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));
const positiveCount = z.coerce.number().int().min(1).max(1_000_000_000);

export const settingsSchema = z.object({
  /** `production` (or PORTAL_ENV=production) refuses every development part. */
  NODE_ENV: z.string().default('development'),
  /** The environment's remote list (infra/environments/<env>/remotes.json); `production` also means production. */
  PORTAL_ENV: text.default('local'),
  PORT: port.default(8080),
  HOST: text.default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: text.optional(),
  PGLITE_DATA_DIR: text.optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_AUDIENCE: text.default('portal-api'),
  OIDC_DISCOVERY_URL: url.optional(),
  OIDC_AUTHORITY: text.optional(),
  OIDC_CLIENT_ID: text.optional(),
  SESSION_IDLE_SECONDS: positiveSeconds.default(3600),
  SESSION_WARNING_SECONDS: positiveSeconds.default(60),
  DEV_IDP: onOff.optional(),
  REMOTES_FILE: text.optional(),
  TRACKING_SIMULATOR: onOff.optional(),
  TRACKING_SIMULATOR_INTERVAL_SECONDS: positiveSeconds.default(30),
  TRACKING_CLIENT_SECRET: text.optional(),
  BOT_CHECK_SECRET: text.optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  PAYMENT_SANDBOX_SECRET: text.optional(),
  SEED_DEMO_USERS: trueFalse.optional(),
  TARIFF_FILE: text.optional(),
  /** `refuse`: products priced on indicative figures cannot be ordered (default in production). */
  INDICATIVE_PRICES: z.enum(['allow', 'refuse']).optional(),
  PORTAL_URL: url.default('http://127.0.0.1:8080'),
  SMTP_URL: text.optional(),
  MAIL_DIR: text.optional(),
  MAIL_FROM: text.optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  CORS_ORIGINS: commaList.optional(),
  /** Origins allowed to serve remotes besides those remotes.json names (a remote staged elsewhere). */
  REMOTE_ORIGINS: commaList.optional(),
  REDIS_URL: url.optional(),
  RATE_LIMIT: onOff.default('on'),
  RATE_LIMIT_WINDOW_SECONDS: positiveSeconds.default(60),
  RATE_LIMIT_SIGN_IN: positiveCount.default(30),
  RATE_LIMIT_EXPENSIVE: positiveCount.default(120),
  RATE_LIMIT_WRITES: positiveCount.default(600),
});

export type Settings = z.output<typeof settingsSchema>;
