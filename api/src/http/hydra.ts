// Hydra (JSON-LD) collection answers, as API Platform shapes them and the clients read them.
import type {
  HydraCollection as HydraCollectionContract,
  HydraView as HydraViewContract,
} from '@portal/shared-contracts';

export const JSON_LD = 'application/ld+json; charset=utf-8';

export interface Paging {
  page: number;
  itemsPerPage: number;
}

export interface HydraView extends HydraViewContract {
  '@type': 'hydra:PartialCollectionView';
  'hydra:first': string;
  'hydra:last': string;
}

export interface HydraCollection<Member> extends HydraCollectionContract<Member> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:view'?: HydraView;
}

export interface HydraCollectionInput<Member> {
  /** JSON-LD context of the members' type, e.g. `/api/contexts/Country`. */
  context: string;
  /** Canonical path of the collection, e.g. `/api/countries`; page links are built on it. */
  path: string;
  members: Member[];
  totalItems: number;
  /** More items match than `totalItems`, where counting stopped: pages go on while they are full. */
  totalCapped?: boolean;
  paging: Paging;
  /** The validated query string; its filters are repeated in the page links. */
  query: Record<string, string>;
}

/**
 * The query string as the caller wrote it, for the page links: the route's schema has already
 * replaced `request.query` with the parsed values (numbers, defaults), which the links must not repeat.
 */
export function linkQueryOf(request: { url: string }): Record<string, string> {
  const search = request.url.indexOf('?');
  return search < 0 ? {} : Object.fromEntries(new URLSearchParams(request.url.slice(search + 1)));
}

export function hydraCollection<Member>(input: HydraCollectionInput<Member>): HydraCollection<Member> {
  const view = pagedView(input);
  return {
    '@context': input.context,
    '@id': input.path,
    '@type': 'hydra:Collection',
    'hydra:member': input.members,
    'hydra:totalItems': input.totalItems,
    ...(input.totalCapped ? { totalItemsCapped: true as const } : {}),
    ...(view ? { 'hydra:view': view } : {}),
  };
}

/** Links between pages, present only when the answer is one page of several (or past the last). */
function pagedView(input: HydraCollectionInput<unknown>): HydraView | undefined {
  const { path, totalItems, totalCapped, paging, query, members } = input;
  const { page, itemsPerPage } = paging;
  const lastPage = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  // Past where counting stopped, a full page may have another after it.
  const hasNext = page < lastPage || (totalCapped === true && members.length === itemsPerPage);
  if (lastPage === 1 && page === 1 && !hasNext) return undefined;

  const filters = Object.entries(query).filter(([name]) => name !== 'page');
  const pageUrl = (target: number) => `${path}?${new URLSearchParams([...filters, ['page', String(target)]])}`;
  return {
    '@id': pageUrl(page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': pageUrl(1),
    'hydra:last': pageUrl(lastPage),
    ...(hasNext ? { 'hydra:next': pageUrl(page + 1) } : {}),
    ...(page > 1 ? { 'hydra:previous': pageUrl(page - 1) } : {}),
  };
}
