// @fastify/rate-limit's two stores, imported by api/src/http/rate-limit-store.ts (the package types
// its plugin only). Constructors as the package calls them: (continueExceeding, exponentialBackoff, ...).
declare module '@fastify/rate-limit/store/LocalStore.js' {
  interface Count {
    current: number;
    ttl: number;
  }
  type Callback = (error: Error | null, count: Count | null) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): Store;
  }
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  interface Count {
    current: number;
    ttl: number;
  }
  type Callback = (error: Error | null, count: Count | null) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): Store;
  }
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
  export default RedisStore;
}
