import { and, eq, isNull } from 'drizzle-orm';
import type { Orm } from '../../db';
import { orders } from './schema';

/**
 * A test-mode order of the account by its key (issue 38, for the test helper of modules/tracking),
 * or null: a live order, another account's or an archived one is not found.
 */
export async function testOrderOf(
  orm: Orm,
  accountId: number,
  key: string,
): Promise<{ id: number; key: string; status: string } | null> {
  const [order] = await orm
    .select({ id: orders.id, key: orders.key, status: orders.status })
    .from(orders)
    .where(
      and(eq(orders.key, key), eq(orders.accountId, accountId), eq(orders.testMode, true), isNull(orders.archivedAt)),
    );
  return order ?? null;
}
