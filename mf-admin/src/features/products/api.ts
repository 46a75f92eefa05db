import type { WorkflowCreate, WorkflowMassEdit, WorkflowTariff, WorkflowWrite } from '@portal/shared-contracts/admin';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const PRODUCTS_PER_PAGE = 20;
const KEY = ['admin', 'work-flows'];

export const SORTABLE = ['id', 'label', 'shipmentType', 'isActive', 'maxWeight', 'updatedAt'] as const;
export type SortField = (typeof SORTABLE)[number];

export interface ProductListFilter {
  label: string;
  shipmentType: '' | 'letter' | 'parcel';
  active: '' | 'true' | 'false';
  sort: SortField;
  direction: 'asc' | 'desc';
  page: number;
}

/** GET /api/admin/work_flows: one page, sorted and filtered on the server. */
export function useAdminProducts(filter: ProductListFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/work_flows', {
        query: {
          label: filter.label.trim() || undefined,
          shipmentType: filter.shipmentType || undefined,
          isActive: filter.active || undefined,
          [`_order[${filter.sort}]`]: filter.direction,
          page: filter.page,
          rowsPerPage: PRODUCTS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.GET('/api/admin/work_flows/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/**
 * The admin routes are authorised by the admin roles, not by the bot check, so it is skipped.
 * After a change the lists, and the prices the calculator and the wizard cached, are dropped.
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin-tariffs'] }),
    ]);
}

export function useCreateProduct() {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (product: WorkflowCreate) => api.POST('/api/admin/work_flows', { body: product, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(id: number) {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (product: WorkflowWrite) =>
      api.PUT('/api/admin/work_flows/{id}', { path: { id }, body: product, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

export function useMassEdit() {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (edit: WorkflowMassEdit) =>
      api.POST('/api/admin/work_flows/mass_edit', { body: edit, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

export function useSetTariff(id: number) {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (tariff: WorkflowTariff) =>
      api.POST('/api/admin/work_flows/{id}/tariffs', { path: { id }, body: tariff, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

/** The first message per path of a list of violations. */
export function byPath(violations: readonly { propertyPath: string; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const violation of violations) found[violation.propertyPath] ??= violation.message;
  return found;
}

/** The operators the location data knows (the map's markers answer), offered as a product's networks (issue 40). */
export function useNetworkOperators() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['service-locations', 'operators'],
    queryFn: async ({ signal }) => (await api.GET('/api/service_locations/markers', { signal })).operators,
    staleTime: 5 * 60_000,
  });
}
