import { formatMoney, toDisplayDate } from '@portal/shared-contracts';
import { discountValueText } from '@portal/shared-contracts/admin';
import type { AdminDiscount } from './api';

/** "12,50 %" or "3,20 €" (SPEC §9: money in euros with two decimals, rates as a percentage). */
export function discountValueLabel(discount: Pick<AdminDiscount, 'type' | 'value'>): string {
  return discount.type === 'percentage' ? `${discountValueText(discount.value)} %` : formatMoney(discount.value);
}

/** "01.05.2026 – 31.05.2026" (DD.MM.YYYY); an open end shows as "…". */
export function discountPeriodLabel(discount: Pick<AdminDiscount, 'validFrom' | 'validTill'>): string {
  const show = (date: string | null) => (date ? (toDisplayDate(date) ?? date) : '…');
  return `${show(discount.validFrom)} – ${show(discount.validTill)}`;
}
