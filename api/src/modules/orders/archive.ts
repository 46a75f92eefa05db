// What happens to orders when their account is deleted (issue 19, item 3). The post keeps the
// records it needs; nobody reaches a deleted account's orders any more, by key or as a user.
// - Unpaid orders (no money, no shipment) are deleted with their lines.
// - Paid orders are archived (`orders.archived_at`): OrderAccess answers 404 for them on every
//   route, the visitor routes of /api/public/orders included, so the order key no longer works.
// - After the retention period (PERSONAL_DATA_RETENTION_DAYS, five years by default: the period
//   Latvia's Accounting Law sets for keeping the documents behind a payment) the parties' personal
//   data are removed: sender and receiver keep only country and post code, for statistics.
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database';
import { orderLines, orders } from './schema';

/** Days the post keeps a deleted account's paid orders with their parties' personal data. */
export const DEFAULT_PERSONAL_DATA_RETENTION_DAYS = 5 * 365 + 1;

type Executor = Pick<Orm, 'delete' | 'update'>;

/** Run inside the account deletion's transaction, before the account row goes. */
export async function archiveOrdersOfDeletedAccount(tx: Executor, accountId: number, now: Date): Promise<void> {
  await tx.delete(orders).where(and(eq(orders.accountId, accountId), isNull(orders.paidAt)));
  await tx
    .update(orders)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(orders.accountId, accountId), isNull(orders.archivedAt)));
}

/** A party reduced to what is not personal: the address's country and post code. */
const withoutPersonalData = (column: typeof orderLines.sender | typeof orderLines.receiver) => sql`case
  when ${column} is null then null
  else jsonb_build_object('address', jsonb_build_object(
    'countryCode', ${column} -> 'address' -> 'countryCode',
    'postCode', ${column} -> 'address' -> 'postCode'))
  end`;

/**
 * Removes the personal data of orders archived before `archivedBefore` (once: each order is marked
 * `pseudonymised_at`). Returns how many orders it changed. Safe to run at any time and repeatedly
 * (`npm run orders:pseudonymise`, or a daily job).
 */
export async function pseudonymiseArchivedOrders(orm: Orm, archivedBefore: Date, now = new Date()): Promise<number> {
  return orm.transaction(async (tx) => {
    const due = await tx
      .update(orders)
      .set({ pseudonymisedAt: now })
      .where(and(isNotNull(orders.archivedAt), lt(orders.archivedAt, archivedBefore), isNull(orders.pseudonymisedAt)))
      .returning({ id: orders.id });
    if (due.length === 0) return 0;
    const ids = due.map(({ id }) => id);
    await tx
      .update(orderLines)
      .set({
        sender: withoutPersonalData(orderLines.sender),
        receiver: withoutPersonalData(orderLines.receiver),
        receiverName: null,
        updatedAt: now,
      })
      .where(inArray(orderLines.orderId, ids));
    return ids.length;
  });
}
