/**
 * Every kind of background job and its retry policy, in one place (issue 37 item 2). A kind is a
 * pg-boss queue; a failed attempt is tried again after `retryDelaySeconds`, doubling (with pg-boss'
 * jitter, up to twice that) at most to `retryDelayMaxSeconds`, `retryLimit` times; then the job is
 * `failed` (the module's record says so). The numbers are those the hand-written queues had.
 */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** How long one attempt may run before the engine takes it back and counts it failed. */
  expireInSeconds: number;
  /**
   * Jobs carry a key and run strictly in order per key: a later job of a key waits while an
   * earlier one is running or waiting for a retry (pg-boss' key_strict_fifo). A keyed job given up
   * is completed with its failure, so that it does not hold its key's later jobs for ever.
   */
  keyed?: boolean;
}

/** Wide enough for "never gives up" while pg-boss counts retries in an int: at 6 h each, 24 years. */
const NEVER = 35_000;

export const JOB_POLICIES = {
  /**
   * A webhook delivery: 30 s, 1, 2, 4… minutes, at most an hour apart; 30 tries reach about a day
   * after the event (5 doubling steps, then hourly), after which the delivery is `failed`.
   */
  'webhooks.deliver': {
    retryLimit: 30,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
    // Keyed by endpoint and shipment: a receiver gets a shipment's events in the order they happened.
    keyed: true,
  },
  /** A hand-over code's e-mail: 1, 2, 4… minutes, at most an hour apart, for about a day; the code stays on the order's page. */
  'handover.mail': { retryLimit: 30, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600, expireInSeconds: 120 },
  /** A status change's e-mail: the same as a hand-over code's. */
  'notifications.mail': { retryLimit: 30, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600, expireInSeconds: 120 },
  /** An eBay fulfilment: 1, 2, 4… minutes, at most 6 hours apart; never given up (the seller sees why). */
  'ebay.fulfil': { retryLimit: NEVER, retryDelaySeconds: 60, retryDelayMaxSeconds: 6 * 3600, expireInSeconds: 120 },

  // The consumers of domain events (modules/events): each gets every event of the types it heard as
  // a job of its own kind, so one consumer's failure is retried on its own. Their work is the
  // writing of their own records and jobs; a failure is the database's, tried again for about a day.
  /**
   * Webhooks: an event's deliveries. Keyed by the order: a paid order's events reach the webhooks in
   * the order they happened, so its deliveries are written (and sent, per shipment) in that order.
   */
  'webhooks.events': {
    retryLimit: 30,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
    keyed: true,
  },
  /** eBay: a paid order's fulfilment rows and their `ebay.fulfil` jobs. */
  'ebay.order-paid': { retryLimit: 30, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600, expireInSeconds: 120 },
  /** Hand-over: a paid order's record (its code) and its `handover.mail` job. */
  'handover.order-paid': { retryLimit: 30, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600, expireInSeconds: 120 },
  /**
   * Notifications: a status change's list entry and its `notifications.mail` job. Keyed by shipment:
   * a shipment's changes are listed (and e-mailed) in the order they happened.
   */
  'notifications.status-changed': {
    retryLimit: 30,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
    keyed: true,
  },
  /**
   * eBay: a deleted profile's links and their tokens forgotten (`profile.deleted`). Only the
   * database's work; tried for about a day like the others, then `failed` for an operator to see:
   * the tokens must not outlive the profile unnoticed.
   */
  'ebay.profile-deleted': {
    retryLimit: 30,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
  },
  /**
   * Notifications: the e-mail confirming an account's or a profile's deletion, sent by the job
   * itself (no entry in a list: the person can no longer sign in to read one). The mail server's
   * failures are the ones a status change's e-mail meets, so the same policy as `notifications.mail`.
   */
  'notifications.account-deleted': {
    retryLimit: 30,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
  },
} as const satisfies Record<string, RetryPolicy>;

export type JobKind = keyof typeof JOB_POLICIES;
export const JOB_KINDS = Object.keys(JOB_POLICIES) as JobKind[];

/**
 * The earliest time the engine tries a job again after its attempt number `retryCount` (0 for the
 * first) failed: pg-boss waits between this and twice it (its jitter), at most the policy's maximum.
 */
export function earliestRetryAt(kind: JobKind, retryCount: number, now: Date): Date {
  const policy: RetryPolicy = JOB_POLICIES[kind];
  const seconds = Math.min(policy.retryDelayMaxSeconds, policy.retryDelaySeconds * 2 ** Math.min(16, retryCount));
  return new Date(now.getTime() + seconds * 1000);
}
