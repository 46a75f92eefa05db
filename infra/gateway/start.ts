import { buildApp, openDatabase } from '@portal/api';
import { registerPortalStatic } from './portal-static';

/**
 * `npm start`: one process on http://localhost:8080 (PORT to change) serving the shell,
 * the remotes under /remotes/<name>/ and the API under /api.
 */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

const db = await openDatabase({ url: process.env.DATABASE_URL });
const app = await buildApp({ db, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await registerPortalStatic(app, {
  environment: process.env.PORTAL_ENV ?? 'local',
  remotesFile: process.env.REMOTES_FILE,
});

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
