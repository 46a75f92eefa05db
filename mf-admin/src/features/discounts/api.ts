import type { Discount, DiscountInput, DiscountKind, DiscountStatus } from '@portal/shared-contracts/admin';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One discount as `GET /api/admin/discounts/{id}` answers (api/src/modules/discounts). */
/** A discount of the list and the form: the API's answer, with its resource address. */
export type AdminDiscount = Discount & { '@id': string };

export const DISCOUNTS_PER_PAGE = 20;
export const DISCOUNT_SORT_FIELDS = ['createdAt', 'code', 'validFrom', 'validTill', 'usageCount', 'value'] as const;
export type DiscountSortField = (typeof DISCOUNT_SORT_FIELDS)[number];
const KEY = ['admin', 'discounts'];

export interface DiscountListFilter {
  code: string;
  status: DiscountStatus | '';
  kind: DiscountKind | '';
  sort: DiscountSortField;
  direction: 'asc' | 'desc';
  page: number;
}

/** The list's query string: empty filters are left out. */
function filterQuery({ code, status, kind, sort, direction }: Omit<DiscountListFilter, 'page'>) {
  return { code: code.trim() || undefined, status: status || undefined, kind: kind || undefined, sort, direction };
}

export function useAdminDiscounts(filter: DiscountListFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/discounts', {
        query: { ...filterQuery(filter), page: filter.page, itemsPerPage: DISCOUNTS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDiscount(id: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.GET('/api/admin/discounts/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** Create (no id) or replace. Admin routes are authorised by role, not by the bot check. */
export function useSaveDiscount(id: number | undefined) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discount: DiscountInput) =>
      id === undefined
        ? api.POST('/api/admin/discounts', { body: discount, skipBotCheck: true })
        : api.PUT('/api/admin/discounts/{id}', { path: { id }, body: discount, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeactivateDiscount(id: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/admin/discounts/{id}/deactivate', { path: { id }, body: {}, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The filtered list as an XLSX file (SPEC §7 discount export), in the interface language. */
export function useDiscountExport() {
  const { api } = usePlatform();
  return (filter: Omit<DiscountListFilter, 'page'>) =>
    api.GET('/api/admin/discounts/export', { query: filterQuery(filter), responseType: 'blob' });
}
