import { lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { domainEvents } from './schema';

/**
 * Deletes the domain events that happened before `before`; how many. Their consumers' jobs are
 * pg-boss' rows, kept as long (JOB_HISTORY_DAYS): past it, an event's record outlives nothing that
 * refers to it. Issue 41's retention job calls it.
 */
export async function trimDomainEvents(orm: Orm, before: Date): Promise<number> {
  const deleted = await orm
    .delete(domainEvents)
    .where(lt(domainEvents.occurredAt, before))
    .returning({ id: domainEvents.id });
  return deleted.length;
}
