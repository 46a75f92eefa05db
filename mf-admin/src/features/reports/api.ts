import type { ReportGroup } from '@portal/shared-contracts/admin';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface ReportSearch {
  groupBy: ReportGroup;
  /** YYYY-MM-DD; null: the API's default period (the last 30 days). */
  dateFrom: string | null;
  dateTill: string | null;
}

const queryOf = (search: ReportSearch) => ({
  groupBy: search.groupBy,
  dateFrom: search.dateFrom ?? undefined,
  dateTill: search.dateTill ?? undefined,
});

export function useOrderReport(search: ReportSearch, enabled: boolean) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['admin', 'reports', 'orders', search],
    queryFn: ({ signal }) => api.GET('/api/admin/reports/orders', { query: queryOf(search), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The same report as an XLSX file (headings in `lang`). */
export function useReportDownload() {
  const { api } = usePlatform();
  return (search: ReportSearch, lang: 'en' | 'lv') =>
    api.GET('/api/admin/reports/orders.xlsx', { query: { ...queryOf(search), lang }, responseType: 'blob' });
}
