import path from 'node:path';
import {
  amendContentSecurityPolicy,
  buildApp,
  loadConfigOrExit,
  openDatabaseForStart,
  stopGracefully,
} from '@portal/api';
import { registerDevIdp } from '../dev-idp';
import { loopbackAliases, startEbayStandIn } from '../ebay-standin/server';
import { registerEmbed } from '../embed/serve';
import { startBackgroundSimulator } from '../tracking-simulator/simulator';
import {
  assertPinnedReleases,
  REPO_ROOT,
  registerPortalStatic,
  remoteOriginsOf,
  remotesFilePath,
} from './portal-static';
import { REMOTE_OVERRIDES_DEFAULT } from './remote-overrides';

/**
 * `npm start`: one process on http://localhost:8080 (PORT to change) serving the shell,
 * the remotes under /remotes/<name>/, the API under /api and the development identity provider
 * under /idp. OIDC_ISSUER points the API at another provider (DEV_IDP=off then leaves ours out).
 * Every setting is read and checked once (api/src/config): a bad or, in production, a development
 * setting stops the start with a message naming it.
 */
const config = loadConfigOrExit();
const { port, host } = config;
const { issuer } = config.oidc;

const portalFiles = {
  environment: config.portalEnv,
  remotesFile: config.remotesFile,
  shellDist: config.shellDist,
  releasesDir: config.remoteReleasesDir,
  // Development: a remote's `npm run dev` re-points it here (infra/build/dev.mjs); never in production.
  remoteOverridesFile: config.production
    ? undefined
    : (config.remoteOverridesFile ?? path.join(REPO_ROOT, REMOTE_OVERRIDES_DEFAULT)),
};
// Staging and production serve the releases their remotes.json pins: a remote on the checkout's
// build ("workspace") or a pinned release missing from the releases folder stops the start here,
// before the database is opened (infra/remotes/pins.ts).
if (config.guarded) {
  try {
    assertPinnedReleases(portalFiles);
  } catch (error) {
    console.error(`The portal cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

const db = await openDatabaseForStart({ ...config.database, production: config.production }).catch((error: Error) => {
  console.error(`The portal cannot start: ${error.message}.`);
  process.exit(1);
});
// Development without EBAY_API_URL: the eBay stand-in (infra/ebay-standin) beside the portal, so
// linking an account and shipping its sales works with no extra step. Production never starts it.
const ebayStandIn =
  !config.production && config.ebay.apiUrl === null
    ? await startEbayStandIn({
        clientId: config.ebay.clientId,
        clientSecret: config.ebay.clientSecret,
        ruName: config.ebay.ruName,
        acceptUrl: config.ebay.acceptUrl,
        acceptUrlAliases: loopbackAliases(config.ebay.acceptUrl),
        port: config.ebay.standInPort,
      })
    : undefined;
const app = await buildApp({
  db,
  config: ebayStandIn
    ? { ...config, ebay: { ...config.ebay, apiUrl: ebayStandIn.url, authUrl: ebayStandIn.url } }
    : config,
  logger: { level: config.logLevel },
  remoteOrigins: remoteOriginsOf(remotesFilePath(portalFiles), portalFiles.remoteOverridesFile),
});
if (config.devIdp) {
  // The development provider's pages (never in production) submit their forms with inline scripts
  // (its sign-out page): the portal's policy is relaxed for them alone.
  const idpPath = new URL(issuer).pathname.replace(/\/$/, '');
  app.addHook('onRequest', async (request, reply) => {
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy !== 'string' || !(request.url === idpPath || request.url.startsWith(`${idpPath}/`))) return;
    reply.raw.setHeader(
      'content-security-policy',
      amendContentSecurityPolicy(policy, { scriptSrc: ["'unsafe-inline'"] }),
    );
  });
  // Keys and registered users persist next to the PGlite data unless that is in memory.
  const inMemory = (config.database.pgliteDataDir ?? '').startsWith('memory://');
  await registerDevIdp(app, {
    issuer,
    audience: config.oidc.audience,
    trackingClientSecret: config.trackingSimulator.clientSecret,
    // Signing in, registering and asking for a Smart-ID or eParaksts code are the provider's forms
    // (POST): limited per IP like the API's sign-in calls (RATE_LIMIT_SIGN_IN); over it, the page
    // says when to try again. Wrong passwords are limited per e-mail too (RATE_LIMIT=off: neither).
    limitSignIn: (request) => app.checkRateLimit(request, 'signIn'),
    ...(config.rateLimit.enabled ? {} : { accountLimit: null }),
    dataDir: config.devIdpDataDir ?? (inMemory ? undefined : path.join(REPO_ROOT, '.data', 'dev-idp')),
  });
}
// The shell's identity configuration (shell/src/auth/auth-config.ts): provider, client, session timings.
const authConfig = {
  authority: config.oidc.authority,
  clientId: config.oidc.clientId,
  idleSeconds: config.session.idleSeconds,
  warningSeconds: config.session.warningSeconds,
};
app.get('/auth-config.json', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(authConfig));
// Each page carries it too, with the remotes file (infra/gateway/boot-page.ts): no request waits for them.
// The calculator embedded in a plain page (issue 4): /embed/calculator.html.
await registerEmbed(app, { production: config.production });
await registerPortalStatic(app, { ...portalFiles, authConfig });

let simulator: { stop(): void } | undefined;
// SIGTERM: readiness 503 and still serving for SHUTDOWN_DRAIN_MS, then close (api/src/http/shutdown.ts).
stopGracefully(app, {
  drainMs: config.shutdownDrainMs,
  afterClose: async () => {
    simulator?.stop();
    await ebayStandIn?.close();
    await db.close();
  },
});

await app.listen({ port, host });
if (ebayStandIn) app.log.info(`eBay stand-in at ${ebayStandIn.url} (sellers demo-seller, edge-seller)`);
// Demo shipments move along their journey (issue 6): the simulator posts scans through the API with
// the development provider's machine client. TRACKING_SIMULATOR=off leaves it out.
if (config.trackingSimulator.enabled) {
  simulator = startBackgroundSimulator({
    portalUrl: `http://127.0.0.1:${port}`,
    issuer,
    clientSecret: config.trackingSimulator.clientSecret,
    intervalSeconds: config.trackingSimulator.intervalSeconds,
    log: app.log,
  });
}
