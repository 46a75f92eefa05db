import type { FastifyInstance } from 'fastify';

/** Statuses whose answer has no body (the Fetch API refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for reads that the Fastify app in this process answers (its API), without a socket:
 * the gateway's first screen asks the API's public reads with it (first-screen.ts). Reads only:
 * anything else is refused, so that rendering a page can never change data.
 */
export function inProcessFetch(app: Pick<FastifyInstance, 'inject'>): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new TypeError(`in-process fetch reads only (GET), not ${method}`);
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://gateway.invalid');
    init?.signal?.throwIfAborted();
    const answered = app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers)),
    });
    const response = await (init?.signal ? untilAborted(answered, init.signal) : answered);
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const each of Array.isArray(value) ? value : [value]) headers.append(name, String(each));
    }
    const body = NULL_BODY_STATUSES.has(response.statusCode) ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };
}

/** The promise, or its signal's reason as soon as it is aborted (the answer is then dropped). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
