import { ConfigError, DEV_TRACKING_CLIENT_SECRET, loadConfig } from '../../src/config';
import { DEV_HANDOVER_SECRET } from '../../src/config/config';
import { PRODUCTION_SETTINGS } from './production-settings';

const STRONG_SECRET = 'k3Jd9Qz0vR7mW2xL5pN8tB4yH6cF1aGs';
const OTHER_STRONG_SECRET = 'Qm7Lp2Xv9Rt4Wz8Kc1Nb6Hy3Fd5Gs0Aj';
/** Text messages through Twilio (production refuses the outbox folder). */
const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-value',
  TWILIO_FROM: 'Pasts',
  PHONE_CODE_SECRET: OTHER_STRONG_SECRET,
  // Not Twilio's, but every production start needs it too: the hand-over codes' key (modules/handover).
  HANDOVER_SECRET: 'Hv4Tq8Lm2Zx6Rw0Np3Kc9Bd5Gy7Fs1Ja',
};

/** The operator's endpoints every production start needs (issue 35: no silent development fall-backs). */
const ENDPOINTS = {
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
  SMTP_URL: 'smtps://mailer@smtp.internal:465',
  PORTAL_URL: 'https://portal.example.lv',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig in development', () => {
  it('gives every setting its development default', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.logLevel).toBe('info');
    expect(config.oidc).toEqual({
      issuer: 'http://127.0.0.1:8080/idp',
      audience: 'portal-api',
      discoveryUrl: undefined,
      authority: '/idp',
      clientId: 'portal-shell',
    });
    expect(config.devIdp).toBe(true);
    expect(config.trackingSimulator).toEqual({
      enabled: true,
      intervalSeconds: 30,
      clientSecret: DEV_TRACKING_CLIENT_SECRET,
    });
    expect(config.session).toEqual({ idleSeconds: 3600, warningSeconds: 60 });
    expect(config.botCheckSecret).toBeUndefined();
    expect(config.payments).toEqual({ provider: 'sandbox', sandboxSecret: undefined });
    expect(config.seedDemoUsers).toBe(true);
    expect(config.portalUrl).toBe('http://127.0.0.1:8080');
    expect(config.mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(config.corsOrigins).toEqual([]);
    expect(config.remoteOrigins).toEqual([]);
    expect(config.rateLimit.enabled).toBe(true);
    expect(config.rateLimit.redisUrl).toBeUndefined();
  });

  it('reads and types the settings it is given', () => {
    const config = loadConfig({
      PORT: '9000',
      OIDC_ISSUER: 'https://login.example.lv/realms/post',
      SESSION_IDLE_SECONDS: '600',
      MAP_TILE_URL: 'none',
      SEED_DEMO_USERS: 'false',
      CORS_ORIGINS: 'https://www.pasts.lv, https://shop.example.lv',
      TRACKING_SIMULATOR: 'off',
    });
    expect(config.port).toBe(9000);
    expect(config.oidc.issuer).toBe('https://login.example.lv/realms/post');
    expect(config.oidc.authority).toBe('https://login.example.lv/realms/post');
    expect(config.devIdp).toBe(false);
    expect(config.trackingSimulator.enabled).toBe(false);
    expect(config.session.idleSeconds).toBe(600);
    expect(config.mapTiles).toBeNull();
    expect(config.seedDemoUsers).toBe(false);
    expect(config.corsOrigins).toEqual(['https://www.pasts.lv', 'https://shop.example.lv']);
  });

  it('gives every table its retention, and refuses an audit trail archived within a year (issue 41)', () => {
    expect(loadConfig({}).retention).toEqual({
      intervalSeconds: 86_400,
      webhookHistoryDays: 30,
      jobHistoryDays: 90,
      apiKeyUsesDays: 90,
      notificationDays: 365,
      phoneCodeDays: 30,
      trackingEventsDays: 730,
      trackingPartitionsAhead: 3,
      auditArchiveAfterDays: 1826,
    });
    expect(loadConfig({ API_KEY_USES_DAYS: '7', AUDIT_ARCHIVE_AFTER_DAYS: '3653' }).retention).toMatchObject({
      apiKeyUsesDays: 7,
      auditArchiveAfterDays: 3653,
    });
    const refused = problemsOf({
      AUDIT_ARCHIVE_AFTER_DAYS: '365',
      NOTIFICATION_HISTORY_DAYS: '0',
      PHONE_CODE_HISTORY_DAYS: 'a month',
      TRACKING_EVENTS_RETENTION_DAYS: '90',
      TRACKING_PARTITIONS_AHEAD: '0',
    });
    expect(refused.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'AUDIT_ARCHIVE_AFTER_DAYS',
      'NOTIFICATION_HISTORY_DAYS',
      'PHONE_CODE_HISTORY_DAYS',
      'TRACKING_EVENTS_RETENTION_DAYS',
      'TRACKING_PARTITIONS_AHEAD',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', OIDC_ISSUER: '' }).oidc.issuer).toBe('http://127.0.0.1:8080/idp');
  });

  it('refuses malformed settings, naming each', () => {
    const problems = problemsOf({ PORT: 'eighty', OIDC_ISSUER: 'not a url', DEV_IDP: 'maybe', CORS_ORIGINS: 'x' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'CORS_ORIGINS.0',
      'DEV_IDP',
      'OIDC_ISSUER',
      'PORT',
    ]);
  });
});

