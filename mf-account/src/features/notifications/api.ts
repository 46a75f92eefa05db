import { lastSegment } from '@portal/shared-contracts';
import type { GetNotificationsResponse, MemberOf } from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A status notification or an announcement of GET /api/notifications (api/src/modules/notifications). */
export type NotificationEntry = MemberOf<GetNotificationsResponse>;
/** A status notification: one of the user's shipments moved on. */
export type ShipmentNotification = Extract<NotificationEntry, { kind: 'status' }>;
/** The statuses the API notifies. */
export type NotifiedStatus = ShipmentNotification['status'];
/** An announcement of the post for the user's recipient group (private or company), beside the status ones. */
export type Announcement = Extract<NotificationEntry, { kind: 'announcement' }>;

export const isAnnouncement = (entry: NotificationEntry): entry is Announcement => entry.kind === 'announcement';

export const NOTIFICATIONS_PER_PAGE = 10;
/** The header's unread count and the list share this key prefix, so marking one read refreshes both. */
const KEY = 'notifications';

export function useNotifications(page: number) {
  const { api, locale } = usePlatform();
  return useQuery({
    // The API answers in the interface language (status sentences, announcements): a switch asks again.
    queryKey: [KEY, 'list', page, locale],
    queryFn: ({ signal }) =>
      api.GET('/api/notifications', {
        query: { page, itemsPerPage: NOTIFICATIONS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkRead() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    // `/api/notifications/{id}/read` or `/api/announcements/{id}/read`: by the entry's kind.
    mutationFn: (notification: NotificationEntry): Promise<NotificationEntry> => {
      const path = { id: Number(lastSegment(notification['@id'])) };
      return isAnnouncement(notification)
        ? api.POST('/api/announcements/{id}/read', { path, body: {} })
        : api.POST('/api/notifications/{id}/read', { path, body: {} });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** How many entries of the user's list are unread (the header's count); refreshed every minute. */
export function useUnreadCount() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [KEY, 'unread'],
    queryFn: ({ signal }) => api.GET('/api/notifications/unread_count', { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
