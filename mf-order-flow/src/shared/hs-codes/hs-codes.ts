// The goods-code search of the content step (SPEC §1, §8): GET /api/hs_codes?search=… through the
// platform's client, which sends visitors to the public twin /api/public/hs_codes.
import type { ApiClient, HydraCollection } from '@portal/shared-contracts';

/** One code of the HS nomenclature as the API answers it (api/src/modules/hs-codes). */
export interface HsCodeItem {
  code: string;
  description: string;
  /** Null where the EU Combined Nomenclature has no Latvian name: the English one is shown. */
  descriptionLv: string | null;
  level: 2 | 4 | 6;
  parent: string | null;
}

export interface HsCodeSearchAnswer extends HydraCollection<HsCodeItem> {
  /** More than the 50 listed codes match: the user should narrow the search. */
  tooMany?: boolean;
}

/** A search the API takes: two letters or digits at least (one finds half a chapter list). */
export function isSearchable(text: string): boolean {
  return text.replace(/[^\p{L}\p{N}]/gu, '').length >= 2;
}

export function hsCodeSearchQuery(api: ApiClient, search: string) {
  const trimmed = search.trim();
  return {
    queryKey: ['hs-codes', 'search', trimmed] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.GET('/api/hs_codes', { query: { search: trimmed }, signal }),
    enabled: isSearchable(trimmed),
    // The nomenclature changes once in years.
    staleTime: 60 * 60_000,
  };
}

/** The code's name in the interface language (English where there is no Latvian one). */
export function hsCodeDescription(item: HsCodeItem, locale: string): string {
  return (locale === 'lv' && item.descriptionLv) || item.description;
}

/**
 * The active account's saved goods codes (issue 13, GET /api/accounts/{id}/saved_hs_codes):
 * offered before the nomenclature's in the content step. Visitors have none.
 */
export function savedHsCodesQuery(api: ApiClient, accountId: number | null | undefined) {
  return {
    queryKey: ['saved-hs-codes', accountId ?? null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.GET('/api/accounts/{id}/saved_hs_codes', { path: { id: String(accountId) }, signal }),
    enabled: typeof accountId === 'number',
    // Saved in another tab (Product classification) while the wizard is open: read again on focus.
    staleTime: 30_000,
  };
}
