// The wizard's API calls (SPEC §7). Every order call uses the order's `@id`; the shared client
// rewrites `/api/...` to `/api/public/...` for visitors, whose key in the address is the capability.
import type { ApiClient, HydraCollection } from '@portal/shared-contracts';
import type {
  GetServiceLocationsResponse,
  GetShipmentStepsResponse,
  GetWorkFlowsByIdResponse,
  MemberOf,
  PostOrdersByKeyPaymentsResponse,
} from '@portal/shared-contracts/api-types';
import type { CourierAvailability, LabelFormat } from '@portal/shared-contracts/orders';
import type { PriceByCountryAnswer, PriceByOrderAnswer, ShipmentType } from '@portal/shared-contracts/pricing';
import { type OrderResource, type OrderWrite, orderResourceSchema } from './contract';

// Registered users' orders belong to their active account: the shell's API client names it on
// every signed-in call (x-account-id), so no call here sets it.

export type ShipmentStepInfo = MemberOf<GetShipmentStepsResponse>;

/** POST /api/prices/by_country (bot check skipped, SPEC §7): every product to one country for one weight. */
export function pricesByCountryQuery(
  api: ApiClient,
  request: { shipmentType: ShipmentType; countryCode: string | null; weight: number | null },
) {
  return {
    queryKey: ['prices', 'by_country', request.shipmentType, request.countryCode, request.weight] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.post<PriceByCountryAnswer>(
        '/api/prices/by_country',
        { shipmentType: request.shipmentType, countryCodes: [request.countryCode], weight: request.weight },
        { skipBotCheck: true, signal },
      ),
    enabled: request.countryCode !== null && request.weight !== null,
    staleTime: 60_000,
  };
}

/** GET /api/shipment_steps: the order's steps (the content step only when it is needed). */
export function shipmentStepsQuery(
  api: ApiClient,
  request: { shipmentType: ShipmentType; countryCode: string | null; additionalServices: readonly string[] },
) {
  return {
    queryKey: ['shipment-steps', request.shipmentType, request.countryCode, [...request.additionalServices].sort()],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await api.get<HydraCollection<ShipmentStepInfo>>('/api/shipment_steps', {
        query: {
          countryCode: request.countryCode,
          shipmentType: request.shipmentType,
          additionalServices: request.additionalServices.length ? [...request.additionalServices] : undefined,
        },
        signal,
      });
      return answer['hydra:member'];
    },
    enabled: request.countryCode !== null,
    staleTime: 5 * 60_000,
  };
}

/** A workflow as GET by its id path answers (the wizard reads its services, limits and description). */
export type WorkflowDetails = GetWorkFlowsByIdResponse;

export function workflowQuery(api: ApiClient, iri: string | null) {
  return {
    queryKey: ['work-flow', iri],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<WorkflowDetails>(iri ?? '', { signal }),
    enabled: iri !== null,
    staleTime: 5 * 60_000,
  };
}

/** POST /api/prices/by_order (bot check skipped): the order's price, with the discount code's verdict. */
export function priceByOrder(api: ApiClient, order: OrderWrite): Promise<PriceByOrderAnswer> {
  const line = order.orderLines[0];
  return api.post<PriceByOrderAnswer>(
    '/api/prices/by_order',
    {
      orderLines: [
        {
          workFlow: line?.workFlow,
          attributes: {
            weight: line?.attributes?.weight,
            countryCode: line?.attributes?.countryCode,
            additionalServices: line?.attributes?.additionalServices ?? [],
          },
          services: {
            insurance: line?.services?.insurance ?? null,
            cashOnDelivery: line?.services?.cashOnDelivery ?? null,
          },
          discountCode: order.discountCode ?? null,
        },
      ],
      discountCode: order.discountCode ?? null,
    },
    { skipBotCheck: true },
  );
}

/**
 * POST /api/orders/validate (`?type=content` for the content step alone): resolves when valid.
 * `savedKey`: the saved order this draft changes, so that what it holds (a courier pick-up) counts as its own.
 */
export function validateOrder(
  api: ApiClient,
  order: OrderWrite,
  contentOnly = false,
  savedKey?: string,
): Promise<unknown> {
  const query = { ...(contentOnly ? { type: 'content' } : {}), ...(savedKey ? { order: savedKey } : {}) };
  return api.post('/api/orders/validate', order, { query: Object.keys(query).length > 0 ? query : undefined });
}

