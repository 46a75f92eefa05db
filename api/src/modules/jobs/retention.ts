import { lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { jobRuns } from './schema';

/**
 * Deletes the jobs' runs of slots that began before `before`; how many. A slot's row is what stops
 * a second instance running it, so only slots long past are trimmed (the retention is days, the
 * longest interval a day). Issue 41: one row per job per slot, for ever, otherwise.
 */
export async function trimJobHistory(orm: Orm, before: Date): Promise<number> {
  const deleted = await orm.delete(jobRuns).where(lt(jobRuns.slot, before)).returning({ job: jobRuns.job });
  return deleted.length;
}
