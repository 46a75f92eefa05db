import {
  type ApiAnswer,
  type ApiClient,
  type FirstScreenQuery,
  fillPath,
  type PathsWith,
  type QueryValue,
} from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { type QueryClient, useQuery } from '@tanstack/react-query';

/**
 * A public API read one of the shell's components shows, described once: the component reads it
 * with `usePublicQuery`, and the gateway asks for it while it serves a page whose first screen
 * shows it (server/first-screen-queries.ts), so that the page is drawn with the answer.
 */
export interface PublicQuery<Path extends PathsWith<'get'> = PathsWith<'get'>> {
  queryKey: readonly unknown[];
  /** The operation's path template, as the API's document has it: the answer's type is the document's. */
  path: Path;
  /** The template's parameters (`{ key }` of `/api/public/cms_blocks/{key}`). */
  parameters?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** How long an answer is used before it is asked for again. */
  staleTime: number;
  /** false: a failed read is not tried again (the component has a built-in copy to show). */
  retry?: false;
}

export function usePublicQuery<Path extends PathsWith<'get'>>(publicQuery: PublicQuery<Path>) {
  const { api } = usePlatform();
  const { queryKey, staleTime, retry } = publicQuery;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => readPublicQuery(api, publicQuery, signal),
    staleTime,
    ...(retry === false ? { retry } : {}),
  });
}

/** The read, answered as the document says the operation answers (the template filled as the typed calls fill it). */
export function readPublicQuery<Path extends PathsWith<'get'>>(
  api: ApiClient,
  { path, parameters, query }: PublicQuery<Path>,
  signal?: AbortSignal,
): Promise<ApiAnswer<Path, 'get'>> {
  return api.request<ApiAnswer<Path, 'get'>>('GET', fillPath(path, parameters), {
    ...(query ? { query } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Puts the answers the first screen was drawn with (the page's boot data, or the gateway's render
 * request) into the query cache before the first render, so that the components draw them at once,
 * as the markup shows them. Anything not of that shape is passed over.
 */
export function seedQueries(queryClient: QueryClient, queries: unknown): void {
  if (!Array.isArray(queries)) return;
  for (const entry of queries as unknown[]) {
    if (!isFirstScreenQuery(entry)) continue;
    queryClient.setQueryData(entry.queryKey, entry.data);
  }
}

function isFirstScreenQuery(value: unknown): value is FirstScreenQuery {
  if (typeof value !== 'object' || value === null) return false;
  const { queryKey, data } = value as Partial<FirstScreenQuery>;
  return Array.isArray(queryKey) && data !== undefined;
}
