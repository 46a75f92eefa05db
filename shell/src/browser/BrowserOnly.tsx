import { type ReactNode, useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * What loads its code in the browser only (a remote's module, a lazy page): on the server and while
 * React takes over the server's markup, `fallback`, the same placeholder the browser shows while the
 * code loads; then `children`. Rendered on the server, a lazily loaded part would leave a Suspense
 * boundary unfinished, which the browser reports as an error when it hydrates (React error 419).
 */
export function BrowserOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
