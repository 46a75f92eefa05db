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

/** One entry of GET /api/notifications. */
export interface ShipmentNotification {
  '@id': string;
  id: number;
  shipmentNumber: string;
  status: NotifiedStatus;
  statusDate: string;
  createdAt: string;
  readAt: string | null;
}

export const NOTIFICATIONS_PER_PAGE = 10;

export function useNotifications(page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['notifications', page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<ShipmentNotification>>('/api/notifications', {
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
    mutationFn: (notification: ShipmentNotification) =>
      api.post<ShipmentNotification>(`${notification['@id']}/read`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
