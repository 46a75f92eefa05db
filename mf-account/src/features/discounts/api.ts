import type { GetUserDiscountsResponse, MemberOf } from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One loyalty discount of the signed-in user, as `GET /api/user_discounts` answers (api/src/modules/discounts). */
export type UserDiscount = MemberOf<GetUserDiscountsResponse>;

const KEY = ['user-discounts'];

/** The user's loyalty discounts; only for a signed-in user (the API answers 401 otherwise). */
export function useMyDiscounts() {
  const { api, session } = usePlatform();
  const signedIn = !!session?.user;
  return useQuery({
    queryKey: [...KEY, session?.user?.id ?? null],
    queryFn: ({ signal }) => api.GET('/api/user_discounts', { signal }),
    enabled: signedIn,
  });
}

/** The new-discount dialog was closed: it does not open again for these discounts. */
export function useMarkSeen() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      Promise.all(
        ids.map((id) => api.POST('/api/user_discounts/{id}/seen', { path: { id }, body: {}, skipBotCheck: true })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
