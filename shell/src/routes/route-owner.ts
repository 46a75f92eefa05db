import type { RemoteEntry } from '@portal/shared-contracts';
import { matchPath } from '@portal/shared-contracts/router';
import { type PortalRoute, ROUTES } from './route-table';

export type PathOwner =
  | { kind: 'remote'; remote: RemoteEntry }
  /** A path of SPEC §2 whose remote is missing from remotes.json or switched off. */
  | { kind: 'unavailable'; name: string }
  | { kind: 'none' };

function matches(pattern: string, pathname: string): boolean {
  return matchPath({ path: pattern, end: true }, pathname) !== null;
}

/** Which remote serves a path: remotes.json first, the static route table as the fallback. */
export function ownerOfPath(pathname: string, remotes: readonly RemoteEntry[]): PathOwner {
  const remote = remotes.find((entry) => entry.paths.some((pattern) => matches(pattern, pathname)));
  if (remote) return remote.enabled ? { kind: 'remote', remote } : { kind: 'unavailable', name: remote.name };
  const known = routeForPath(pathname);
  if (known && known.owner !== 'shell') return { kind: 'unavailable', name: known.owner };
  return { kind: 'none' };
}

export function routeForPath(pathname: string): PortalRoute | undefined {
  return ROUTES.find((route) => matches(route.path, pathname));
}
