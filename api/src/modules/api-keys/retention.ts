import { lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { apiKeyUses } from './schema';

/**
 * Deletes the recorded uses of API keys made before `before`; how many. Each key keeps at most its
 * newest API_KEY_RECENT_USES uses anyway (service.ts); this bounds their age too, so that a key not
 * used for months does not show the administrator what it did long ago (issue 41).
 */
export async function trimApiKeyUses(orm: Orm, before: Date): Promise<number> {
  const deleted = await orm.delete(apiKeyUses).where(lt(apiKeyUses.usedAt, before)).returning({ id: apiKeyUses.id });
  return deleted.length;
}
