import type { OrderLineStatus } from '@portal/shared-contracts/orders';

/**
 * The life cycle of a shipment (an order line) after it is prepared: SPEC §4 names the statuses but
 * leaves the transitions open, so this table is our design, written the way a postal operator runs
 * its network. Read a row as "from this status the shipment may move to these".
 *
 *   unfinished ──► paid / finished ──► created ──► transferred / transferredInBulk
 *        (portal: prepared, paid)      (data at    (handed over at a locker, post office
 *                                       the post)    or to a courier; bulk for businesses)
 *   ──► processed (sorted) ──► sent (domestic transit) | sentAbroad (to the destination post)
 *   ──► releasedForDelivery (out with the courier or waiting in the locker / post office)
 *   ──► delivered (final)
 *
 * From any status inside the network a shipment can be put on hold (being clarified) or returned
 * to the sender; a returned shipment travels back through the network and is delivered to the
 * sender. `delivered` is final: a scan after it is stored but flagged (see `checkTransition`).
 * A status may repeat (two sorting centres both scan `processed`), so X → X is always allowed
 * for the statuses inside the network.
 */
const IN_NETWORK_ESCAPES: readonly OrderLineStatus[] = ['onHold', 'returned'];

export const STATUS_TRANSITIONS: Readonly<Record<OrderLineStatus, readonly OrderLineStatus[]>> = {
  unfinished: ['finished', 'paid'],
  // `finished`: prepared and submitted without online payment (contract customers pay by invoice).
  finished: ['paid', 'created', 'transferred', 'transferredInBulk'],
  paid: ['created', 'transferred', 'transferredInBulk'],
  created: ['transferred', 'transferredInBulk'],
  transferred: ['processed', 'sent', 'sentAbroad', ...IN_NETWORK_ESCAPES],
  transferredInBulk: ['processed', 'sent', 'sentAbroad', ...IN_NETWORK_ESCAPES],
  processed: ['processed', 'sent', 'sentAbroad', 'releasedForDelivery', ...IN_NETWORK_ESCAPES],
  // A courier may scan the delivery without a separate "out for delivery" scan.
  sent: ['sent', 'processed', 'releasedForDelivery', 'delivered', ...IN_NETWORK_ESCAPES],
  // Abroad, the destination post reports only some of its scans.
  sentAbroad: ['sentAbroad', 'processed', 'releasedForDelivery', 'delivered', ...IN_NETWORK_ESCAPES],
  // Not collected or nobody at home: back to the depot, or returned after the storage time.
  releasedForDelivery: ['releasedForDelivery', 'delivered', 'processed', ...IN_NETWORK_ESCAPES],
  onHold: ['processed', 'sent', 'sentAbroad', 'releasedForDelivery', 'returned'],
  returned: ['processed', 'sent', 'releasedForDelivery', 'delivered', 'onHold'],
  delivered: [],
};

export type TransitionCheck = { allowed: true } | { allowed: false; reason: string };

export function checkTransition(from: OrderLineStatus, to: OrderLineStatus): TransitionCheck {
  if (STATUS_TRANSITIONS[from].includes(to)) return { allowed: true };
  return {
    allowed: false,
    reason:
      from === 'delivered' ? `The shipment is already delivered.` : `A shipment cannot move from ${from} to ${to}.`,
  };
}

/** Statuses a shipment can never leave. */
export const FINAL_STATUSES: readonly OrderLineStatus[] = (Object.keys(STATUS_TRANSITIONS) as OrderLineStatus[]).filter(
  (status) => STATUS_TRANSITIONS[status].length === 0,
);

/** The statuses that only the portal sets (preparing and paying); scans never move a shipment into them. */
export const PORTAL_STATUSES: readonly OrderLineStatus[] = ['unfinished', 'finished', 'paid'];

export interface StatusEvent {
  status: OrderLineStatus;
  /** When the scan happened (not when it arrived: scans arrive late and out of order). */
  occurredAt: Date;
}

export interface ReplayedEvent<E extends StatusEvent> {
  event: E;
  /** Null when the event moved the shipment; else why it was kept aside. */
  violation: string | null;
}

export interface Replay<E extends StatusEvent> {
  status: OrderLineStatus;
  events: ReplayedEvent<E>[];
}

/**
 * Replays scan events, oldest first, from the status the shipment had before any scan. An event
 * that breaks the table is kept (nothing a sorting machine reports is lost) and flagged; it does not
 * change the status, so one wrong scan never derails the shipment's story.
 * Ties in time keep the order the events were given in.
 */
export function replayEvents<E extends StatusEvent>(initial: OrderLineStatus, events: readonly E[]): Replay<E> {
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.index - b.index);
  let status = initial;
  const replayed: ReplayedEvent<E>[] = [];
  for (const { event } of ordered) {
    const check = PORTAL_STATUSES.includes(event.status)
      ? { allowed: false as const, reason: `A scan cannot set the status ${event.status}.` }
      : checkTransition(status, event.status);
    if (check.allowed) {
      status = event.status;
      replayed.push({ event, violation: null });
    } else {
      replayed.push({ event, violation: check.reason });
    }
  }
  return { status, events: replayed };
}
