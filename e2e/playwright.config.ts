import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the whole portal, started as `npm start` starts it
 * (the production build must exist: `npm test` builds first). Debian's Chromium drives it;
 * `npx playwright install` cannot download here.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
/** A second origin serving one remote on its own, as a CDN would (CORS is proved against it). */
export const REMOTE_ORIGIN_PORT = Number(process.env.E2E_REMOTE_PORT ?? 8182);
/**
 * The eBay stand-in the gateway starts beside the portal (issue 15). PORT + 2 to + 8 are the
 * own-gateway specs' gateways and dev servers (version-skew took PORT + 3 and could not start).
 */
export const EBAY_STANDIN_PORT = Number(process.env.E2E_EBAY_PORT ?? PORT + 9);

/**
 * The browser the tests drive: Debian's old headless shell (`apt-get install chromium-headless-shell`)
 * when it is installed, Debian's Chromium otherwise. The end-to-end tests spend three quarters of
 * their CPU in the browser on this 2-core machine, and the headless shell (no browser UI behind the
 * page) took about a third less of it for the same specs and the same screenshots.
 */
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Specs that start gateways, builds or dev servers of their own. Each start takes both cores of a
 * 2-core machine for several seconds, and pages of the specs running beside it then missed their
 * 10 s expectations; `npm test` runs this project after the other one (infra/ci/test-all.mjs).
 * They test delivery (remotes, releases, the provider's sessions), not the database, so CI's
 * second run, on PostgreSQL, leaves them out.
 */
const OWN_GATEWAY_SPECS =
  /(idp-restart|remote-dev-loop|remote-self-description|standalone-remote|version-skew)\.spec\.ts$/;

/**
 * Specs of the screens and how they are delivered (routes, layout, remotes, releases, embedding,
 * caching, language, consent) and of what they only read (prices, places, answers): they store
 * nothing, and what they read the API's own tests read on both databases. CI's second run, on
 * PostgreSQL, runs the specs that store and read back (E2E_DATABASE_ONLY=1, infra/ci/test-all.mjs).
 */
const SCREEN_SPECS =
  /(routes|visual|remotes|releases|rollout|embed|embed-cross-origin|first-screen|http-caching|components|language|consent|map|calculator|faq)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    // A failure's last screen, beside its error-context.md in e2e/test-results.
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // fixtures.ts withRemotesFile rewrites the page a test loads (the remotes file the gateway
        // writes into it); a page answered by the test instead of the network is not known to be on
        // 127.0.0.1, and Local Network Access would then refuse its requests to the other local
        // origin that remotes.spec serves a remote from.
        '--disable-features=LocalNetworkAccessChecks',
      ],
    },
  },
  // Without the project's name: both projects read the same screenshots (visual.spec.ts).
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  projects: [
    {
      name: 'portal',
      testIgnore: process.env.E2E_DATABASE_ONLY ? [OWN_GATEWAY_SPECS, SCREEN_SPECS] : OWN_GATEWAY_SPECS,
    },
    { name: 'own-gateway', testMatch: OWN_GATEWAY_SPECS },
  ],
  webServer: [
    {
      command: 'node --import tsx infra/gateway/start.ts',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      // The gateway's warnings and errors (LOG_LEVEL below) go into the run's output: a server-side
      // failure behind a flaky test (a sandbox payment that could not be settled) is then on record.
      stdout: 'pipe',
      // Starting takes 10–20 s on an idle machine; several minutes' grace so that a busy machine (other
      // checkouts building beside it) delays the run instead of failing it.
      timeout: 240_000,
      env: {
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        // A fresh in-memory database unless a PostgreSQL is given (CI runs both).
        PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? 'memory://',
        // Shipments move only when a test runs `npm run tracking:simulate -- --step` (tracking.spec.ts).
        TRACKING_SIMULATOR: 'off',
        // ebay.spec.ts checks through the stand-in's own API what the portal told eBay.
        EBAY_STANDIN_PORT: String(EBAY_STANDIN_PORT),
        // remotes.spec.ts points a remote at this origin in the browser only: the CSP must allow it.
        REMOTE_ORIGINS: `http://127.0.0.1:${REMOTE_ORIGIN_PORT}`,
        // Every test signs in, prices and orders from 127.0.0.1: the limits stay on, far above the suite.
        // embed-cross-origin.spec.ts embeds the calculator and tracking on this origin (another site).
        CORS_ORIGINS: `http://localhost:${PORT}`,
        RATE_LIMIT_SIGN_IN: '2000',
        RATE_LIMIT_EXPENSIVE: '20000',
        RATE_LIMIT_WRITES: '20000',
        RATE_LIMIT_TRACKING: '20000',
        // Every test visitor comes from 127.0.0.1: the bot check's work must not rise for them.
        BOT_CHECK_FREE_CHALLENGES: '20000',
        // settings.spec reads the phone codes from this folder; named, so that a NODE_ENV=test the
        // runner may pass on does not turn the outbox into the in-memory one.
        SMS_OUTBOX_DIR: fileURLToPath(new URL('../.data/sms', import.meta.url)),
      },
    },
    {
      command: `node --import tsx infra/gateway/serve-remote.ts mf-tracking ${REMOTE_ORIGIN_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${REMOTE_ORIGIN_PORT}/mf-manifest.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
