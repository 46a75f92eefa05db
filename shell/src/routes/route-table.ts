import type { LocalizedText } from '@portal/shared-contracts';
import { SHELL_ROUTES as SHELL_PAGE_ROUTES } from '@portal/shared-contracts/router';

/**
 * The portal's routes: the shell's own pages (SPEC §2). Every other route belongs to a remote, which declares it in
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

/** The shell's own pages, from the list the gateway answers 404 by (shared-contracts/router). */
export const SHELL_ROUTES: readonly PortalRoute[] = SHELL_PAGE_ROUTES.map((route) => ({ ...route, owner: 'shell' }));
