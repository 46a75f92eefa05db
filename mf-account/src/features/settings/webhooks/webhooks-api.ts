import { usePlatform } from '@portal/shared-contracts/react';
import type { WebhookEventType } from '@portal/shared-contracts/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const endpointsKey = (accountId: number) => ['webhook-endpoints', accountId] as const;
const deliveriesKey = (accountId: number, endpointId: number) => ['webhook-deliveries', accountId, endpointId] as const;

export function useWebhookEndpoints(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: endpointsKey(accountId),
    queryFn: ({ signal }) => api.GET('/api/accounts/{id}/webhook_endpoints', { path: { id: accountId }, signal }),
  });
}

export function useCreateWebhookEndpoint(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }) =>
      api.POST('/api/accounts/{id}/webhook_endpoints', { path: { id: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(accountId) }),
  });
}

export function useDeleteWebhookEndpoint(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      api.DELETE('/api/accounts/{id}/webhook_endpoints/{endpointId}', { path: { id: accountId, endpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(accountId) }),
  });
}

export function useWebhookDeliveries(accountId: number, endpointId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: deliveriesKey(accountId, endpointId),
    queryFn: ({ signal }) =>
      api.GET('/api/accounts/{id}/webhook_endpoints/{endpointId}/deliveries', {
        path: { id: accountId, endpointId },
        signal,
      }),
  });
}

export function useResendWebhookDelivery(accountId: number, endpointId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.POST('/api/accounts/{id}/webhook_endpoints/{endpointId}/deliveries/{deliveryId}/resend', {
        path: { id: accountId, endpointId, deliveryId },
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(accountId, endpointId) }),
  });
}
