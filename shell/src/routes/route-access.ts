import type { SessionStatus, User } from '@portal/shared-contracts';
import { mayOpenAdminPath } from '@portal/shared-contracts/admin/roles';
import type { PortalRoute } from './route-table';

/**
 * What the shell does with a route before its remote loads (SPEC §2): `wait` while the session is
 * still loading, `sign-in` for a visitor at a login-required route, `denied` for a signed-in user
 * without a back-office role that opens the admin page (`mayOpenAdminPath`, issue 14: a content
 * editor opens /admin/cms, not /admin/tariffs). The API guards the admin calls again
 * (modules/identity: every /api/admin/... route), so this only spares the user a broken screen.
 */
export type RouteAccess = 'allowed' | 'wait' | 'sign-in' | 'denied';

export function routeAccess(
  route: Pick<PortalRoute, 'loginRequired' | 'adminOnly'> | undefined,
  status: SessionStatus,
  user: Pick<User, 'adminRoles'> | null,
  pathname: string,
): RouteAccess {
  const loginRequired = route?.loginRequired === true || route?.adminOnly === true;
  if (!loginRequired) return 'allowed';
  if (status === 'loading') return 'wait';
  if (status === 'anonymous') return 'sign-in';
  if (route?.adminOnly === true && !mayOpenAdminPath(user?.adminRoles, pathname)) return 'denied';
  return 'allowed';
}
