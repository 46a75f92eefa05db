import { matchPath } from 'react-router-dom';

/**
 * The paths the portal answers with a page of its own, in one place for the two that need them:
 * the shell routes with them (shell/src/routes), and the gateway answers 404 for every other path
 * (infra/gateway/portal-static.ts; issue 40), with the same not-found page the shell then draws.
 * Every other route belongs to a remote, which declares it in its own `remote.config.json`.
 */
export interface ShellRoute {
  path: string;
  /** The page's title key in the shell's catalogue. */
  titleKey: string;
}

/** The shell's own pages (SPEC §2). */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/', titleKey: 'pages.home' },
  { path: '/terms', titleKey: 'pages.terms' },
  { path: '/privacy-policy', titleKey: 'pages.privacyPolicy' },
  { path: '/cookie-policy', titleKey: 'pages.cookiePolicy' },
  { path: '/accessibility', titleKey: 'pages.accessibility' },
  { path: '/prohibitions', titleKey: 'pages.prohibitions' },
  { path: '/deadlines', titleKey: 'pages.deadlines' },
  { path: '/table', titleKey: 'pages.table' },
];

/** Where the identity provider sends the browser back after a sign-in (a page, drawn by the shell). */
export const CALLBACK_PATH = '/auth/callback';
/** The same for the hidden renewal of a session. */
export const SILENT_CALLBACK_PATH = '/auth/silent-callback';

/** A remote as far as its routes go (remotes.json with the remotes' descriptions). */
interface RoutedRemote {
  description?: { routes?: readonly { path: string }[] };
}

/** Whether `pattern` (a route path such as `/orders/:orderType/:id?`) takes the whole of `pathname`. */
export function routeMatches(pattern: string, pathname: string): boolean {
  return matchPath({ path: pattern, end: true }, pathname) !== null;
}

/**
 * Whether some page of the portal is at `pathname`: the shell's own, the sign-in callbacks, or a
 * route a remote declares (a switched-off remote's too: its path shows "temporarily unavailable").
 */
export function isPortalPath(pathname: string, remotes: readonly RoutedRemote[]): boolean {
  if (pathname === CALLBACK_PATH || pathname === SILENT_CALLBACK_PATH) return true;
  const patterns = [
    ...SHELL_ROUTES.map((route) => route.path),
    ...remotes.flatMap((remote) => (remote.description?.routes ?? []).map((route) => route.path)),
  ];
  return patterns.some((pattern) => routeMatches(pattern, pathname));
}