describe('loadConfig in production', () => {
  it.each([
    ['NODE_ENV', { NODE_ENV: 'production' }],
    ['PORTAL_ENV', { PORTAL_ENV: 'production' }],
  ])('refuses every development part when %s is production', (_name, env) => {
    const problems = problemsOf(env);
    const settings = problems.map((problem) => problem.split(':')[0]);
    expect(settings).toEqual(
      expect.arrayContaining(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'PAYMENT_PROVIDER', 'BOT_CHECK_SECRET']),
    );
    expect(problems.find((problem) => problem.startsWith('OIDC_ISSUER'))).toMatch(/development identity provider/);
    expect(problems.find((problem) => problem.startsWith('PAYMENT_PROVIDER'))).toMatch(/sandbox/);
  });

  it('refuses the development identity provider, tracking client and demo users even when asked for', () => {
    const problems = problemsOf({
      ...ENDPOINTS,
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.lv',
      OIDC_CLIENT_ID: 'portal-shell',
      DEV_IDP: 'on',
      TRACKING_SIMULATOR: 'on',
      TRACKING_CLIENT_SECRET: DEV_TRACKING_CLIENT_SECRET,
      SEED_DEMO_USERS: 'true',
      BOT_CHECK_SECRET: 'dev-secret',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'BOT_CHECK_SECRET',
      'DEV_IDP',
      'HANDOVER_SECRET',
      'OIDC_CLIENT_ID',
      'PAYMENT_PROVIDER',
      'PHONE_CODE_SECRET',
      'SEED_DEMO_USERS',
      'SMS_PROVIDER',
      'TRACKING_CLIENT_SECRET',
      'TRACKING_SIMULATOR',
    ]);
  });

  it('refuses a developer’s remote overrides file (remotes are re-pointed in remotes.json)', () => {
    const problems = problemsOf({ NODE_ENV: 'production', REMOTE_OVERRIDES_FILE: '/tmp/overrides.json' });
    expect(problems.find((problem) => problem.startsWith('REMOTE_OVERRIDES_FILE'))).toMatch(/remotes\.json/);
    expect(loadConfig({ REMOTE_OVERRIDES_FILE: '/tmp/overrides.json' }).remoteOverridesFile).toBe(
      '/tmp/overrides.json',
    );
  });

  it('signs in through any OpenID Connect provider by configuration alone; only the payment provider is left', () => {
    const problems = problemsOf({
      ...ENDPOINTS,
      PORTAL_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.lv/realms/post',
      OIDC_CLIENT_ID: 'self-service-portal',
      BOT_CHECK_SECRET: STRONG_SECRET,
      ...TWILIO,
    });
    // The sandbox payment provider is the one refusal left: production pays through Stripe.
    expect(problems).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: /)]);
  });

  it('starts with Stripe as the payment provider, and refuses its stand-in and test keys', () => {
    const production = {
      ...ENDPOINTS,
      PORTAL_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.lv/realms/post',
      OIDC_CLIENT_ID: 'self-service-portal',
      BOT_CHECK_SECRET: STRONG_SECRET,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
      STRIPE_WEBHOOK_SECRET: 'whsec_live_signing',
      ...TWILIO,
    };
    expect(problemsOf(production)).toEqual([]);
    expect(loadConfig(production).payments).toEqual({
      provider: 'stripe',
      sandboxSecret: undefined,
      stripe: { secretKey: 'sk_live_51AbCdEf', webhookSecret: 'whsec_live_signing' },
    });
    const standIn = problemsOf({
      ...production,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(standIn.map((problem) => problem.split(':')[0]).sort()).toEqual(['STRIPE_API_URL', 'STRIPE_SECRET_KEY']);
    // Every key but a live secret one: test mode of every kind, restricted and publishable keys.
    for (const key of ['rk_test_51Ab', 'sk_test_51Ab', 'pk_test_51Ab', 'rk_live_51Ab', 'pk_live_51Ab']) {
      expect(problemsOf({ ...production, STRIPE_SECRET_KEY: key })).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY: use the live secret key/),
      ]);
    }
  });

  it('refuses, all at once and each by name, what would silently fall back to a development part (issue 35)', () => {
    const production = { ...ENDPOINTS, ...PRODUCTION_SETTINGS };
    expect(problemsOf(production)).toEqual([]);
    const missing = problemsOf({
      ...production,
      DATABASE_URL: '',
      SMTP_URL: '',
      PORTAL_URL: 'http://portal.example.lv',
      OIDC_ISSUER: 'http://login.example.lv/realms/post',
    });
    expect(missing.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'OIDC_ISSUER',
      'PORTAL_URL',
      'SMTP_URL',
    ]);
    expect(problemsOf({ ...production, PORTAL_URL: '' })).toEqual([expect.stringMatching(/^PORTAL_URL: set/)]);
  });

  it('with several replicas, refuses counters and uploads that one instance would keep to itself', () => {
    const production = { ...ENDPOINTS, ...PRODUCTION_SETTINGS, REPLICAS: '3' };
    expect(
      problemsOf(production)
        .map((problem) => problem.split(':')[0])
        .sort(),
    ).toEqual(['FILE_STORAGE', 'REDIS_URL']);
    const shared = {
      ...production,
      REDIS_URL: 'rediss://redis.internal:6380',
      FILE_STORAGE: 's3',
      S3_BUCKET: 'uploads',
    };
    expect(problemsOf(shared)).toEqual([]);
    expect(loadConfig(shared).replicas).toBe(3);
    // In every environment: two development instances would count and keep files apart as well.
    expect(
      problemsOf({ REPLICAS: '2' })
        .map((problem) => problem.split(':')[0])
        .sort(),
    ).toEqual(['FILE_STORAGE', 'REDIS_URL']);
  });

  it('runs staging with the production guards, Stripe test mode allowed (issue 35)', () => {
    const staging = {
      ...ENDPOINTS,
      ...PRODUCTION_SETTINGS,
      PORTAL_ENV: 'staging',
      NODE_ENV: 'staging',
      STRIPE_SECRET_KEY: 'sk_test_51AbCdEf',
      PORTAL_URL: 'https://portal.staging.example.lv',
    };
    const config = loadConfig(staging);
    expect(config.production).toBe(false);
    expect(config.guarded).toBe(true);
    expect(config.devIdp).toBe(false);
    expect(config.seedDemoUsers).toBe(false);
    expect(config.webhooks.targets).toBe('public');
    expect(config.metrics.enabled).toBe(false);
    expect(loadConfig({ ...staging, METRICS_TOKEN: 'a-scraper-token-of-length' }).metrics.enabled).toBe(true);
    expect(config.ebay.apiUrl).toBe('https://api.ebay.com');
    const standIns = problemsOf({
      ...staging,
      DEV_IDP: 'on',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      WEBHOOK_TARGETS: 'any',
      SEED_DEMO_USERS: 'true',
    });
    expect(standIns.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DEV_IDP',
      'SEED_DEMO_USERS',
      'STRIPE_API_URL',
      'WEBHOOK_TARGETS',
    ]);
  });
});

