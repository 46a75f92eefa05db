import { useSearchParams } from '@portal/shared-contracts/router';
import { useCallback } from 'react';

/** The value when it is one of the allowed ones, else the fallback (a hand-edited address never breaks the list). */
export const oneOf = <T extends string, F extends string = T>(
  values: readonly T[],
  value: string | null,
  fallback: F,
): T | F => ((values as readonly string[]).includes(value ?? '') ? (value as T) : fallback);

/**
 * A list page's state kept in the address (page, sort, filters), so a row's show or edit page can
 * link back to the same view and a reload keeps it. `update` merges changes; an empty value removes
 * the parameter, so the address stays short and the defaults are implied.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setParams],
  );
  const onPage = useCallback((next: number) => update({ page: String(next) }), [update]);
  return { params, page, update, onPage, setParams };
}
