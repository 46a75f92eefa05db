// The calls of the Webhooks section (issue 20 item 3) through the platform's API client; the shapes
// come from `@portal/shared-contracts/webhooks`, whose rules the API enforces too.
import type { HydraCollection } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '@portal/shared-contracts/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const endpointsPath = (accountId: number) => `/api/accounts/${accountId}/webhook_endpoints`;
const endpointsKey = (accountId: number) => ['webhook-endpoints', accountId] as const;
const deliveriesKey = (accountId: number, endpointId: number) => ['webhook-deliveries', accountId, endpointId] as const;

export function useWebhookEndpoints(accountId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: endpointsKey(accountId),
    queryFn: ({ signal }) => api.get<HydraCollection<WebhookEndpoint>>(endpointsPath(accountId), { signal }),
  });
}

export function useCreateWebhookEndpoint(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }) =>
      api.post<CreatedWebhookEndpoint>(endpointsPath(accountId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(accountId) }),
  });
}

export function useDeleteWebhookEndpoint(accountId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) => api.delete<void>(`${endpointsPath(accountId)}/${endpointId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(accountId) }),
  });
}

export function useWebhookDeliveries(accountId: number, endpointId: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: deliveriesKey(accountId, endpointId),
    queryFn: ({ signal }) =>
      api.get<HydraCollection<WebhookDelivery>>(`${endpointsPath(accountId)}/${endpointId}/deliveries`, { signal }),
  });
}

export function useResendWebhookDelivery(accountId: number, endpointId: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<WebhookDelivery>(`${endpointsPath(accountId)}/${endpointId}/deliveries/${deliveryId}/resend`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(accountId, endpointId) }),
  });
}
