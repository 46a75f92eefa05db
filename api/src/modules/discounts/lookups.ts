import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { discounts } from './schema';

// What other modules ask of discount codes (issue 37: a module's tables are its own). The price
// engine reads a code's periods; the settlement of a payment counts the codes it used.

/** One period of a discount code, as stored. */
export type DiscountPeriod = typeof discounts.$inferSelect;

/** Every period of this (normalised) code, in no order. */
export function discountPeriods(db: Orm, normalisedCode: string): Promise<DiscountPeriod[]> {
  return db.select().from(discounts).where(eq(discounts.code, normalisedCode));
}

/**
 * Adds each code's uses to the period of that code in force on `on` (a Riga date, YYYY-MM-DD).
 * `tx`: the settlement's transaction, so that the count commits with the payment or not at all.
 */
export async function addDiscountUses(tx: Orm, usesByCode: ReadonlyMap<string, number>, on: string): Promise<void> {
  for (const [code, count] of usesByCode) {
    // The period of the code in force on the payment day (a code may come back in another period).
    await tx
      .update(discounts)
      .set({ usageCount: sql`${discounts.usageCount} + ${count}` })
      .where(
        and(
          eq(discounts.code, code),
          or(isNull(discounts.validFrom), lte(discounts.validFrom, on)),
          or(isNull(discounts.validTill), gte(discounts.validTill, on)),
        ),
      );
  }
}
