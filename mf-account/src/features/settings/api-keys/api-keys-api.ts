// The calls of the API keys section (issue 20 item 2), through the platform's API client; shapes
// and rules from `@portal/shared-contracts/account` (api/src/modules/api-keys).
import type { HydraCollection } from '@portal/shared-contracts';
import type { ApiKey, ApiKeyMode, ApiKeyScope, CreatedApiKey } from '@portal/shared-contracts/account';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keysKey = (accountId: number) => ['api-keys', accountId] as const;
const keysPath = (accountId: number) => `/api/accounts/${accountId}/api_keys`;

export function useApiKeys(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: keysKey(accountId),
    queryFn: ({ signal }) => api.get<HydraCollection<ApiKey>>(keysPath(accountId), { signal }),
  });
}

export function useCreateApiKey(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[]; mode?: ApiKeyMode }) =>
      api.post<CreatedApiKey>(keysPath(accountId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(accountId) }),
  });
}

export function useRevokeApiKey(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ApiKey>(`${keysPath(accountId)}/${id}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(accountId) }),
  });
}
