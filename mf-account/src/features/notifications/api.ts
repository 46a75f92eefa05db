import type { HydraCollection } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The statuses the API notifies (api/src/modules/notifications/texts.ts). */
export type NotifiedStatus =
  | 'transferred'
  | 'transferredInBulk'
  | 'onHold'
  | 'returned'
  | 'sentAbroad'
  | 'releasedForDelivery'
  | 'delivered';

/** A status notification of GET /api/notifications: one of the user's shipments moved on. */
export interface ShipmentNotification {
  '@id': string;
  '@type'?: 'Notification';
  kind?: 'status';
  id: number;
  shipmentNumber: string;
  status: NotifiedStatus;
  statusDate: string;
  createdAt: string;
  readAt: string | null;
}

/** An announcement of the post for the user's recipient group (private or company), beside the status ones. */
export interface Announcement {
  '@id': string;
  '@type': 'Announcement';
  kind: 'announcement';
  id: number;
  caption: string;
  description: string;
  content: string;
  /** When it was sent. */
  createdAt: string;
  readAt: string | null;
}

export type NotificationEntry = ShipmentNotification | Announcement;

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
      api.get<HydraCollection<NotificationEntry>>('/api/notifications', {
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
    // `/api/notifications/{id}/read` or `/api/announcements/{id}/read`: each entry names its own.
    mutationFn: (notification: NotificationEntry) => api.post<NotificationEntry>(`${notification['@id']}/read`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** How many entries of the user's list are unread (the header's count); refreshed every minute. */
export function useUnreadCount() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [KEY, 'unread'],
    queryFn: ({ signal }) => api.get<{ total: number; unread: number }>('/api/notifications/unread_count', { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
