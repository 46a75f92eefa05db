import type { OrderLineResource, OrderResource } from '../../shared/order';

/**
 * Statuses in which the shipment still waits for its sender: hand-over is the next thing to do.
 * From `transferred` on the post has it, and the next action is following (or complaining).
 */
const WAITING_FOR_SENDER: readonly OrderLineResource['status'][] = ['paid', 'created', 'finished'];

export function awaitsHandOver(line: Pick<OrderLineResource, 'status'>): boolean {
  return WAITING_FOR_SENDER.includes(line.status);
}

/** What the order is called on its page: its first shipment number once paid, else the key's start. */
export function orderNumber(order: Pick<OrderResource, 'key' | 'orderLines'>): string {
  return order.orderLines.find((line) => line.barcode)?.barcode ?? order.key.slice(0, 8);
}

/** `/complaint?shipmentNumber=…`: the complaint form with the shipment filled in (mf-account). */
export function complaintPath(barcode: string): string {
  return `/complaint?shipmentNumber=${encodeURIComponent(barcode)}`;
}

/** `/track?number=…`: the tracking page of one shipment (mf-tracking). */
export function trackingPath(barcode: string): string {
  return `/track?number=${encodeURIComponent(barcode)}`;
}

/** The courier's pick-up slot of a line, when it has one with a date. */
export function courierSlotOf(
  line: Pick<OrderLineResource, 'services'>,
): { date: string; from: string; till: string } | null {
  const time = line.services?.courierPickUp?.pickUpTime;
  if (!time?.date) return null;
  return { date: time.date, from: time.from ?? '', till: time.till ?? '' };
}
