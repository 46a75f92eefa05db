import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// @fastify/rate-limit's own stores (CommonJS, untyped subpaths: types/rate-limit-stores.d.ts).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What a store answers for one key: the count in the window and the milliseconds it has left. */
interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, count: Count | null) => void;

/** The store interface of @fastify/rate-limit (`store` option): one instance per limiter (`child`). */
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: StoreParams): Store;
}
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string; url?: string };
}

/** How long to leave a connected Redis that failed a command before it is asked again. */
const RETRY_AFTER_FAILURE_MS = 1_000;

export interface SharedCountersOptions {
  log: FastifyBaseLogger;
  /** Told each time the counters fall back to this instance's memory (the metrics' counter). */
  onFallback?: () => void;
  /** The clock of the retry after a failed command (tests). */
  now?: () => number;
}

/**
 * Rate-limit counters shared in Redis, with this instance's memory as the fallback (issue 35):
 * while Redis does not answer (not connected, or a command failed or passed its time limit), each
 * limiter counts in memory, so calls keep their usual time and each instance still enforces the
 * limits on its own. Falling back is logged once and counted (`onFallback`); readiness reads
 * `degradedReason`. The counters are shared again as soon as ioredis is connected again (its
 * `ready` event), or, when a command failed on a live connection, when one succeeds a second later.
 *
 * ioredis already knows the connection's state and reconnects by itself (retryStrategy); this
 * reads that state instead of a generic circuit breaker that would keep a second copy of it.
 */
export class SharedCounters {
  private reason: string | null = null;
  private failedAt = 0;
  private closing = false;
  private readonly now: () => number;

  constructor(
    readonly redis: Redis,
    private readonly options: SharedCountersOptions,
  ) {
    this.now = options.now ?? Date.now;
    // Every error is known here: none reaches stderr as ioredis's "Unhandled error event".
    redis.on('error', (error: Error) => this.fail(`Redis: ${error.message}`));
    redis.on('close', () => this.fail('Redis: connection closed'));
    redis.on('ready', () => this.recover());
  }

  /** Why the counters are in memory now, or null when they are shared in Redis. */
  degradedReason(): string | null {
    return this.reason;
  }

  /** Whether the next count asks Redis. */
  useRedis(): boolean {
    if (this.redis.status !== 'ready') {
      if (this.reason === null) this.fail(`Redis: ${this.redis.status}`);
      return false;
    }
    return this.reason === null || this.now() - this.failedAt >= RETRY_AFTER_FAILURE_MS;
  }

  /** Closes the connection (the app's onClose); its end is no outage. */
  async close(): Promise<void> {
    this.closing = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  fail(reason: string): void {
    this.failedAt = this.now();
    if (this.reason !== null || this.closing) return;
    this.reason = reason;
    this.options.log.warn(
      { dependency: 'redis', reason },
      "rate limits: Redis does not answer; counting in this instance's memory until it is back",
    );
    this.options.onFallback?.();
  }

  recover(): void {
    if (this.reason === null) return;
    this.options.log.info(
      { dependency: 'redis', was: this.reason },
      'rate limits: Redis is back; counters shared again',
    );
    this.reason = null;
  }

  /** The @fastify/rate-limit store class (its `store` option) counting through this. */
  storeClass(nameSpace: string): FastifyRateLimitStoreCtor {
    const shared = this;
    return class {
      constructor(params: StoreParams) {
        // biome-ignore lint/correctness/noConstructorReturn: @fastify/rate-limit constructs the store it is given
        return new FallbackStore(shared, params, nameSpace);
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }
}

/** One limiter's counters: in Redis through RedisStore, else in a LocalStore of its own. */
class FallbackStore implements Store {
  private readonly remote: Store;
  private readonly local: Store;

  constructor(
    private readonly shared: SharedCounters,
    params: StoreParams,
    nameSpace: string,
    remote?: Store,
  ) {
    this.remote =
      remote ??
      new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, shared.redis, nameSpace);
    this.local = new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, params.cache);
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  child(routeOptions: StoreParams): Store {
    return new FallbackStore(this.shared, routeOptions, '', this.remote.child(routeOptions));
  }

  private count(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.shared.useRedis()) {
      this.local[method](key, callback, timeWindow, max);
      return;
    }
    this.remote[method](
      key,
      (error, count) => {
        if (!error) {
          this.shared.recover();
          callback(null, count);
          return;
        }
        this.shared.fail(`Redis: ${error.message}`);
        this.local[method](key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
}
