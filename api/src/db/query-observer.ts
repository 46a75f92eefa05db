// What the traces (http/tracing.ts) learn of the database: each statement's start and end, on
// either driver (database.ts for PostgreSQL's pooled clients, pglite-client.ts for PGlite).

/**
 * Told of each statement as it starts (the traces, http/tracing.ts); answers what to call when it
 * ended, or nothing when it is not followed.
 */
export type QueryStart = (statement: string) => ((error?: unknown) => void) | undefined;

/** The observer of one client's statements, set after it is opened (observeQueries). */
export interface QueryObserver {
  start?: QueryStart;
}

/**
 * Runs a statement, telling `observer` when it starts and ends. Not async itself: a statement nobody
 * follows (no traces, the usual case) runs as a plain call, without a promise of its own around it.
 */
export function observed<R>(observer: QueryObserver, statement: string, run: () => Promise<R>): Promise<R> {
  const end = observer.start?.(statement);
  return end ? followed(end, run) : run();
}

async function followed<R>(end: (error?: unknown) => void, run: () => Promise<R>): Promise<R> {
  try {
    const result = await run();
    end();
    return result;
  } catch (error) {
    end(error);
    throw error;
  }
}
