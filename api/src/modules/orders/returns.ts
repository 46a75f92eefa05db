import type { OrderLineStatus } from '@portal/shared-contracts/orders';
import { makeS10, S10_HOME_COUNTRY } from '@portal/shared-contracts/s10';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Workflow } from '../workflows';
import { indicatorOf, nextSerial, type Tx } from './payment-service';
import { orderLines, orders } from './schema';

// What the returns module (issue 40) asks of orders: a paid shipment of the caller's account to
// return, and the return's S10 number kept as the line's `returnBarcode`. Answers, never the tables.

/** A shipment that has left the sender: it has an S10 number and is on its way or arrived. */
const RETURNABLE_STATUSES: ReadonlySet<OrderLineStatus> = new Set([
  'paid',
  'created',
  'transferred',
  'transferredInBulk',
  'onHold',
  'processed',
  'sent',
  'releasedForDelivery',
  'delivered',
]);

type Line = typeof orderLines.$inferSelect;

/** A paid shipment as a return starts from: its parties, product, weight and numbers. */
export interface ReturnableShipment {
  lineId: number;
  orderKey: string;
  barcode: string;
  returnBarcode: string | null;
  workFlowId: number | null;
  weightGrams: number;
  countryCode: string;
  testMode: boolean;
  sender: Line['sender'];
  receiver: Line['receiver'];
}

/**
 * The shipment `lineId` of the order `orderKey` when the order is this account's and the shipment
 * was paid (has its S10 number); undefined otherwise, so another account's shipment looks like none.
 */
export async function returnableShipment(
  db: Orm,
  query: { accountId: number; orderKey: string; lineId: number },
): Promise<ReturnableShipment | undefined> {
  const [row] = await db
    .select({ line: orderLines, orderKey: orders.key })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.id, query.lineId),
        eq(orders.key, query.orderKey),
        eq(orders.accountId, query.accountId),
        eq(orders.status, 'paid'),
      ),
    );
  return row ? asReturnable(row) : undefined;
}

/**
 * The shipment with this S10 number when it was sent to this e-mail (the receiver's, compared
 * without case), was paid and can be returned, with the account that ordered it: the customer's
 * return without a code. Undefined for a wrong number, a wrong e-mail or a shipment not
 * returnable alike, so the answer never tells whether the number exists.
 */
export async function customerShipment(
  db: Orm,
  query: { barcode: string; email: string },
): Promise<(ReturnableShipment & { accountId: number }) | undefined> {
  const [row] = await db
    .select({ line: orderLines, orderKey: orders.key, accountId: orders.accountId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.barcode, query.barcode),
        eq(orders.status, 'paid'),
        sql`lower(btrim(${orderLines.receiver}->>'email')) = ${query.email.trim().toLowerCase()}`,
      ),
    );
  const shipment = row ? asReturnable(row) : undefined;
  return shipment && row?.accountId ? { ...shipment, accountId: row.accountId } : undefined;
}

function asReturnable(row: { line: Line; orderKey: string }): ReturnableShipment | undefined {
  if (!row.line.barcode || !RETURNABLE_STATUSES.has(row.line.status)) return undefined;
  const { line } = row;
  const attributes = (line.attributes ?? {}) as { weight?: number | null; countryCode?: string | null };
  return {
    lineId: line.id,
    orderKey: row.orderKey,
    barcode: line.barcode as string,
    returnBarcode: line.returnBarcode,
    workFlowId: line.workFlowId,
    weightGrams: attributes.weight ?? 0,
    countryCode: (line.countryCode ?? attributes.countryCode ?? S10_HOME_COUNTRY).toUpperCase(),
    testMode: line.testMode,
    sender: line.sender,
    receiver: line.receiver,
  };
}

/**
 * Gives the shipment's return its S10 number, in the caller's transaction (`tx`): from the same
 * sequence as every shipment (so never a number twice), with the original product's service
 * indicator. Null when the shipment already has a return number (two requests at once: one wins).
 * `products` is the catalogue as the caller read it before opening `tx`: the catalogue reloads
 * through the database client, which inside a transaction waits for it (PGlite's one connection).
 */
export async function issueReturnBarcode(
  tx: Tx,
  products: readonly Workflow[],
  lineId: number,
  now: Date,
): Promise<string | null> {
  const [line] = await tx
    .select({
      workFlowId: orderLines.workFlowId,
      services: orderLines.services,
      testMode: orderLines.testMode,
      returnBarcode: orderLines.returnBarcode,
    })
    .from(orderLines)
    .where(eq(orderLines.id, lineId))
    .for('update');
  if (!line || line.returnBarcode !== null) return null;
  const workflow = products.find((product) => product.id === line.workFlowId);
  const returnBarcode = makeS10(
    indicatorOf(workflow, line.services),
    await nextSerial(tx, line.testMode),
    S10_HOME_COUNTRY,
  );
  const updated = await tx
    .update(orderLines)
    // Paid (by the shop, on account) as the label is made: tracking's scans move it on from there.
    .set({ returnBarcode, returnStatus: 'paid', returnStatusDate: now })
    .where(and(eq(orderLines.id, lineId), isNull(orderLines.returnBarcode)))
    .returning({ id: orderLines.id });
  return updated.length === 1 ? returnBarcode : null;
}
