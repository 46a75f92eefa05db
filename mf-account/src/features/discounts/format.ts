import { formatMoney, toDisplayDate } from '@portal/shared-contracts';
import { discountValueText } from '@portal/shared-contracts/admin';
import type { UserDiscount } from './api';

/** "12,50 %" off, or a special price "2,50 €" (SPEC §9). */
export function valueLabel(discount: Pick<UserDiscount, 'type' | 'value'>): string {
  return discount.type === 'percentage' ? `${discountValueText(discount.value)} %` : formatMoney(discount.value);
}

/** The last day it can be applied, DD.MM.YYYY, or null when open. */
export function tillLabel(discount: Pick<UserDiscount, 'validTill'>): string | null {
  return discount.validTill ? toDisplayDate(discount.validTill) : null;
}
