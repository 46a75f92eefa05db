import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The answer of `POST /api/admin/service_locations/import` (api/src/modules/service-locations/import-routes.ts). */
export interface ImportReport {
  scope: 'all' | 'partial';
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  reactivated: number;
  retired: number;
}

export function useImportLocations() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, scope }: { data: object; scope: 'all' | 'partial' }) =>
      api.POST('/api/admin/service_locations/import', { body: data, query: { scope }, skipBotCheck: true }),
    // The back office's list and the map's markers show the imported places.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'service-locations'] }),
        queryClient.invalidateQueries({ queryKey: ['service-locations'] }),
      ]),
  });
}
