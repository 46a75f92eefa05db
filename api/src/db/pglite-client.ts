import { AsyncLocalStorage } from 'node:async_hooks';
import { type PGlite, type Transaction, types } from '@electric-sql/pglite';
import { observed, type QueryObserver } from './query-observer';

/**
 * Drizzle leaves dates, timestamps, intervals and their arrays (and numeric[]) as text, which it
 * maps itself, by passing these parsers with every query. PGlite then copies its whole table of
 * parsers (over 300 entries) for that query: about 0.27 ms, more than a simple query itself costs.
 * So the same parsers are given once, when PGlite is created, and each query's copy is dropped.
 */
const LEFT_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
export const DRIZZLE_PARSERS = Object.fromEntries(LEFT_AS_TEXT.map((oid) => [oid, (value: string) => value]));

type QueryOptions = Parameters<Transaction['query']>[2];

function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * The transaction whose callback the current code runs in, while it is open. PGlite runs one
 * transaction at a time and every query on the client itself waits for it to end: a query on the
 * client (instead of on `tx`), or a second transaction, awaited inside a transaction's callback
 * waits for itself, and every later request of the whole API waits behind it for good. Such a query
 * is refused at once instead (a 500 for that request, the rest of the API unharmed), naming itself.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class QueryInsideTransactionError extends Error {
  constructor(statement: string) {
    super(
      `A query on the database client inside an open transaction would wait for that transaction for ever (use the transaction's client): ${statement.slice(0, 200)}`,
    );
    this.name = 'QueryInsideTransactionError';
  }
}

function insideOpenTransaction(): boolean {
  return openTransaction.getStore()?.open === true;
}

/**
 * The client (or a transaction of it) whose queries run with the parsers given at creation only,
 * each told to the observer. On the client itself (`wrapTransactions`), a query or transaction
 * started inside an open transaction is refused (openTransaction).
 */
function sharedParsers<T extends Pick<Transaction, 'query'>>(
  target: T,
  wrapTransactions: boolean,
  observer: QueryObserver,
): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          wrapTransactions && insideOpenTransaction()
            ? Promise.reject(new QueryInsideTransactionError(query))
            : observed(observer, query, () => object.query(query, params, withoutParsers(options)));
      }
      if (property === 'transaction' && wrapTransactions) {
        return async <R>(callback: (tx: Transaction) => Promise<R>) => {
          if (insideOpenTransaction()) throw new QueryInsideTransactionError('BEGIN');
          return (object as unknown as PGlite).transaction(async (tx) => {
            const state = { open: true };
            try {
              return await openTransaction.run(state, () => callback(sharedParsers(tx, false, observer)));
            } finally {
              state.open = false;
            }
          });
        };
      }
      const value = Reflect.get(object, property, receiver);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** PGlite for Drizzle: create it with `parsers: DRIZZLE_PARSERS`, then hand Drizzle this. */
export function forDrizzle(client: PGlite, observer: QueryObserver = {}): PGlite {
  return sharedParsers(client, true, observer);
}