describe('payment provider settings', () => {
  it('names both Stripe secrets when Stripe is chosen without them, in any environment', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });
});

describe('SMS settings (phone change codes)', () => {
  it('writes text messages to the outbox folder in development, with a random code secret', () => {
    const config = loadConfig({});
    expect(config.sms).toEqual({ provider: 'outbox', outboxDir: undefined, nodeEnv: 'development' });
    expect(config.phoneCodeSecret).toBeUndefined();
    expect(loadConfig({ SMS_OUTBOX_DIR: '/tmp/sms' }).sms).toMatchObject({ outboxDir: '/tmp/sms' });
  });

  it('sends through Twilio when chosen, naming each missing Twilio setting in any environment', () => {
    expect(problemsOf({ SMS_PROVIDER: 'twilio' }).map((problem) => problem.split(':')[0])).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
    ]);
    expect(
      loadConfig({ ...TWILIO, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: 'MG0123', TWILIO_API_KEY_SID: 'SK01' })
        .sms,
    ).toEqual({
      provider: 'twilio',
      twilio: {
        accountSid: TWILIO.TWILIO_ACCOUNT_SID,
        authToken: TWILIO.TWILIO_AUTH_TOKEN,
        apiKeySid: 'SK01',
        messagingServiceSid: 'MG0123',
      },
    });
  });

  it('refuses the outbox, a weak code secret and a plain-http Twilio host in production', () => {
    const production = {
      ...ENDPOINTS,
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.lv',
      OIDC_CLIENT_ID: 'self-service-portal',
      BOT_CHECK_SECRET: STRONG_SECRET,
      HANDOVER_SECRET: TWILIO.HANDOVER_SECRET,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
      STRIPE_WEBHOOK_SECRET: 'whsec_live_signing',
    };
    expect(
      problemsOf(production)
        .map((problem) => problem.split(':')[0])
        .sort(),
    ).toEqual(['PHONE_CODE_SECRET', 'SMS_PROVIDER']);
    const refused = problemsOf({
      ...production,
      ...TWILIO,
      SMS_OUTBOX_DIR: '/tmp/sms',
      PHONE_CODE_SECRET: 'dev-phone-secret',
      TWILIO_API_URL: 'http://127.0.0.1:4010',
    });
    expect(refused.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'PHONE_CODE_SECRET',
      'SMS_OUTBOX_DIR',
      'TWILIO_API_URL',
    ]);
    expect(problemsOf({ ...production, ...TWILIO })).toEqual([]);
  });
});

