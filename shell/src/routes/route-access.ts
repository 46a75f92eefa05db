import type { SessionStatus, User } from '@portal/shared-contracts';
import type { PortalRoute } from './route-table';

/**
 * What the shell does with a route before its remote loads (SPEC §2): `wait` while the session is
 * still loading, `sign-in` for a visitor at a login-required route, `denied` for a signed-in user
 * without the admin flag at an admin-only route. The API guards the admin calls again
 * (modules/identity: every /api/admin/... route), so this only spares the user a broken screen.
 */
export type RouteAccess = 'allowed' | 'wait' | 'sign-in' | 'denied';

export function routeAccess(
  route: Pick<PortalRoute, 'loginRequired' | 'adminOnly'> | undefined,
  status: SessionStatus,
  user: Pick<User, 'isAdmin'> | null,
): RouteAccess {
  const loginRequired = route?.loginRequired === true || route?.adminOnly === true;
  if (!loginRequired) return 'allowed';
  if (status === 'loading') return 'wait';
  if (status === 'anonymous') return 'sign-in';
  if (route?.adminOnly === true && user?.isAdmin !== true) return 'denied';
  return 'allowed';
}
