import type { ApiClient } from '../api/types';
import { hydraCollection } from '../schemas/hydra';
import { type Country, countrySchema } from './country';

/** SPEC §9: one page of 300 holds every country, so the list is never paged. */
export const COUNTRY_LIST_PAGE_SIZE = 300;

const countryCollectionSchema = hydraCollection(countrySchema);

/** GET /api/countries (SPEC §7): the active countries, checked against the shared schema. */
export async function fetchActiveCountries(api: ApiClient, signal?: AbortSignal): Promise<Country[]> {
  const body = await api.GET('/api/countries', {
    query: { active: true, itemsPerPage: COUNTRY_LIST_PAGE_SIZE },
    signal,
  });
  return countryCollectionSchema.parse(body)['hydra:member'];
}

/**
 * Options for React Query's `useQuery` that load the country list once for every remote
 * (the key is shared, so the shell's query client caches one copy). A plain object, so the
 * main entry stays free of React.
 */
export function countriesQuery(api: ApiClient) {
  return {
    queryKey: ['countries', 'active'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchActiveCountries(api, signal),
  };
}
