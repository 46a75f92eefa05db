export { type Database, type OpenDatabaseOptions, type Orm, openDatabase } from './database';
export * as schema from './schema';
