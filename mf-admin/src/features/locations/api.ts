import type {
  GetAdminServiceLocationsByIdResponse,
  PostAdminServiceLocationsData,
} from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type LocationType = 'parcelLocker' | 'postOffice';
export const LOCATION_TYPES: LocationType[] = ['postOffice', 'parcelLocker'];
export const COUNTRIES = ['LV', 'LT', 'EE'] as const;
export type LocationStatus = 'active' | 'retired' | 'all';

/** One place as `GET /api/admin/service_locations/{id}` answers (api/src/modules/service-locations). */
export type AdminLocation = GetAdminServiceLocationsByIdResponse;

/** The body of create and update: every editable field. */
export type LocationWrite = PostAdminServiceLocationsData['body'];

export const LOCATIONS_PER_PAGE = 20;
const KEY = ['admin', 'service-locations'];

export interface LocationListFilter {
  q: string;
  status: LocationStatus;
  page: number;
}

export function useAdminLocations({ q, status, page }: LocationListFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list', q, status, page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/service_locations', {
        query: { q: q.trim() || undefined, status, page, itemsPerPage: LOCATIONS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLocation(id: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.GET('/api/admin/service_locations/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/**
 * Create (no id) or update. The admin routes are authorised by the admin flag, not by the bot
 * check, so the check is skipped. The map's cached markers are dropped so it shows the change.
 */
export function useSaveLocation(id: string | undefined) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (place: LocationWrite) =>
      id === undefined
        ? api.POST('/api/admin/service_locations', { body: place, skipBotCheck: true })
        : api.PUT('/api/admin/service_locations/{id}', { path: { id }, body: place, skipBotCheck: true }),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useSetActive(id: string) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api.POST(active ? '/api/admin/service_locations/{id}/reactivate' : '/api/admin/service_locations/{id}/retire', {
        path: { id },
        body: {},
        skipBotCheck: true,
      }),
    onSuccess: () => invalidate(queryClient),
  });
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: KEY }),
    queryClient.invalidateQueries({ queryKey: ['service-locations'] }),
  ]);
}
