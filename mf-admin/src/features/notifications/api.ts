import type { AnnouncementInput, AnnouncementStatus, RecipientGroup } from '@portal/shared-contracts/account';
import type {
  GetAdminNotificationBannerResponse,
  GetAdminNotificationsByIdResponse,
} from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One announcement as `GET /api/admin/notifications/{id}` answers (api/src/modules/notifications). */
export type AdminNotification = GetAdminNotificationsByIdResponse;

export const NOTIFICATIONS_PER_PAGE = 5;
export const SORTS = ['createdAt', 'sentAt', 'caption'] as const;
export type NotificationSort = (typeof SORTS)[number];

export interface NotificationListFilter {
  status: AnnouncementStatus | '';
  recipientGroup: RecipientGroup | '';
  sort: NotificationSort;
  direction: 'asc' | 'desc';
}

const KEY = ['admin', 'notifications'];

const filterQuery = (filter: NotificationListFilter) => ({
  status: filter.status || undefined,
  recipientGroup: filter.recipientGroup || undefined,
  sort: filter.sort,
  direction: filter.direction,
});

export function useAdminNotifications(filter: NotificationListFilter, page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list', filter, page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/notifications', {
        query: { ...filterQuery(filter), page, itemsPerPage: NOTIFICATIONS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminNotification(id: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.GET('/api/admin/notifications/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** The workbook of the filtered list (SPEC §7 notification export xlsx). */
export function useExportNotifications() {
  const { api } = usePlatform();
  return (filter: NotificationListFilter, lang: 'en' | 'lv') =>
    api.GET('/api/admin/notifications/export', { query: { ...filterQuery(filter), lang }, responseType: 'blob' });
}

/** Create (no id) or change an unsent one. Admin routes are authorised by role, not by the bot check. */
export function useSaveNotification(id: string | undefined) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      id === undefined
        ? api.POST('/api/admin/notifications', { body: input, skipBotCheck: true })
        : api.PUT('/api/admin/notifications/{id}', { path: { id }, body: input, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendNotification(id: string) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/admin/notifications/{id}/send', { path: { id }, body: {}, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The notification banner as `GET /api/admin/notification_banner` answers. */
export type AdminBanner = GetAdminNotificationBannerResponse;

const BANNER_KEY = ['admin', 'notification-banner'];

export function useAdminBanner() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: BANNER_KEY,
    queryFn: ({ signal }) => api.GET('/api/admin/notification_banner', { signal }),
  });
}

export function useSaveBanner() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: Pick<AdminBanner, 'active' | 'textEn' | 'textLv'>) =>
      api.PUT('/api/admin/notification_banner', { body: banner, skipBotCheck: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BANNER_KEY }),
        // The banner the portal shows (mf-account's widget) reads it again.
        queryClient.invalidateQueries({ queryKey: ['notification-banner'] }),
      ]),
  });
}
