import type { ApiClient } from '@portal/shared-contracts';

/**
 * The home page's order lists (SPEC §2): `mine` are the signed-in user's own recent orders in the
 * active account, `account` every shipment of the (company) account, whoever of its users made it.
 */
export type HomeOrdersScope = 'mine' | 'account';

/** Rows each list shows; the full lists with filters are on /my-orders. */
export const HOME_ORDERS_ROWS: Record<HomeOrdersScope, number> = { mine: 5, account: 10 };

export function homeOrdersQuery(api: ApiClient, scope: HomeOrdersScope, account: number | null) {
  const query = {
    rowsPerPage: HOME_ORDERS_ROWS[scope],
    '_order[createdAt]': 'DESC',
    ...(scope === 'mine' ? { mine: 'true' as const } : {}),
  } as const;
  return {
    queryKey: ['my-orders', 'home', scope, account],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.GET('/api/orders', { query, signal }),
  };
}
