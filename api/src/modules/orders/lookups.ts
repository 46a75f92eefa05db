import type { OrderLineStatus } from '@portal/shared-contracts/orders';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { orderLines, orders } from './schema';

// What other modules ask of orders and their shipments (issue 37: a module's tables are its own).
// Each function answers one caller's question; `db` may be the caller's transaction, and where the
// caller needs atomicity (webhooks' outbox, tracking's ingestion) it passes its `tx`.

/** The account an order was placed for; null for a visitor's order or an unknown id. */
export async function accountOfOrder(db: Orm, orderId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: orders.accountId }).from(orders).where(eq(orders.id, orderId));
  return row?.accountId ?? null;
}

/** The account and order key of each of these shipments (order lines), in no order. */
export function accountsOfLines(
  db: Orm,
  lineIds: readonly number[],
): Promise<{ lineId: number; accountId: number | null; orderKey: string }[]> {
  return db
    .select({ lineId: orderLines.id, accountId: orders.accountId, orderKey: orders.key })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(inArray(orderLines.id, [...lineIds]));
}

/**
 * Of these shipments, those whose order was placed by a registered user who agreed to
 * e-notifications on it: the user and the order's account (notifications, issue 6).
 */
export async function linesWithConsentingOrderer(
  db: Orm,
  lineIds: readonly number[],
): Promise<{ lineId: number; userId: number; accountId: number | null }[]> {
  const rows = await db
    .select({ lineId: orderLines.id, userId: orders.userId, accountId: orders.accountId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.id, [...lineIds]), eq(orders.eNotification, 'agree'), isNotNull(orders.userId)));
  return rows.flatMap((row) => (row.userId === null ? [] : [{ ...row, userId: row.userId }]));
}

/**
 * The shipments with these S10 numbers, locked in the caller's transaction (`tx`) until it ends:
 * two tracking batches touching one shipment replay it one after the other.
 */
export function lockShipmentsByNumber(
  tx: Orm,
  numbers: readonly string[],
): Promise<{ id: number; orderId: number; barcode: string | null; status: OrderLineStatus; testMode: boolean }[]> {
  return tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      barcode: orderLines.barcode,
      status: orderLines.status,
      testMode: orderLines.testMode,
    })
    .from(orderLines)
    .where(sql`${orderLines.barcode} = any(array(select jsonb_array_elements_text(${asJson(numbers)})))`)
    .for('update');
}

/** A shipment whose prepaid return (issue 40) has this S10 number, as tracking's ingestion sees it. */
export interface ReturnOfShipment {
  /** The original shipment's line. */
  id: number;
  orderId: number;
  barcode: string | null;
  returnBarcode: string;
  /** The return's own status (`paid` once its label is made). */
  status: OrderLineStatus;
  testMode: boolean;
}

/**
 * The shipments whose returns have these S10 numbers, locked in the caller's transaction as
 * `lockShipmentsByNumber` locks shipments: tracking replays a return's scans as a shipment's.
 */
export async function lockReturnsByNumber(tx: Orm, numbers: readonly string[]): Promise<ReturnOfShipment[]> {
  if (numbers.length === 0) return [];
  const rows = await tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      barcode: orderLines.barcode,
      returnBarcode: orderLines.returnBarcode,
      status: orderLines.returnStatus,
      testMode: orderLines.testMode,
    })
    .from(orderLines)
    .where(sql`${orderLines.returnBarcode} = any(array(select jsonb_array_elements_text(${asJson(numbers)})))`)
    .for('update');
  return rows.map((row) => ({ ...row, returnBarcode: row.returnBarcode ?? '', status: row.status ?? 'paid' }));
}

