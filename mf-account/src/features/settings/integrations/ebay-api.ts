import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const accountsKey = ['ebay-accounts'] as const;
export function useEbayAccounts() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => api.GET('/api/ebay/accounts', { signal }),
  });
}

/** Starts linking (a new account) or completes one (an id): answers eBay's consent page. */
export function useStartEbayLink() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: (target: { name: string } | { id: number }) =>
      'id' in target
        ? api.POST('/api/ebay/accounts/{id}/consent', { path: { id: target.id }, body: {} })
        : api.POST('/api/ebay/accounts', { body: { name: target.name } }),
  });
}

export function useUnlinkEbay() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.DELETE('/api/ebay/accounts/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

/** eBay's answer on the return page, handed to the API once. */
export function useAcceptEbayLink() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { state: string; code?: string; error?: string }) =>
      api.POST('/api/ebay/accounts/accepted', { body: answer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

/** Leaves the portal for eBay's consent page (a full navigation: eBay's own site). */
export function goToConsent(url: string): void {
  window.location.assign(url);
}
