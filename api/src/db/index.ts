export {
  type Database,
  migrateDatabase,
  type OpenDatabaseOptions,
  type Orm,
  openDatabase,
  openDatabaseForStart,
  pendingMigrations,
} from './database';
export * as schema from './schema';
export { isDatabaseUnavailable } from './unavailable';
