/** How many failed attempts a key may make within a window before it must wait. */
export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Per-account sign-in limits of the development provider (issue 36 item 4): besides the gateway's
 * per-address limit, ten wrong passwords for one e-mail within 15 minutes stop password sign-in
 * for that e-mail until the oldest of them is 15 minutes old, from whatever addresses they come
 * (credential stuffing against one account). Smart-ID and eParaksts are not affected.
 */
export const ACCOUNT_SIGN_IN_LIMIT: AttemptLimit = { max: 10, windowSeconds: 15 * 60 };

/**
 * Failed attempts per key (a sliding window of each key's last `max` failures), in memory: the
 * development provider runs in one process. At most `maxKeys` keys are kept (the oldest go first),
 * so a flood of made-up e-mails cannot grow it without end.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: AttemptLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit.max) return 0;
    const oldest = recent[recent.length - this.limit.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.limit.windowSeconds * 1000 - this.now()) / 1000));
  }

  fail(key: string): void {
    const recent = [...this.recent(key), this.now()].slice(-this.limit.max);
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey !== undefined) this.failures.delete(oldestKey);
    }
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limit.windowSeconds * 1000;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}
