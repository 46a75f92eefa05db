import type { ApiClient } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { decodeNetwork, type NetworkFilter, toApiQuery } from './model';

const STALE_MS = 5 * 60 * 1000;

/** Every active location as markers (one light, cached, gzip answer). */
export function networkQuery(api: ApiClient) {
  return {
    queryKey: ['service-locations', 'markers'],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      decodeNetwork(await api.GET('/api/service_locations/markers', { signal })),
    staleTime: STALE_MS,
  };
}

export function useNetwork() {
  const { api } = usePlatform();
  return useQuery(networkQuery(api));
}

/** The search box: name, address, city, post code (diacritics ignored by the API). */
export function useLocationSearch(query: string | null, filter: NetworkFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['service-locations', 'search', query, filter],
    queryFn: ({ signal }) =>
      api.GET('/api/service_locations', {
        query: { q: query ?? '', itemsPerPage: 50, ...toApiQuery(filter) },
        signal,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** The gazetteer (post codes, localities, parishes, municipalities) for a search's words. */
export function usePlaceSearch(query: string | null) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['places', query],
    queryFn: ({ signal }) => api.GET('/api/places', { query: { q: query ?? '', itemsPerPage: 5 }, signal }),
    enabled: query !== null,
    staleTime: STALE_MS,
  });
}

/** The places nearest to the visitor, for "near me". */
export function useNearby(point: { latitude: number; longitude: number } | null, filter: NetworkFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['service-locations', 'near', point, filter],
    queryFn: ({ signal }) =>
      api.GET('/api/service_locations', {
        query: { near: `${point?.latitude},${point?.longitude}`, itemsPerPage: 10, ...toApiQuery(filter) },
        signal,
      }),
    enabled: point !== null,
    staleTime: STALE_MS,
  });
}

export function useServiceLocation(id: string | null) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['service-locations', 'one', id],
    queryFn: ({ signal }) => api.GET('/api/service_locations/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: STALE_MS,
  });
}
