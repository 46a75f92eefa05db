import type { CompanyRole, NotificationSettings } from '@portal/shared-contracts/account';
import type { GetHsCodesResponse, MemberOf } from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const savedCodesKey = (accountId: number) => ['saved-hs-codes', accountId] as const;

/** The active account's saved goods codes. */
export function useSavedHsCodes(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: savedCodesKey(accountId),
    queryFn: ({ signal }) => api.GET('/api/accounts/{id}/saved_hs_codes', { path: { id: accountId }, signal }),
  });
}

export function useSaveHsCode(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; description: string }) =>
      api.POST('/api/accounts/{id}/saved_hs_codes', { path: { id: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCodesKey(accountId) }),
  });
}

export function useUpdateHsCode(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, description }: { id: number; description: string }) =>
      api.PATCH('/api/accounts/{id}/saved_hs_codes/{itemId}', {
        path: { id: accountId, itemId: id },
        body: { description },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCodesKey(accountId) }),
  });
}

export function useDeleteHsCode(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.DELETE('/api/accounts/{id}/saved_hs_codes/{itemId}', { path: { id: accountId, itemId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCodesKey(accountId) }),
  });
}

/** One code of the HS nomenclature as GET /api/hs_codes answers it (api/src/modules/hs-codes). */
export type HsCodeItem = MemberOf<GetHsCodesResponse>;

/** A search the API takes: two letters or digits at least. */
export const isSearchable = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length >= 2;

/** The existing HS search (SPEC §1), used to pick the code to save. */
export function useHsCodeSearch(search: string) {
  const { api } = usePlatform();
  const trimmed = search.trim();
  return useQuery({
    queryKey: ['hs-codes', 'search', trimmed],
    queryFn: ({ signal }) =>
      api.GET('/api/hs_codes', {
        query: { search: trimmed },
        signal,
      }),
    enabled: isSearchable(trimmed),
    staleTime: 60 * 60_000,
  });
}

const settingsKey = (userId: number) => ['notification-settings', userId] as const;

export function useNotificationSettings(userId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: settingsKey(userId),
    queryFn: ({ signal }) => api.GET('/api/users/{id}/notification_settings', { path: { id: userId }, signal }),
  });
}

export function useSaveNotificationSettings(userId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<NotificationSettings, 'language' | 'statuses'>) =>
      api.PUT('/api/users/{id}/notification_settings', { path: { id: userId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(userId), saved),
  });
}

/** The account as GET /api/accounts/{id} answers it: a company's users and branches. */
export function useAccount(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['account', accountId],
    queryFn: ({ signal }) => api.GET('/api/accounts/{id}', { path: { id: accountId }, signal }),
  });
}

export function useAddCompanyUser(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: CompanyRole }) =>
      api.POST('/api/accounts/{id}/user_accounts', { path: { id: accountId }, body }),
    onSuccess: (account) => queryClient.setQueryData(['account', accountId], account),
  });
}

export function useRemoveCompanyUser(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) =>
      api.DELETE('/api/accounts/{id}/user_accounts/{itemId}', { path: { id: accountId, itemId: linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', accountId] }),
  });
}

/**
 * The caller's code of the account waiting to be typed, null when none is (an ordinary answer since
 * issue 40: it was a 404, which the browser logged on every load of the page): the screen resumes it.
 */
export function usePendingPhoneVerification(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['phone-verification', accountId],
    queryFn: ({ signal }) =>
      api.GET('/api/accounts/{id}/phone_verifications/pending', { path: { id: accountId }, signal }),
    retry: false,
  });
}