/** Writes the returns' progress (their own status and its date) on their shipments' lines, in `tx`. */
export async function recordReturnProgress(
  tx: Orm,
  updates: readonly { id: number; status: OrderLineStatus; statusDate: Date | null }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update ${orderLines} set
      return_status = v.status,
      return_status_date = coalesce(v."statusDate", ${orderLines.returnStatusDate})
    from jsonb_to_recordset(${asJson(updates)}) as v(id int, status text, "statusDate" timestamptz)
    where ${orderLines.id} = v.id`);
}

/** A shipment's progress as its tracking events put it (a null status date keeps the one stored). */
export interface ShipmentProgress {
  id: number;
  status: OrderLineStatus;
  statusDate: Date | null;
  transferredAt: Date | null;
  sentAt: Date | null;
}

/** Writes the shipments' progress in one statement, in the caller's transaction (`tx`). */
export async function recordShipmentProgress(tx: Orm, updates: readonly ShipmentProgress[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update ${orderLines} set
      status = v.status,
      status_date = coalesce(v."statusDate", ${orderLines.statusDate}),
      transferred_at = v."transferredAt",
      sent_at = v."sentAt",
      updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${asJson(updates)})
      as v(id int, status text, "statusDate" timestamptz, "transferredAt" timestamptz, "sentAt" timestamptz)
    where ${orderLines.id} = v.id`);
}

/**
 * The rows of a bulk statement as one jsonb parameter: one bind value whatever the batch size
 * (a VALUES list of 500 rows is thousands of parameters, and building it cost more than the SQL).
 */
const asJson = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * The numbered shipments in one of these statuses, in line order: one (`number`) or all; the real
 * ones, or (`testOrder`) those of that test-mode order (the network's pre-advice, tracking).
 */
export function linesInProgress(
  db: Orm,
  filter: { statuses: readonly OrderLineStatus[]; number?: string; testOrder?: number; limit: number },
) {
  return db
    .select({
      number: orderLines.barcode,
      status: orderLines.status,
      attributes: orderLines.attributes,
      receiver: orderLines.receiver,
      countryCode: orderLines.countryCode,
      workFlowId: orderLines.workFlowId,
    })
    .from(orderLines)
    .where(
      and(
        filter.number === undefined ? isNotNull(orderLines.barcode) : eq(orderLines.barcode, filter.number),
        inArray(orderLines.status, [...filter.statuses]),
        filter.testOrder === undefined
          ? eq(orderLines.testMode, false)
          : and(eq(orderLines.testMode, true), eq(orderLines.orderId, filter.testOrder)),
      ),
    )
    .orderBy(asc(orderLines.id))
    .limit(filter.limit);
}

/** The key of each of these orders that exists (an eBay sale links to the order made from it). */
export async function orderKeysOf(db: Orm, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, key: orders.key })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row.key] as const));
}

/** An order by its key: who placed it, its status and how many shipments it has (eBay's "ship"). */
export async function orderWithLineCount(
  db: Orm,
  key: string,
): Promise<{ id: number; userId: number | null; status: string; lineCount: number } | undefined> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.key, key));
  if (!order) return undefined;
  const lines = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id));
  return { ...order, lineCount: lines.length };
}

/** An order by its key with the account it belongs to (complaints check the caller's membership). */
export async function orderOfKey(
  db: Orm,
  key: string,
): Promise<{ id: number; key: string; accountId: number | null } | undefined> {
  const [row] = await db
    .select({ id: orders.id, key: orders.key, accountId: orders.accountId })
    .from(orders)
    .where(eq(orders.key, key));
  return row;
}

/**
 * The order a shipment number (the S10 number a line gets at payment) is in, with the account it
 * belongs to: a complaint about the shipment is then about that order of the caller's (issue 40).
 */
export async function orderOfShipment(
  db: Orm,
  shipmentNumber: string,
): Promise<{ id: number; key: string; accountId: number | null } | undefined> {
  const [row] = await db
    .select({ id: orders.id, key: orders.key, accountId: orders.accountId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.barcode, shipmentNumber));
  return row;
}

/** Who an order is of: its account and the user who placed it (either may be null). */
export async function ownersOfOrder(
  db: Orm,
  orderId: number,
): Promise<{ accountId: number | null; userId: number | null } | undefined> {
  const [row] = await db
    .select({ accountId: orders.accountId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The order's numbered shipments in line order, with their senders (the hand-over e-mail). */
export async function numberedShipmentsOf(
  db: Orm,
  orderId: number,
): Promise<{ barcode: string; sender: (typeof orderLines.$inferSelect)['sender'] }[]> {
  const rows = await db
    .select({ barcode: orderLines.barcode, sender: orderLines.sender })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.barcode)))
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({ barcode: row.barcode as string, sender: row.sender }));
}
