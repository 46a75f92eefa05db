export { ChangeNotices } from './change-notices';
export {
  type Database,
  migrateDatabase,
  type OpenDatabaseOptions,
  type Orm,
  openDatabase,
  openDatabaseForStart,
  pendingMigrations,
} from './database';
export type { QueryStart } from './query-observer';
export { isDatabaseUnavailable } from './unavailable';
