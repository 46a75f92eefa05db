import { APPROVAL_VIOLATION_CODES, type ApprovalViolationCode } from '@portal/shared-contracts';
import type { OrderCancellation } from '@portal/shared-contracts/admin';
import type { OrderResource, OrderStatus, OrderWrite } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/admin/orders/{key} (api/src/modules/orders/admin-service.ts). */
export interface AdminOrder extends OrderResource {
  client: { account: string; email: string | null; companyName: string | null } | null;
  createdBy: { id: number; email: string | null } | null;
  cancellation: OrderCancellation | null;
}

/** The search as the API takes it: dates YYYY-MM-DD (whole Riga days), empty fields left out. */
export interface OrderSearch {
  shipment: string;
  client: string;
  status: OrderStatus | '';
  dateFrom: string | null;
  dateTill: string | null;
  order: 'ASC' | 'DESC';
  page: number;
}

export const ORDERS_PER_PAGE = 20;

export function useAdminOrders(search: OrderSearch) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['admin', 'orders', search],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/orders', {
        query: {
          shipment: search.shipment.trim() || undefined,
          client: search.client.trim() || undefined,
          status: search.status || undefined,
          dateFrom: search.dateFrom ?? undefined,
          dateTill: search.dateTill ?? undefined,
          '_order[createdAt]': search.order,
          page: search.page,
          rowsPerPage: ORDERS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(key: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['admin', 'order', key],
    queryFn: ({ signal }) => api.GET('/api/admin/orders/{key}', { path: { key }, signal }),
  });
}

export function useCancelOrder(key: string) {
  const { api } = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.POST('/api/admin/orders/{key}/cancel', { path: { key }, body: { reason }, skipBotCheck: true }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', key], order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** The order as the write body (PUT) takes it: what the agent did not change goes back as it was. */
export function orderWriteOf(order: AdminOrder): OrderWrite {
  return {
    version: order.version,
    step: order.step,
    discountCode: order.discountCode,
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification,
    orderLines: order.orderLines.map((line) => ({
      workFlow: line.workFlow,
      attributes: line.attributes,
      services: line.services,
      sender: line.sender,
      receiver: line.receiver,
      content: line.content,
      customsInfo: line.customsInfo,
      discountCode: line.discountCode,
      // The stored approvals are approval kinds; the read shape types them as text.
      approvals: line.approvals.filter((code): code is ApprovalViolationCode =>
        (APPROVAL_VIOLATION_CODES as readonly string[]).includes(code),
      ),
    })),
  };
}

export function useUpdateOrder(key: string) {
  const { api } = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderWrite) => api.PUT('/api/admin/orders/{key}', { path: { key }, body, skipBotCheck: true }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', key], order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** A product the agent can order for a client (GET /api/public/work_flows). */
export interface ProductChoice {
  '@id': string;
  label: string;
}

export function useProducts() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['admin', 'orders', 'products'],
    queryFn: ({ signal }) =>
      api.GET('/api/public/work_flows', {
        query: { isActive: 'true', rowsPerPage: 300, '_order[label]': 'ASC' },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateOrder() {
  const { api } = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderWrite) => api.POST('/api/admin/orders', { body, skipBotCheck: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
