import {
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
  type EventBus,
  MAX_CLIENT_ERRORS_PER_PAGE,
  withoutQuery,
} from '@portal/shared-contracts';

/** How a report leaves the page: a beacon survives the page being closed right after an error. */
export type SendReport = (report: ClientErrorReport) => void;

const sendWithBeacon: SendReport = (report) => {
  const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
  if (navigator.sendBeacon?.(CLIENT_ERRORS_PATH, body)) return;
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
};

const text = (value: unknown, limit: number) => String(value ?? '').slice(0, limit);

/**
 * Sends the page's failures to the API's log (issue 17): uncaught errors, unhandled rejections and
 * remotes that failed to load (`remote:failed`). At most MAX_CLIENT_ERRORS_PER_PAGE reports a page
 * load and each message once, so that an error in a render loop cannot flood the API. The page's
 * path is sent without its query string. Returns a function that stops reporting.
 */
export function reportClientErrors(events: EventBus, send: SendReport = sendWithBeacon): () => void {
  const seen = new Set<string>();
  const report = (entry: Omit<ClientErrorReport, 'page'>) => {
    const key = `${entry.kind}|${entry.remote ?? ''}|${entry.message}`;
    if (seen.size >= MAX_CLIENT_ERRORS_PER_PAGE || seen.has(key)) return;
    seen.add(key);
    send({ ...entry, page: withoutQuery(window.location.pathname) });
  };
  const onError = (event: ErrorEvent) => {
    const error = event.error as Error | undefined;
    report({
      kind: 'javascript',
      message: text(event.message || error?.message || 'error', 2000),
      ...(event.filename
        ? { source: text(`${withoutQuery(event.filename)}:${event.lineno}:${event.colno}`, 2000) }
        : {}),
      ...(error?.stack ? { stack: text(error.stack, 8000) } : {}),
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as Error | undefined;
    report({
      kind: 'unhandled-rejection',
      message: text(reason?.message ?? reason ?? 'unhandled rejection', 2000),
      ...(reason?.stack ? { stack: text(reason.stack, 8000) } : {}),
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const stopRemotes = events.on('remote:failed', ({ name, reason }) =>
    report({ kind: 'remote-load', remote: text(name, 100), message: text(reason || 'failed to load', 2000) }),
  );
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    stopRemotes();
  };
}
