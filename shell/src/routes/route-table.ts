import type { LocalizedText } from '@portal/shared-contracts';

/**
 * The shell's own pages (SPEC §2). Every other route belongs to a remote, which declares it in
 * its own `remote.config.json`; the shell learns those from `/remotes.json` at run time
 * (remotes/remote-catalogue.ts) and knows no remote by name.
 */
export type RouteOwner = 'shell' | (string & {});

export interface PortalRoute {
  path: string;
  owner: RouteOwner;
  /** A shell page's title key in the shell's catalogue. */
  titleKey?: string;
  /** A remote's page title, in the remote's own words. */
  title?: LocalizedText;
  loginRequired?: boolean;
  adminOnly?: boolean;
}

export const SHELL_ROUTES: readonly PortalRoute[] = [
  { path: '/', owner: 'shell', titleKey: 'pages.home' },
  { path: '/terms', owner: 'shell', titleKey: 'pages.terms' },
  { path: '/privacy-policy', owner: 'shell', titleKey: 'pages.privacyPolicy' },
  { path: '/cookie-policy', owner: 'shell', titleKey: 'pages.cookiePolicy' },
  { path: '/accessibility', owner: 'shell', titleKey: 'pages.accessibility' },
  { path: '/prohibitions', owner: 'shell', titleKey: 'pages.prohibitions' },
  { path: '/deadlines', owner: 'shell', titleKey: 'pages.deadlines' },
  { path: '/table', owner: 'shell', titleKey: 'pages.table' },
];
