import { usePlatform } from '@portal/shared-contracts/react';
import { useQuery } from '@tanstack/react-query';

/** GET /api/admin/tariffs: every workflow's tariff rows and what each rests on (administrators only). */
export function useWorkflowTariffs(onlyIndicative: boolean) {
  const { api, locale } = usePlatform();
  return useQuery({
    queryKey: ['admin-tariffs', onlyIndicative, locale],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/tariffs', { query: onlyIndicative ? { indicative: 'true' } : {}, signal }),
  });
}