describe('eBay settings (issue 15)', () => {
  const production = {
    ...ENDPOINTS,
    PORTAL_ENV: 'production',
    OIDC_ISSUER: 'https://login.example.lv/realms/post',
    OIDC_CLIENT_ID: 'self-service-portal',
    BOT_CHECK_SECRET: STRONG_SECRET,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
    STRIPE_WEBHOOK_SECRET: 'whsec_live_signing',
    ...TWILIO,
  };
  const ebayKeys = {
    EBAY_CLIENT_ID: 'LatvijasP-portal-PRD-1234',
    EBAY_CLIENT_SECRET: 'PRD-0123456789abcdef',
    EBAY_RU_NAME: 'Latvijas_Pasts-LatvijasP-portal-abcdef',
    EBAY_TOKEN_KEY: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  };

  it('in development without EBAY_API_URL: the stand-in, started beside the portal by the gateway', () => {
    const { ebay } = loadConfig({});
    expect(ebay).toMatchObject({ enabled: true, apiUrl: null, authUrl: null, clientId: 'portal-ebay-standin' });
    expect(ebay.tokenKey).toHaveLength(32);
  });

  it("eBay sends the seller back to the accept URL registered with the RuName, by default the portal's own", () => {
    expect(loadConfig({}).ebay.acceptUrl).toBe('http://127.0.0.1:8080/user/ebay/accounts/accepted');
    // On another port the portal's URL follows it (the e2e gateway), unless PORTAL_URL says otherwise.
    expect(loadConfig({ PORT: '8281' }).portalUrl).toBe('http://127.0.0.1:8281');
    expect(loadConfig({ PORT: '8281' }).ebay.acceptUrl).toBe('http://127.0.0.1:8281/user/ebay/accounts/accepted');
    expect(loadConfig({ PORTAL_URL: 'https://portal.example.lv/' }).ebay.acceptUrl).toBe(
      'https://portal.example.lv/user/ebay/accounts/accepted',
    );
    expect(
      loadConfig({ PORTAL_URL: 'https://portal.example.lv', EBAY_ACCEPT_URL: 'https://www.example.lv/ebay/back' }).ebay
        .acceptUrl,
    ).toBe('https://www.example.lv/ebay/back');
    expect(problemsOf({ EBAY_ACCEPT_URL: 'not a url' }).map((p) => p.split(':')[0])).toEqual(['EBAY_ACCEPT_URL']);
  });

  it('production is off without keys, reaches eBay itself with them, and refuses the stand-in and weak keys', () => {
    expect(loadConfig(production).ebay).toMatchObject({ enabled: false });
    expect(loadConfig({ ...production, ...ebayKeys }).ebay).toMatchObject({
      enabled: true,
      apiUrl: 'https://api.ebay.com',
      authUrl: 'https://auth.ebay.com',
    });
    const refused = problemsOf({
      ...production,
      ...ebayKeys,
      EBAY_API_URL: 'http://127.0.0.1:4010',
      EBAY_AUTH_URL: 'http://localhost:4010',
      EBAY_TOKEN_KEY: '5ca1ab1e'.repeat(8),
    });
    expect(refused.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'EBAY_API_URL',
      'EBAY_AUTH_URL',
      'EBAY_TOKEN_KEY',
    ]);
    expect(problemsOf({ ...production, ...ebayKeys, EBAY_TOKEN_KEY: '' }).map((p) => p.split(':')[0])).toEqual([
      'EBAY_TOKEN_KEY',
    ]);
    expect(problemsOf({ EBAY_TOKEN_KEY: 'short' }).map((p) => p.split(':')[0])).toEqual(['EBAY_TOKEN_KEY']);
  });
});

