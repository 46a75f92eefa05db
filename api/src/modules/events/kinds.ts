import { z } from 'zod';

/**
 * Every kind of domain event and its data, declared once (issue 37 item 2). Producers publish them
 * (outbox.ts), consumers subscribe to them by type in the composition root; both sides are typed
 * from these schemas, and the data is checked when published and again when a consumer's job reads
 * it. Times are ISO 8601 strings: the data travels as JSON (the table's row, the jobs' copies).
 */
export const DOMAIN_EVENT_KINDS = {
  /** An order was paid (orders' settlement): its lines have their S10 numbers, in line order. */
  'order.paid': z.object({
    orderId: z.number().int(),
    key: z.string(),
    userId: z.number().int().nullable(),
    barcodes: z.array(z.string()),
    paidAt: z.iso.datetime(),
    /** A test-mode order (issue 38): its webhooks go out; nothing is handed to the post's systems. */
    testMode: z.boolean(),
  }),
  /** A shipment's status changed (tracking's ingestion), one event per shipment and batch. */
  'shipment.status_changed': z.object({
    orderId: z.number().int(),
    orderLineId: z.number().int(),
    shipmentNumber: z.string(),
    from: z.string(),
    to: z.string(),
    /** When the scan that set `to` happened. */
    statusDate: z.iso.datetime(),
    testMode: z.boolean(),
  }),
  /** A return label was made (returns' create or redeem): the return's own S10 number, and the shipment it sends back. */
  'return.created': z.object({
    accountId: z.number().int(),
    orderKey: z.string(),
    /** The shipment sent back. */
    shipmentNumber: z.string(),
    /** The return's own S10 number (the line's returnBarcode). */
    returnBarcode: z.string(),
    createdAt: z.iso.datetime(),
    testMode: z.boolean(),
  }),
  /**
   * An account was deleted (identity: DELETE /api/accounts/{id}, or with its one user's profile),
   * in the deletion's transaction. Ids only, no personal data: the outbox and the consumers' jobs
   * keep their copies for JOB_HISTORY_DAYS, out of reach of any later erasure, while the person's
   * e-mail and language stay where they live (identity's user row, which both deletions keep) and
   * are looked up when a consumer needs them.
   */
  'account.deleted': z.object({
    accountId: z.number().int(),
    kind: z.enum(['private', 'company']),
    deletedAt: z.iso.datetime(),
    /** Who deleted it: its main administrator, or the user whose profile took it along. */
    deletedBy: z.object({ userId: z.number().int() }),
    /** Deleted with `deletedBy`'s profile: a `profile.deleted` event follows in the same transaction. */
    withProfile: z.boolean(),
  }),
  /**
   * A user deleted their profile (identity: DELETE /api/users/{id}). The user row stays, marked
   * deleted (the back office's archive, the refused sign-in), so nothing that hangs on it by a
   * foreign key goes by cascade: what a module keeps of the person is its consumer's to remove.
   */
  'profile.deleted': z.object({
    userId: z.number().int(),
    deletedAt: z.iso.datetime(),
    /** The accounts that went with it (only this user belonged to them): each has its `account.deleted`. */
    deletedAccountIds: z.array(z.number().int()),
  }),
  /** A return's status changed (tracking's ingestion of scans of its own S10 number), one event per return and batch. */
  'return.status_changed': z.object({
    orderId: z.number().int(),
    /** The original shipment's line (its order's account is the shop's). */
    orderLineId: z.number().int(),
    /** The shipment sent back. */
    shipmentNumber: z.string(),
    /** The return's own S10 number. */
    returnBarcode: z.string(),
    from: z.string(),
    to: z.string(),
    statusDate: z.iso.datetime(),
    testMode: z.boolean(),
  }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENT_KINDS;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENT_KINDS) as DomainEventType[];

export type DomainEventData<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENT_KINDS)[T]>;

/** An event as a producer publishes it. */
export type NewDomainEvent = {
  [T in DomainEventType]: {
    type: T;
    aggregateId: string;
    data: DomainEventData<T>;
    /** When it happened, by the producer's clock (the change's own time); else when published. */
    occurredAt?: Date;
  };
}[DomainEventType];

/** An event as a consumer gets it: published, with its id and time. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: string; type: K; aggregateId: string; occurredAt: string; data: DomainEventData<K> };
}[T];
