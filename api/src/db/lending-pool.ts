import pg from 'pg';

/**
 * A node-postgres pool whose lent clients give themselves back when their transaction cannot start.
 *
 * Drizzle's node-postgres `transaction()` sends BEGIN before the `try/finally` that releases its
 * pooled client (drizzle-orm's `node-postgres/session.js`). When BEGIN fails, nothing releases the
 * client and the pool is one connection smaller until the process ends; `pool.end()` then waits
 * for it for ever. BEGIN fails on a connection the server has just ended (a restart, a failover,
 * `pg_terminate_backend`) that the pool lent out before it heard of the end. So a client lent by
 * `connect()` here is released, with BEGIN's error (the pool then drops it), when its BEGIN fails,
 * and a second release of the same loan is ignored instead of throwing: whoever holds the client
 * (Drizzle, or our own `finally`) may still call it.
 *
 * Only the promise form of `connect()` is changed: it is the one Drizzle and our code call; the
 * pool's own `query()` lends through the callback form and releases in every case.
 */
export class LendingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releasedWhenBeginFails);
  }
}

/** The loan's `release` made idempotent, and called with the error when a BEGIN on it fails. */
function releasedWhenBeginFails(client: pg.PoolClient): pg.PoolClient {
  const releaseLoan = client.release;
  const query = client.query;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    // Put back the client's own query for its next borrower (pg-pool gives each loan its release).
    client.query = query;
    releaseLoan(error);
  };
  client.query = ((...args: Parameters<typeof query>) => {
    const answer = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (startsTransaction(args[0]) && answer instanceof Promise) {
      answer.catch((error: Error) => client.release(error));
    }
    return answer;
  }) as typeof query;
  return client;
}

function startsTransaction(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\s*(begin|start\s+transaction)\b/i.test(text);
}
