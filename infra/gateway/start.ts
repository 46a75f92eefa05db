import path from 'node:path';
import { buildApp, openDatabase } from '@portal/api';
import { PORTAL_API_AUDIENCE, PORTAL_CLIENT_ID, registerDevIdp } from '../dev-idp';
import { registerEmbed } from '../embed/serve';
import { startBackgroundSimulator } from '../tracking-simulator/simulator';
import { REPO_ROOT, registerPortalStatic } from './portal-static';

/**
 * `npm start`: one process on http://localhost:8080 (PORT to change) serving the shell,
 * the remotes under /remotes/<name>/, the API under /api and the development identity provider
 * under /idp. OIDC_ISSUER points the API at another provider (DEV_IDP=off then leaves ours out).
 */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

const issuer = process.env.OIDC_ISSUER ?? `http://127.0.0.1:${port}/idp`;
const runDevIdp = process.env.DEV_IDP !== 'off' && !process.env.OIDC_ISSUER;

const db = await openDatabase({ url: process.env.DATABASE_URL });
const app = await buildApp({
  db,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  auth: {
    issuer,
    audience: process.env.OIDC_AUDIENCE ?? PORTAL_API_AUDIENCE,
    discoveryUrl: process.env.OIDC_DISCOVERY_URL,
  },
});
if (runDevIdp) {
  // Keys and registered users persist next to the PGlite data unless that is in memory.
  const inMemory = (process.env.PGLITE_DATA_DIR ?? '').startsWith('memory://');
  await registerDevIdp(app, { issuer, dataDir: inMemory ? undefined : path.join(REPO_ROOT, '.data', 'dev-idp') });
}
// The shell's identity configuration (shell/src/auth/auth-config.ts): provider, client, session timings.
const authConfig = {
  authority: process.env.OIDC_AUTHORITY ?? (runDevIdp ? '/idp' : issuer),
  clientId: process.env.OIDC_CLIENT_ID ?? PORTAL_CLIENT_ID,
  idleSeconds: Number(process.env.SESSION_IDLE_SECONDS ?? 3600),
  warningSeconds: Number(process.env.SESSION_WARNING_SECONDS ?? 60),
};
app.get('/auth-config.json', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(authConfig));
// The calculator embedded in a plain page (issue 4): /embed/calculator.html.
await registerEmbed(app);
await registerPortalStatic(app, {
  environment: process.env.PORTAL_ENV ?? 'local',
  remotesFile: process.env.REMOTES_FILE,
});

let simulator: { stop(): void } | undefined;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  simulator?.stop();
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
// Demo shipments move along their journey (issue 6): the simulator posts scans through the API with
// the development provider's machine client. TRACKING_SIMULATOR=off leaves it out.
if (runDevIdp && process.env.TRACKING_SIMULATOR !== 'off') {
  const intervalSeconds = Number(process.env.TRACKING_SIMULATOR_INTERVAL_SECONDS ?? 30);
  simulator = startBackgroundSimulator({
    portalUrl: `http://127.0.0.1:${port}`,
    issuer,
    intervalSeconds: Number.isFinite(intervalSeconds) && intervalSeconds > 0 ? intervalSeconds : 30,
    log: app.log,
  });
}
