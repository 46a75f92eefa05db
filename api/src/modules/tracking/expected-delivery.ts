import type { OrderLineStatus } from '@portal/shared-contracts/orders';
import { DOMESTIC_DELIVERY_WORKING_DAYS } from '@portal/shared-contracts/pricing';
import { addLatvianWorkingDays, rigaDate } from '../../calendar';

export interface DeliveryFacts {
  status: OrderLineStatus;
  /** When the sender handed it over; nothing can be promised before that. */
  transferredAt: Date | null;
  destinationCountryCode: string;
  /** The product's own promise in working days (workflow), when it has one. */
  deliveryDays: number | null;
}

/**
 * The expected delivery date (YYYY-MM-DD in Riga) shown on the tracking page: counted in Latvian
 * working days from the hand-over, one day within Latvia (SPEC §9), the product's delivery days
 * elsewhere. Null once delivered or returned, before the hand-over, or when the product promises
 * nothing.
 */
export function expectedDelivery({
  status,
  transferredAt,
  destinationCountryCode,
  deliveryDays,
}: DeliveryFacts): string | null {
  if (status === 'delivered' || status === 'returned' || !transferredAt) return null;
  const days = destinationCountryCode === 'LV' ? DOMESTIC_DELIVERY_WORKING_DAYS : deliveryDays;
  if (days === null || days <= 0) return null;
  return addLatvianWorkingDays(rigaDate(transferredAt), days);
}
