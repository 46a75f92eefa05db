import { type ApiClient, toDbDate } from '@portal/shared-contracts';
import type { OrderListItem } from '../order';

/** SPEC §9: lists show 5 rows per page by default. */
export const ROWS_PER_PAGE = 5;

export interface MyOrdersFilters {
  search: string;
  country: string | null;
  status: string | null;
  /** DD.MM.YYYY as typed. */
  dateFrom: string;
  dateTill: string;
  /** Shipments with a prepaid return (`true`), without one (`false`), or all (null; issue 40). */
  hasReturn: 'true' | 'false' | null;
}

export const EMPTY_FILTERS: MyOrdersFilters = {
  search: '',
  country: null,
  status: null,
  dateFrom: '',
  dateTill: '',
  hasReturn: null,
};

export interface ListQuery {
  params: Record<string, string | number | undefined>;
  /** Date filters that are typed but not a real DD.MM.YYYY date (left out of the query). */
  invalid: ('dateFrom' | 'dateTill')[];
}

/** The filters as GET /api/orders takes them: dates YYYY-MM-DD, newest first, server paging. */
export function toListQuery(filters: MyOrdersFilters, page: number): ListQuery {
  const invalid: ListQuery['invalid'] = [];
  const date = (field: 'dateFrom' | 'dateTill') => {
    const typed = filters[field].trim();
    if (typed === '') return undefined;
    const db = /^\d{2}\.\d{2}\.\d{4}$/.test(typed) ? toDbDate(typed) : null;
    if (!db) invalid.push(field);
    return db ?? undefined;
  };
  const params = {
    search: filters.search.trim() || undefined,
    country: filters.country ?? undefined,
    status: filters.status ?? undefined,
    dateFrom: date('dateFrom'),
    dateTill: date('dateTill'),
    hasReturn: filters.hasReturn ?? undefined,
    page,
    rowsPerPage: ROWS_PER_PAGE,
    '_order[createdAt]': 'DESC',
  };
  return { params, invalid };
}

export function myOrdersQuery(api: ApiClient, query: ListQuery, account: number | null) {
  return {
    queryKey: ['my-orders', account, query.params],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.GET('/api/orders', {
        query: query.params,
        signal,
      }),
  };
}

/**
 * Where a row opens: `/orders/{type}/{key}`, which is the wizard for an unfinished order and the
 * order page (status, tracking, documents, what next) once it is paid or cancelled (issue 40).
 */
export function openPath(item: Pick<OrderListItem, 'order' | 'type'>): string {
  const key = item.order.split('/').pop() ?? '';
  const type = item.type === 'letter' ? 'letter' : 'parcel';
  return `/orders/${type}/${key}`;
}

/** SPEC §4: a repeat order is a new order with the same shipment and parties, from step 2. */
export function repeatPath(item: Pick<OrderListItem, 'order' | 'type'>): string {
  const key = item.order.split('/').pop() ?? '';
  return `/orders/${item.type === 'letter' ? 'letter' : 'parcel'}?repeat=${encodeURIComponent(key)}`;
}
