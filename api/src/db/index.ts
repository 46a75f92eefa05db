export { ChangeNotices } from './change-notices';
export {
  type Database,
  migrateDatabase,
  type OpenDatabaseOptions,
  type Orm,
  openDatabase,
  openDatabaseForStart,
  type PgliteDump,
  pendingMigrations,
} from './database';
export type { QueryStart } from './query-observer';
export { isDatabaseUnavailable } from './unavailable';
