// Runs the API on its own (the gateway in infra/ serves it under :8080 instead).
// Settings (api/src/config, README "Settings"): PORT, HOST, LOG_LEVEL, DATABASE_URL or PGLITE_DATA_DIR...
import pino from 'pino';
import { buildApp, stopGracefully } from './app';
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

// SIGTERM: readiness 503 and still serving for SHUTDOWN_DRAIN_MS, then close (http/shutdown.ts).
stopGracefully(app, { drainMs: config.shutdownDrainMs });

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: db.driver }, 'API started');
} catch (error) {
  app.log.error({ err: error }, 'API failed to start');
  await db.close();
  process.exit(1);
}
