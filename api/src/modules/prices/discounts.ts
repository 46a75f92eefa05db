import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { discounts } from '../../db/schema';
import type { DiscountRule } from './engine';

/** Codes are compared without case and surrounding spaces; stored upper case. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Every period of a discount code (a code may come back in another period), newest first. */
export async function findDiscountRules(orm: Orm, code: string): Promise<DiscountRule[]> {
  const rows = await orm
    .select()
    .from(discounts)
    .where(eq(discounts.code, normaliseDiscountCode(code)));
  return rows
    .map(
      (row): DiscountRule => ({
        code: row.code,
        type: row.type === 'fixedPrice' ? 'fixedPrice' : 'percentage',
        value: row.value,
        frequency: row.frequency === 'nth' || row.frequency === 'afterN' ? row.frequency : 'each',
        frequencyIndex: row.frequencyIndex,
        status: row.status === 'active' ? 'active' : 'inactive',
        usageCount: row.usageCount,
        maxCount: row.maxCount,
        validFrom: row.validFrom,
        validTill: row.validTill,
        userType: row.userType === 'registered' ? 'registered' : 'all',
        workFlowIds: row.workFlowIds,
      }),
    )
    .sort((a, b) => (b.validFrom ?? '').localeCompare(a.validFrom ?? ''));
}
