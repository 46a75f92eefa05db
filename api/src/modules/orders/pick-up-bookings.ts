import type { OrderStatus } from '@portal/shared-contracts/orders';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { PickUpBookings } from '../courier';
import { orderLines, orders } from './schema';

// The pick-up a line asks for lives in the line's jsonb documents (schema.ts: services, sender).
const pickUpDate = sql<string>`(${orderLines.services} -> 'courierPickUp' -> 'pickUpTime' ->> 'date')`;
const senderPostCode = sql<string>`upper(trim(${orderLines.sender} -> 'address' ->> 'postCode'))`;
// The courier area of the sender's post code: its first two digits, as courier's `courierAreaOf`.
const senderArea = sql<string>`substr(${senderPostCode}, 4, 2)`;

/** Orders whose lines hold a pick-up: saved drafts and paid orders (cancelled ones free theirs). */
const HOLDING_ORDER_STATUSES: readonly OrderStatus[] = ['unfinished', 'paid'];

/**
 * The courier module's count of booked pick-ups (SPEC §5 "slot must be available"), read from the
 * order lines this module owns; the composition root gives it to the CourierService.
 */
export function pickUpBookings(orm: Orm): PickUpBookings {
  return async (days, exceptOrderId) => {
    const conditions: SQL[] = [
      inArray(orders.status, HOLDING_ORDER_STATUSES),
      inArray(pickUpDate, [...new Set(days.map((day) => day.date))]),
      // Only well-formed Latvian post codes name an area (the party rules refuse others).
      sql`${senderPostCode} ~ '^LV-[0-9]{4}$'`,
      inArray(senderArea, [...new Set(days.map((day) => day.area))]),
    ];
    if (exceptOrderId !== undefined) conditions.push(ne(orders.id, exceptOrderId));
    const rows = await orm
      .select({ date: pickUpDate, area: senderArea, booked: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(...conditions))
      .groupBy(pickUpDate, senderArea);
    return rows.map((row) => ({ date: row.date, area: row.area, booked: Number(row.booked) }));
  };
}