describe('webhook settings (issue 20 item 3)', () => {
  it('sends to public https addresses only in production, and refuses the permissive value there', () => {
    expect(loadConfig({}).webhooks).toEqual({ targets: 'any', timeoutMs: 10_000, allowed: [] });
    expect(loadConfig({ ...PRODUCTION_SETTINGS }).webhooks).toEqual({
      targets: 'public',
      timeoutMs: 10_000,
      allowed: [],
    });
    expect(problemsOf({ ...PRODUCTION_SETTINGS, WEBHOOK_TARGETS: 'any' })).toEqual([
      'WEBHOOK_TARGETS: production sends webhooks to public https addresses only (any lets a company reach the internal network)',
    ]);
    expect(loadConfig({ WEBHOOK_TARGETS: 'public', WEBHOOK_TIMEOUT_MS: '2500' }).webhooks).toEqual({
      targets: 'public',
      timeoutMs: 2500,
      allowed: [],
    });
    expect(problemsOf({ WEBHOOK_TARGETS: 'everywhere' })).toHaveLength(1);
    expect(problemsOf({ WEBHOOK_TIMEOUT_MS: '0' })).toHaveLength(1);
  });
});

describe('idempotency keys (issue 38 item 1)', () => {
  it('lets a duplicate wait 10 s for the first call by default, 0 to 60 s when set', () => {
    expect(loadConfig({}).idempotency).toEqual({ waitMs: 10_000 });
    expect(loadConfig({ IDEMPOTENCY_WAIT_MS: '0' }).idempotency).toEqual({ waitMs: 0 });
    expect(problemsOf({ IDEMPOTENCY_WAIT_MS: '-1' })).toHaveLength(1);
    expect(problemsOf({ IDEMPOTENCY_WAIT_MS: '60001' })).toHaveLength(1);
  });
});

describe('the drain on SIGTERM (issue 35 item 4)', () => {
  it('drains 10 s in guarded environments and not at all in development by default, 0 to 300 s when set', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...ENDPOINTS, ...PRODUCTION_SETTINGS }).shutdownDrainMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2_500);
    expect(loadConfig({ ...ENDPOINTS, ...PRODUCTION_SETTINGS, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(problemsOf({ SHUTDOWN_DRAIN_MS: '-1' })[0]).toMatch(/^SHUTDOWN_DRAIN_MS/);
    expect(problemsOf({ SHUTDOWN_DRAIN_MS: '300001' })[0]).toMatch(/^SHUTDOWN_DRAIN_MS/);
  });
});

describe('hand-over codes (issue 20 item 5)', () => {
  it('signs with a fixed development key and 30 days by default; production refuses that key', () => {
    expect(loadConfig({}).handover).toEqual({ secret: DEV_HANDOVER_SECRET, validDays: 30 });
    expect(loadConfig({ HANDOVER_SECRET: STRONG_SECRET, HANDOVER_VALID_DAYS: '14' }).handover).toEqual({
      secret: STRONG_SECRET,
      validDays: 14,
    });
    expect(problemsOf({ HANDOVER_VALID_DAYS: '0' })[0]).toMatch(/^HANDOVER_VALID_DAYS/);
    const refused = problemsOf({ NODE_ENV: 'production', HANDOVER_SECRET: DEV_HANDOVER_SECRET });
    expect(refused.find((problem) => problem.startsWith('HANDOVER_SECRET'))).toMatch(/development value is refused/);
  });
});
