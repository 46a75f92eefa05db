import { lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { notifications } from './schema';

/**
 * Deletes the shipments' progress notifications written before `before`, read or not; how many.
 * One row per notified status change of every registered sender's shipment (and the source of its
 * e-mail, whose job gives up after about a day: JOB_POLICIES), so the table grows with the post's
 * volume; a year on, the shipment's own page says more. Issue 41.
 */
export async function trimNotifications(orm: Orm, before: Date): Promise<number> {
  const deleted = await orm
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  return deleted.length;
}
