import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One cache of `GET /api/admin/caches` (api/src/modules/caches). */
export interface CacheEntry {
  '@id': string;
  name: string;
  clearedAt: string | null;
}

const KEY = ['admin', 'caches'];

export function useCaches() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.GET('/api/admin/caches', { signal }),
  });
}

export function useClearCache() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.POST('/api/admin/caches/{name}/clear', { path: { name }, body: {}, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
