import ipaddr from 'ipaddr.js';
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

/** The names proxy-addr (Fastify's trustProxy) gives to ranges, besides addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An IPv4 address or block in four-part decimal, an IPv6 one, or a range name. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  if (value.includes('/')) return ipaddr.IPv4.isValidCIDRFourPartDecimal(value) || ipaddr.IPv6.isValidCIDR(value);
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}
/**
 * TRUST_PROXY: how many proxies stand between the clients and the API (a hop count: the
 * X-Forwarded-For entry that many from the right is the client), or the addresses and CIDR blocks
 * of the proxies trusted to tell the client's address. `true` (trust every sender, so that any
 * client could choose its own address) is refused.
 */
const trustProxy = z.string().transform((value, context): number | string[] => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops <= 16) return hops;
  }
  const items = trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (items.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `a hop count (0-16) or a comma-separated list of proxy addresses or CIDR blocks${bad.length ? ` (not an address or block: ${bad.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return items;
});

export const settingsSchema = z.object({
  /** `production` (or PORTAL_ENV=production) refuses every development part. */
  NODE_ENV: z.string().default('development'),
  /** The environment's remote list (infra/environments/<env>/remotes.json); `production` also means production. */
  PORTAL_ENV: text.default('local'),
  PORT: port.default(8080),
  HOST: text.default('127.0.0.1'),
  /**
   * Which proxies in front of the API may tell the client's address (X-Forwarded-For): a hop count
   * or a list of addresses and CIDR blocks (Fastify's trustProxy). Unset: none; the client is the
   * connection's peer, and a client's own X-Forwarded-For is ignored.
   */
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The drain on SIGTERM, in milliseconds: readiness answers 503 at once while the server keeps
   * accepting and answering new connections this long (the load balancer's time to stop routing to
   * the instance: the Deployment's preStop sleep), then it closes and in-flight requests finish.
   * Unset: 10 000 in production and staging, 0 in development (Ctrl-C stops at once). A second
   * signal ends the drain.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  DATABASE_URL: text.optional(),
  PGLITE_DATA_DIR: text.optional(),
  /** PostgreSQL: connections of this instance's pool (pods × DB_POOL_MAX + the release Job ≤ the server's max_connections). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: how long getting a new connection may take before the request fails (503). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** PostgreSQL: how long an idle connection stays open. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  /** PostgreSQL: the server cancels a statement running longer (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PGLITE_VACUUM_SECONDS: positiveSeconds.default(60),
  OIDC_ISSUER: url.optional(),
  OIDC_AUDIENCE: text.default('portal-api'),
  OIDC_DISCOVERY_URL: url.optional(),
  OIDC_AUTHORITY: text.optional(),
  OIDC_CLIENT_ID: text.optional(),
  SESSION_IDLE_SECONDS: positiveSeconds.default(3600),
  SESSION_WARNING_SECONDS: positiveSeconds.default(60),
  DEV_IDP: onOff.optional(),
  /** Where the development provider keeps its users, keys and sessions (default `.data/dev-idp`). */
  DEV_IDP_DATA_DIR: text.optional(),
  REMOTES_FILE: text.optional(),
  SHELL_DIST: text.optional(),
  REMOTE_OVERRIDES_FILE: text.optional(),
  REMOTE_RELEASES_DIR: text.optional(),
  TRACKING_SIMULATOR: onOff.optional(),
  TRACKING_SIMULATOR_INTERVAL_SECONDS: positiveSeconds.default(30),
  TRACKING_CLIENT_SECRET: text.optional(),
  BOT_CHECK_SECRET: text.optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  PAYMENT_SANDBOX_SECRET: text.optional(),
  /** Days a deleted account's paid orders keep their parties' personal data (orders/archive.ts). */
  PERSONAL_DATA_RETENTION_DAYS: positiveCount.default(5 * 365 + 1),
  STRIPE_SECRET_KEY: text.optional(),
  STRIPE_WEBHOOK_SECRET: text.optional(),
  /** Another host speaking Stripe's API: the local stand-in (infra/stripe-standin/); refused in production. */
  STRIPE_API_URL: url.optional(),
  /** eBay's API host (identity token endpoint, Sell Fulfillment API); unset in development: the local stand-in. */
  EBAY_API_URL: url.optional(),
  /** eBay's consent page host (auth.ebay.com, auth.sandbox.ebay.com); unset in development: the stand-in. */
  EBAY_AUTH_URL: url.optional(),
  /** eBay's Identity API host (apiz.ebay.com, apiz.sandbox.ebay.com); unset in development: EBAY_API_URL. */
  EBAY_IDENTITY_URL: url.optional(),
  /** The portal's eBay application keys and RuName (the redirect URL name eBay maps to /user/ebay/accounts/accepted). */
  EBAY_CLIENT_ID: text.optional(),
  EBAY_CLIENT_SECRET: text.optional(),
  EBAY_RU_NAME: text.optional(),
  /**
   * The accept URL registered with the RuName (eBay's developer console: where eBay sends the seller
   * back); default `<PORTAL_URL>/user/ebay/accounts/accepted`. The stand-in sends the browser there.
   */
  EBAY_ACCEPT_URL: url.optional(),
  /** 32 bytes (64 hex digits or base64) sealing eBay's tokens at rest (AES-256-GCM). */
  EBAY_TOKEN_KEY: text.optional(),
  /** Development: the port of the eBay stand-in the gateway starts beside the portal (0: any free one). */
  EBAY_STANDIN_PORT: port.default(0),
  /** The carrier code createShippingFulfillment names. */
  EBAY_CARRIER_CODE: text.default('Other'),
  /** How long a call to eBay may take. */
  EBAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How often linked accounts' sales are read again and failed fulfilments retried. */
  EBAY_SYNC_INTERVAL_SECONDS: positiveSeconds.default(300),
  /** The verification token of eBay's marketplace account deletion notifications (32–80 characters). */
  EBAY_VERIFICATION_TOKEN: z
    .string()
    .regex(/^[\w-]{32,80}$/, '32 to 80 letters, digits, _ or -')
    .optional(),
  /** The public URL eBay calls with account deletion notices (part of the challenge answer). */
  EBAY_DELETION_ENDPOINT: url.optional(),
  /** Where uploaded files (complaint attachments) are kept: a local folder or S3-compatible object storage. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The local folder of FILE_STORAGE=local (default `.data/uploads`). */
  UPLOADS_DIR: text.optional(),
  /** An S3-compatible server's URL (MinIO, Ceph, the stand-in of infra/s3-standin/); unset: Amazon S3. */
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: text.optional(),
  S3_REGION: text.default('us-east-1'),
  S3_ACCESS_KEY_ID: text.optional(),
  S3_SECRET_ACCESS_KEY: text.optional(),
  /** Bucket in the path rather than the host name; default true with S3_ENDPOINT, false for Amazon S3. */
  S3_FORCE_PATH_STYLE: trueFalse.optional(),
  SEED_DEMO_USERS: trueFalse.optional(),
  TARIFF_FILE: text.optional(),
  /** `refuse`: products priced on indicative figures cannot be ordered (default in production). */
  INDICATIVE_PRICES: z.enum(['allow', 'refuse']).optional(),
  /** The portal's public URL (links in e-mails, payment and eBay returns); default http://127.0.0.1:<PORT>. */
  PORTAL_URL: url.optional(),
  SMTP_URL: text.optional(),
  MAIL_DIR: text.optional(),
  MAIL_FROM: text.optional(),
  /** Text messages (phone change codes): `outbox` writes them to a folder (development), `twilio` sends them. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  /** The development outbox folder (default `.data/sms`; in memory under jest). */
  SMS_OUTBOX_DIR: text.optional(),
  TWILIO_ACCOUNT_SID: text.optional(),
  TWILIO_AUTH_TOKEN: text.optional(),
  /** An API key SID to authenticate with instead of the account SID (Twilio's recommendation). */
  TWILIO_API_KEY_SID: text.optional(),
  /** The sender: a Twilio number (E.164) or an alphanumeric sender ID. */
  TWILIO_FROM: text.optional(),
  TWILIO_MESSAGING_SERVICE_SID: text.optional(),
  /** Another host speaking Twilio's Messages API (a regional edge); https in production. */
  TWILIO_API_URL: url.optional(),
  /** HMAC key of the stored phone verification codes (share it between API instances). */
  PHONE_CODE_SECRET: text.optional(),
  /** HMAC key that signs the hand-over codes (QR) of paid orders (modules/handover); share it between instances. */
  HANDOVER_SECRET: text.optional(),
  /** Days a hand-over code is valid after payment: a parcel locker or post office counter prints the label within them. */
  HANDOVER_VALID_DAYS: positiveCount.default(30),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  CORS_ORIGINS: commaList.optional(),
  /** Origins allowed to serve remotes besides those remotes.json names (a remote staged elsewhere). */
  REMOTE_ORIGINS: commaList.optional(),
  REDIS_URL: url.optional(),
  /**
   * Redis's time limit, in milliseconds, to connect and to answer each command: past it the rate
   * limits count in the instance's memory until Redis answers again (http/rate-limit-store.ts).
   */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(5_000).default(50),
  RATE_LIMIT: onOff.default('on'),
  RATE_LIMIT_WINDOW_SECONDS: positiveSeconds.default(60),
  RATE_LIMIT_SIGN_IN: positiveCount.default(30),
  RATE_LIMIT_EXPENSIVE: positiveCount.default(120),
  RATE_LIMIT_WRITES: positiveCount.default(600),
  /** Anonymous shipment lookups per IP within the window; each number of a several-number lookup counts. */
  RATE_LIMIT_TRACKING: positiveCount.default(60),
  /** Calls per company API key within the window, every route counted. */
  RATE_LIMIT_API_KEY: positiveCount.default(300),
  /** Bot-check challenges per IP within 10 minutes at the normal work; then the work doubles per as many. */
  BOT_CHECK_FREE_CHALLENGES: positiveCount.default(20),
  /**
   * Whether each answer is checked against the schema its route documents (http/route-schemas.ts):
   * outside production by default, so that every test also checks the OpenAPI document; the bench
   * turns it off to measure what production runs.
   */
  CHECK_ANSWERS: onOff.optional(),
  /** Prometheus metrics at GET /metrics (issue 17); production serves them only when METRICS_TOKEN is set. */
  METRICS: onOff.default('on'),
  /** The bearer token the metrics scraper sends; without it /metrics is open (development only). */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * Where OpenTelemetry traces go (an OTLP/HTTP collector, e.g. http://otel-collector:4318; the
   * spans are posted to <url>/v1/traces). Unset: no traces are made.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  /** The service name the traces carry. */
  OTEL_SERVICE_NAME: text.default('portal-api'),
  /**
   * How many API instances the deployment runs at most (the overlays set the autoscaler's maximum).
   * Above 1, REDIS_URL and shared file storage (FILE_STORAGE=s3) are required.
   */
  REPLICAS: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Background work (modules/jobs): the job engine's jobs, and the scheduled jobs (the locations
   * sync, pseudonymisation, eBay's import), each once per interval for the whole deployment. `off`:
   * this instance queues no slots and works no jobs (a process that only serves; the tests drive
   * the jobs themselves).
   */
  JOBS: onOff.default('on'),
  /** How often the personal data of long-archived orders are removed (PERSONAL_DATA_RETENTION_DAYS). */
  PSEUDONYMISE_INTERVAL_SECONDS: positiveSeconds.default(86_400),
  /**
   * How often the histories that grow with use are trimmed (the `retention` job, once per interval
   * for the deployment): finished webhook deliveries with their attempts, API keys'
   * uses, progress notifications, spent phone codes; the audit trail is archived.
   */
  RETENTION_INTERVAL_SECONDS: positiveSeconds.default(86_400),
  /**
   * Days a finished webhook delivery (delivered, or given up after its day of retries) and its
   * attempts are kept for the company's settings page and its re-send; pending ones are never trimmed.
   */
  WEBHOOK_HISTORY_DAYS: positiveCount.default(30),
  /** Days the scheduled jobs' runs (pg-boss' jobs of the `scheduled.<name>` queues) are kept. */
  JOB_HISTORY_DAYS: positiveCount.default(90),
  /** Days an API key's recorded uses (`api_key_uses`, the main administrator's list) are kept. */
  API_KEY_USES_DAYS: positiveCount.default(90),
  /**
   * Days a shipment's progress notification (`notifications`: the list of /notifications and the
   * source of its e-mail) is kept; by then its e-mail has long gone out or been given up.
   */
  NOTIFICATION_HISTORY_DAYS: positiveCount.default(365),
  /**
   * Days a phone change code (`phone_verifications`: one row per text message sent, with the number)
   * is kept once spent or expired; a code still open is never trimmed.
   */
  PHONE_CODE_HISTORY_DAYS: positiveCount.default(30),
  /**
   * Days the tracking events are kept: a month's partition is dropped once all of it is older (the
   * `tracking-partitions` job); scans of shipments with an open complaint are kept while it is open.
   * Never below a year: an event arriving for a shipment replays its whole history.
   */
  TRACKING_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(365).max(1_000_000_000).default(730),
  /** How many months after the current one the tracking events' partitions are created ahead. */
  TRACKING_PARTITIONS_AHEAD: z.coerce.number().int().min(1).max(24).default(3),
  /**
   * Days the back office's audit trail stays in `admin_audit` (searchable at /admin/audit) before the
   * `retention` job moves it to `admin_audit_archive`, where nothing deletes it. Five years by
   * default: the period Latvia's Accounting Law sets for the documents behind a payment (README.md
   * "Data retention"). Never below a year.
   */
  AUDIT_ARCHIVE_AFTER_DAYS: z.coerce
    .number()
    .int()
    .min(366)
    .max(1_000_000_000)
    .default(5 * 365 + 1),
  /** Worker threads writing PDF and XLSX files off the event loop; 0: in the request's thread (tests). */
  DOCUMENT_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  /**
   * Which addresses webhook endpoints may have (modules/webhooks): `public`, https to hosts that
   * resolve to public addresses only (production's only value: anything else lets a company make
   * the API call into the operator's own network); `any` also allows http and this machine or
   * private networks (development: the tests' receivers on 127.0.0.1). Default: public in
   * production, any elsewhere.
   */
  WEBHOOK_TARGETS: z.enum(['public', 'any']).optional(),
  /**
   * Networks webhook endpoints may resolve to besides the public internet, with WEBHOOK_TARGETS=public
   * (addresses and CIDR blocks, e.g. a partner's private link): loopback, private, link-local and
   * the metadata service stay refused unless listed here.
   */
  WEBHOOK_ALLOWED_NETWORKS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every((item) => isProxyAddress(item) && !PROXY_RANGE_NAMES.has(item)), {
      message: 'a comma-separated list of IP addresses or CIDR blocks',
    })
    .optional(),
  /** How long a webhook receiver may take to answer; longer is a failed attempt, tried again later. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a call repeating a running call's Idempotency-Key waits for its answer before a 409 (0: at once). */
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
});

export type Settings = z.output<typeof settingsSchema>;
