/**
 * Whether an error means the database cannot be reached right now (issue 17: a database restart
 * during traffic is survived): the connection was refused, reset or timed out, or the server is
 * shutting down, starting up or out of connections. Such a request is answered 503 with a retry
 * hint instead of 500; it wrote nothing, since every write runs in a transaction.
 * Drizzle wraps the driver's error: the whole `cause` chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read as plain objects: an error made by Node's sockets may come from another realm (a vm
  // context, e.g. a test runner's), where `instanceof Error` is false.
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message } = current;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    // object_not_in_prerequisite_state is a refused connection only when the database is closed to
    // new sessions (`ALLOW_CONNECTIONS false`, as during a restore or a managed maintenance).
    if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message)) return true;
    // node-postgres says so in words only, without a code.
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}

// node-postgres's words for a lost or refused connection, and PGlite's for a database being closed.
const UNAVAILABLE_MESSAGES =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error and is not queryable|^PGlite is clos(?:ed|ing)/;
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections|is not accepting connections/;

const UNAVAILABLE_CODES = new Set([
  // The socket (Node).
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped,
  // idle_session_timeout, too_many_connections (the server's, a database's or a role's limit),
  // insufficient_resources (and class 08, connection exceptions, above).
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '53300',
  '53000',
]);
