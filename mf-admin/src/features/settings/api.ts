import type { GetAdminCalendarResponse } from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One day of `GET /api/admin/calendar?year=` (api/src/modules/post-calendar). */
export type CalendarDay = GetAdminCalendarResponse['days'][number];

const KEY = ['admin', 'calendar'];

export function useCalendar(year: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, year],
    queryFn: ({ signal }) => api.GET('/api/admin/calendar', { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetDayOff() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, reasonEn, reasonLv }: { date: string; reasonEn: string; reasonLv: string }) =>
      api.PUT('/api/admin/calendar/days_off/{date}', {
        path: { date },
        body: { reasonEn, reasonLv },
        skipBotCheck: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveDayOff() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api.DELETE('/api/admin/calendar/days_off/{date}', { path: { date }, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
