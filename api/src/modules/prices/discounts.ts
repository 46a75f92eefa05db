import { normaliseDiscountCode } from '@portal/shared-contracts/admin';
import type { Orm } from '../../db';
import { discountPeriods } from '../discounts';
import type { DiscountRule } from './engine';

// One rule for codes, shared with the back office's form (shared-contracts/admin/discounts.ts).
export { normaliseDiscountCode };

/** Every period of a discount code (a code may come back in another period), newest first. */
export async function findDiscountRules(orm: Orm, code: string): Promise<DiscountRule[]> {
  const rows = await discountPeriods(orm, normaliseDiscountCode(code));
  return rows
    .map(
      (row): DiscountRule => ({
        code: row.code,
        kind: row.kind === 'loyalty' ? 'loyalty' : 'code',
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
