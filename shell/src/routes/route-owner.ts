import type { RemoteEntry } from '@portal/shared-contracts';
import { routeMatches } from '@portal/shared-contracts/router';
import { remoteRoutes } from '../remotes/remote-catalogue';
import { type PortalRoute, SHELL_ROUTES } from './route-table';

export type PathOwner =
  | { kind: 'remote'; remote: RemoteEntry }
  /** A path a remote declares while it is switched off in remotes.json. */
  | { kind: 'unavailable'; name: string }
  | { kind: 'none' };

/** Which remote serves a path, from the routes the remotes declare. */
export function ownerOfPath(pathname: string, remotes: readonly RemoteEntry[]): PathOwner {
  const route = remoteRoutes(remotes).find((candidate) => routeMatches(candidate.path, pathname));
  const remote = route && remotes.find((entry) => entry.name === route.owner);
  if (!remote) return { kind: 'none' };
  return remote.enabled ? { kind: 'remote', remote } : { kind: 'unavailable', name: remote.name };
}

/** The route (the shell's own or a remote's) a path is on, with its login and admin requirements. */
export function routeForPath(pathname: string, remotes: readonly RemoteEntry[]): PortalRoute | undefined {
  return [...SHELL_ROUTES, ...remoteRoutes(remotes)].find((route) => routeMatches(route.path, pathname));
}