export async function createOrder(api: ApiClient, order: OrderWrite): Promise<OrderResource> {
  return orderResourceSchema.parse(await api.post('/api/orders', order));
}

export async function updateOrder(api: ApiClient, iri: string, order: OrderWrite): Promise<OrderResource> {
  return orderResourceSchema.parse(await api.put(iri, order));
}

export async function fetchOrder(api: ApiClient, iri: string, signal?: AbortSignal): Promise<OrderResource> {
  return orderResourceSchema.parse(await api.get(iri, { signal }));
}

/** `account` keys the cache only: the same order read as another account is another answer. */
export function orderQuery(api: ApiClient, iri: string | null, account?: number | null) {
  return {
    queryKey: ['order', iri, account ?? null],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrder(api, iri ?? '', signal),
    enabled: iri !== null,
    staleTime: 0,
    retry: false,
  };
}

/** The order's `@id` from its key (the conventions: `/api/orders/{key}`). */
export function orderIri(key: string): string {
  return `/api/orders/${encodeURIComponent(key)}`;
}

/** POST {order @id}/payments: where the browser goes to pay (the sandbox's hosted page). */
export async function startPayment(api: ApiClient, iri: string, returnUrl: string): Promise<string> {
  const answer = await api.post<PostOrdersByKeyPaymentsResponse>(`${iri}/payments`, { returnUrl });
  return answer.redirectUrl;
}

export type DocumentKind = { kind: 'label'; format: LabelFormat } | { kind: 'customs' };

/** GET {order @id}/documents/label?format=A6|A4|zpl (a PDF, or ZPL text) or …/documents/customs (a PDF). */
export function downloadDocument(api: ApiClient, iri: string, document: DocumentKind): Promise<Blob> {
  return document.kind === 'label'
    ? api.get<Blob>(`${iri}/documents/label`, { query: { format: document.format }, responseType: 'blob' })
    : api.get<Blob>(`${iri}/documents/customs`, { responseType: 'blob' });
}

/** A post office or parcel locker as the list of places answers (GET /api/service_locations). */
/** A post office or parcel locker as the list of places answers (GET /api/service_locations). */
export type LocationItem = MemberOf<GetServiceLocationsResponse>;

/** The list the order flow offers when the map cannot be shown: places of the given types, searched. */
export function locationSearchQuery(
  api: ApiClient,
  request: { query: string; types: readonly string[]; countryCode: string | null },
) {
  return {
    queryKey: ['service-locations', 'order-list', request.query, request.types, request.countryCode],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await api.get<HydraCollection<LocationItem>>('/api/service_locations', {
        query: {
          q: request.query,
          type: request.types.join(','),
          countryCode: request.countryCode ?? undefined,
          itemsPerPage: 30,
        },
        signal,
      });
      return answer['hydra:member'];
    },
    enabled: request.query.trim().length >= 2,
    staleTime: 5 * 60_000,
  };
}

/** One place by its id (GET /api/service_locations/{id}), for showing a saved choice by name. */
export function locationQuery(api: ApiClient, id: string | null | undefined) {
  return {
    queryKey: ['service-locations', 'one', id ?? null],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<LocationItem>(`/api/service_locations/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

export function locationLabel(location: Pick<LocationItem, 'name' | 'address'>): string {
  return `${location.name}, ${location.address}`;
}

export type { CourierAvailability, CourierUnavailableReason } from '@portal/shared-contracts/orders';

/**
 * GET /api/courier_pick_up/availability: whether the courier works on `date` (YYYY-MM-DD), the
 * possible pick-up window and, with a Latvian post code, the pick-ups left in the sender's area.
 * Short-lived: other people's orders take pick-ups while the wizard is open.
 */
export function courierAvailabilityQuery(api: ApiClient, request: { date: string | null; postCode: string | null }) {
  return {
    queryKey: ['courier-availability', request.date, request.postCode] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<CourierAvailability>('/api/courier_pick_up/availability', {
        query: { date: request.date, postCode: request.postCode ?? undefined },
        signal,
      }),
    enabled: request.date !== null,
    staleTime: 30_000,
    retry: false,
  };
}
