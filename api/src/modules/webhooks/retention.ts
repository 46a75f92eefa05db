import { and, inArray, lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { webhookDeliveries } from './schema';

/**
 * Deletes the deliveries that finished (delivered, or failed after their day of retries) before
 * `before`, their attempts with them (the foreign key cascades); how many. A pending delivery is
 * never trimmed, however old: it is still owed to its receiver. Issue 41: the table grows with
 * every shipment event of every company with an endpoint, and nothing read it after a few weeks.
 */
export async function trimWebhookHistory(orm: Orm, before: Date): Promise<number> {
  const deleted = await orm
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
