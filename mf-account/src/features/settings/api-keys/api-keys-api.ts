import type { ApiKeyMode, ApiKeyScope } from '@portal/shared-contracts/account';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keysKey = (accountId: number) => ['api-keys', accountId] as const;

export function useApiKeys(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: keysKey(accountId),
    queryFn: ({ signal }) => api.GET('/api/accounts/{id}/api_keys', { path: { id: accountId }, signal }),
  });
}

export function useCreateApiKey(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[]; mode?: ApiKeyMode }) =>
      api.POST('/api/accounts/{id}/api_keys', { path: { id: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(accountId) }),
  });
}

export function useRevokeApiKey(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.POST('/api/accounts/{id}/api_keys/{keyId}/revoke', { path: { id: accountId, keyId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(accountId) }),
  });
}
