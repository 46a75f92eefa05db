// The wizard's API calls (SPEC §7). Every order call uses the order's `@id`; the shared client
// rewrites `/api/...` to `/api/public/...` for visitors, whose key in the address is the capability.
import { type ApiClient, lastSegment } from '@portal/shared-contracts';
import type {
  GetServiceLocationsResponse,
  GetShipmentStepsResponse,
  GetWorkFlowsByIdResponse,
  MemberOf,
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
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PriceByCountryAnswer> => {
      const { countryCode, weight } = request;
      if (countryCode === null || weight === null) throw new TypeError('prices need a country and a weight');
      return api.POST('/api/prices/by_country', {
        body: { shipmentType: request.shipmentType, countryCodes: [countryCode], weight },
        skipBotCheck: true,
        signal,
      });
    },
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
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ShipmentStepInfo[]> => {
      if (request.countryCode === null) throw new TypeError('the steps need a country');
      const answer = await api.GET('/api/shipment_steps', {
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
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<WorkflowDetails> =>
      api.GET('/api/work_flows/{id}', { path: { id: lastSegment(iri ?? '') }, signal }),
    enabled: iri !== null,
    staleTime: 5 * 60_000,
  };
}

/** POST /api/prices/by_order (bot check skipped): the order's price, with the discount code's verdict. */
export async function priceByOrder(api: ApiClient, order: OrderWrite): Promise<PriceByOrderAnswer> {
  const line = order.orderLines[0];
  const weight = line?.attributes?.weight;
  const countryCode = line?.attributes?.countryCode;
  // The screens ask only once both are chosen (the summary, the insurance price when ready).
  if (typeof weight !== 'number' || !countryCode) throw new TypeError('a price needs a weight and a country');
  const insurance = line?.services?.insurance;
  const cashOnDelivery = line?.services?.cashOnDelivery;
  return api.POST('/api/prices/by_order', {
    body: {
      orderLines: [
        {
          workFlow: line?.workFlow,
          attributes: {
            weight,
            countryCode,
            additionalServices: line?.attributes?.additionalServices ?? [],
          },
          // A service without its amount (the field still empty) is no service to price.
          services: {
            insurance: typeof insurance?.amount === 'number' ? { ...insurance, amount: insurance.amount } : null,
            cashOnDelivery:
              cashOnDelivery && typeof cashOnDelivery.amount === 'number'
                ? { ...cashOnDelivery, amount: cashOnDelivery.amount }
                : null,
          },
          discountCode: order.discountCode ?? null,
        },
      ],
      discountCode: order.discountCode ?? null,
    },
    skipBotCheck: true,
  });
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
  const query = { ...(contentOnly ? { type: 'content' as const } : {}), ...(savedKey ? { order: savedKey } : {}) };
  return api.POST('/api/orders/validate', { body: order, query });
}

export async function createOrder(api: ApiClient, order: OrderWrite): Promise<OrderResource> {
  return orderResourceSchema.parse(await api.POST('/api/orders', { body: order }));
}

export async function updateOrder(api: ApiClient, iri: string, order: OrderWrite): Promise<OrderResource> {
  return orderResourceSchema.parse(
    await api.PUT('/api/orders/{key}', { path: { key: lastSegment(iri) }, body: order }),
  );
}

export async function fetchOrder(api: ApiClient, iri: string, signal?: AbortSignal): Promise<OrderResource> {
  return orderResourceSchema.parse(await api.GET('/api/orders/{key}', { path: { key: lastSegment(iri) }, signal }));
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
  const answer = await api.POST('/api/orders/{key}/payments', { path: { key: lastSegment(iri) }, body: { returnUrl } });
  return answer.redirectUrl;
}

export type DocumentKind = { kind: 'label'; format: LabelFormat } | { kind: 'customs' };

/** GET {order @id}/documents/label?format=A6|A4|zpl (a PDF, or ZPL text) or …/documents/customs (a PDF). */
export function downloadDocument(api: ApiClient, iri: string, document: DocumentKind): Promise<Blob> {
  const path = { key: lastSegment(iri) };
  return document.kind === 'label'
    ? api.GET('/api/orders/{key}/documents/label', { path, query: { format: document.format }, responseType: 'blob' })
    : api.GET('/api/orders/{key}/documents/customs', { path, responseType: 'blob' });
}

/** A post office or parcel locker as the list of places answers (GET /api/service_locations). */
export type LocationItem = MemberOf<GetServiceLocationsResponse>;

/** The list the order flow offers when the map cannot be shown: places of the given types, searched. */
export function locationSearchQuery(
  api: ApiClient,
  request: {
    query: string;
    types: readonly string[];
    countryCode: string | null;
    /** The product's networks (empty: any operator), issue 40. */
    operators?: readonly string[];
    /** A hand-over: leave out places where parcels are only collected. */
    withoutPickUpOnly?: boolean;
  },
) {
  const operators = request.operators ?? [];
  const withoutPickUpOnly = request.withoutPickUpOnly ?? false;
  return {
    queryKey: [
      'service-locations',
      'order-list',
      request.query,
      request.types,
      request.countryCode,
      operators,
      withoutPickUpOnly,
    ],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await api.GET('/api/service_locations', {
        query: {
          q: request.query,
          type: request.types.join(','),
          countryCode: request.countryCode ?? undefined,
          operator: operators.length ? operators.join(',') : undefined,
          pickUpOnly: withoutPickUpOnly ? 'false' : undefined,
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
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<LocationItem> =>
      api.GET('/api/service_locations/{id}', { path: { id: id ?? '' }, signal }),
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
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<CourierAvailability> => {
      if (request.date === null) throw new TypeError('the availability needs a date');
      return api.GET('/api/courier_pick_up/availability', {
        query: { date: request.date, postCode: request.postCode ?? undefined },
        signal,
      });
    },
    enabled: request.date !== null,
    staleTime: 30_000,
    retry: false,
  };
}
