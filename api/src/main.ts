// Runs the API on its own (the gateway in infra/ serves it under :8080 instead).
// Settings (api/src/config, README "Settings"): PORT, HOST, LOG_LEVEL, DATABASE_URL or PGLITE_DATA_DIR...
import pino from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabaseForStart } from './db';
import { privateLogger } from './http/logging';

const config = loadConfigOrExit();
const loggerOptions = { level: config.logLevel };
const startupLog = pino(privateLogger(loggerOptions) as pino.LoggerOptions);

const db = await openDatabaseForStart({
  ...config.database,
  production: config.production,
  onPoolError: (error) => startupLog.error({ err: error }, 'PostgreSQL pool error'),
}).catch((error: Error) => {
  startupLog.fatal(error.message);
  process.exit(1);
});
const app = await buildApp({ db, config, logger: loggerOptions });
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
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: db.driver }, 'API started');
} catch (error) {
  app.log.error({ err: error }, 'API failed to start');
  await db.close();
  process.exit(1);
}
