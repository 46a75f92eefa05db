import type { GetAdminAuditResponse, MemberOf } from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** One row of `GET /api/admin/audit` (api/src/modules/audit). */
export type AuditEntry = MemberOf<GetAdminAuditResponse>;

/** The search as the API takes it: dates YYYY-MM-DD (whole Riga days), empty fields left out. */
export interface AuditSearch {
  user: string;
  entityType: string;
  entityId: string;
  from: string | null;
  until: string | null;
  page: number;
}

export const AUDIT_PER_PAGE = 20;

export function useAuditTrail(search: AuditSearch) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/audit', {
        query: {
          user: search.user.trim() || undefined,
          entityType: search.entityType.trim() || undefined,
          entityId: search.entityId.trim() || undefined,
          from: search.from ?? undefined,
          until: search.until ?? undefined,
          page: search.page,
          itemsPerPage: AUDIT_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
