import type { HydraCollection } from '@portal/shared-contracts';
import type { ComplaintInput } from '@portal/shared-contracts/complaints';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One complaint as the API answers it (api/src/modules/complaints/service.ts complaintResource). */
export interface FiledComplaint {
  '@id': string;
  id: number;
  submissionNumber: string;
  type: string;
  complainant: string;
  damageType: string;
  shipmentNumber: string | null;
  description: string;
  status: 'submitted' | 'answered';
  answer: string | null;
  createdAt: string;
}

/** Whether the caller may complain about this order: the API answers 404 for anyone else's. */
export function useComplaintOrder(orderKey: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['complaint-order', orderKey],
    enabled: orderKey !== undefined,
    retry: false,
    queryFn: ({ signal }) =>
      api.get<{ orderKey: string }>(`/api/complaints/order/${encodeURIComponent(orderKey ?? '')}`, { signal }),
  });
}

export function useMyComplaints(enabled: boolean) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['complaints'],
    enabled,
    queryFn: ({ signal }) => api.get<HydraCollection<FiledComplaint>>('/api/complaints', { signal }),
  });
}

export function useFileComplaint() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintInput & { orderKey?: string }) => api.post<FiledComplaint>('/api/complaints', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints'] }),
  });
}
