// Runs the API on its own (the gateway in infra/ serves it under :8080 instead).
// Environment: PORT (3000), HOST (127.0.0.1), LOG_LEVEL (info), DATABASE_URL or PGLITE_DATA_DIR.
import pino from 'pino';
import { buildApp } from './app';
import { openDatabase } from './db';

const loggerOptions = { level: process.env.LOG_LEVEL ?? 'info' };
const startupLog = pino(loggerOptions);

const db = await openDatabase({
  onPoolError: (error) => startupLog.error({ err: error }, 'PostgreSQL pool error'),
});
const app = await buildApp({ db, logger: loggerOptions });
app.addHook('onClose', () => db.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
  app.log.info({ database: db.driver }, 'API started');
} catch (error) {
  app.log.error({ err: error }, 'API failed to start');
  await db.close();
  process.exit(1);
}
